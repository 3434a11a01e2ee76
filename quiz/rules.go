package quiz

// ruleWords says each runtime rule of docs/node-semantics.md (the ids the
// simulator puts on trace steps) in one sentence, in English and Vietnamese.
var ruleWords = map[string]Text{ //nolint:gochecknoglobals // a read-only table
	"R-CB1": {EN: "After every callback Node drains the nextTick queue, then the promise microtask queue, before the loop moves on.",
		VI: "Sau mỗi callback, Node chạy hết hàng nextTick rồi hàng microtask của Promise, rồi event loop mới đi tiếp."},
	"R-CB2": {EN: "Every nextTick queued before the boundary runs before any promise job (in CommonJS and inside callbacks).",
		VI: "Mọi nextTick được xếp trước ranh giới callback đều chạy trước mọi job của Promise (trong CommonJS và bên trong callback)."},
	"R-CB3": {EN: "A nextTick queued by a nextTick runs in the same drain, still before promise jobs.",
		VI: "nextTick do một nextTick khác xếp vào chạy ngay trong cùng lượt, vẫn trước các job của Promise."},
	"R-CB4": {EN: "A nextTick queued by a promise job waits until the whole microtask queue is empty.",
		VI: "nextTick do một job của Promise xếp vào phải chờ tới khi hàng microtask rỗng hẳn."},
	"R-CB5": {EN: "A microtask queued by a nextTick goes behind the microtasks already queued.",
		VI: "Microtask do nextTick xếp vào đứng sau các microtask đã có trong hàng."},
	"R-CB6": {EN: "Recursive nextTick or promise jobs starve timers, immediates and I/O until the recursion stops.",
		VI: "nextTick hay Promise gọi đệ quy làm timer, setImmediate và I/O bị bỏ đói cho tới khi đệ quy dừng."},
	"R-CB7": {EN: "Microtasks run after each callback, not after the whole phase: timer A, its promise, then timer B.",
		VI: "Microtask chạy sau từng callback, không chờ hết cả pha: timer A, promise của A, rồi mới tới timer B."},
	"R-CB8": {EN: "Only the outermost callback drains the queues; a synchronous emit() inside a callback does not.",
		VI: "Chỉ callback ngoài cùng mới chạy hết các hàng; emit() đồng bộ bên trong callback thì không."},
	"R-M1": {EN: "A CommonJS main module runs synchronously to the end; then ticks, then microtasks, then the loop starts.",
		VI: "Module CommonJS chính chạy đồng bộ tới hết; sau đó tới nextTick, rồi microtask, rồi event loop mới bắt đầu."},
	"R-M2": {EN: "An ES module body runs inside a microtask, so its promise jobs run before its nextTicks.",
		VI: "Thân ES module chạy bên trong một microtask, nên các job Promise của nó chạy trước các nextTick."},
	"R-M3": {EN: "The ES-module entry runs in the poll phase, so setImmediate beats setTimeout 0 there.",
		VI: "ES module chính chạy trong pha poll, nên ở đó setImmediate luôn chạy trước setTimeout 0."},
	"R-M4": {EN: "Code after a top-level await resumes as a microtask.",
		VI: "Code sau top-level await chạy tiếp dưới dạng một microtask."},
	"R-M5": {EN: "Inside callbacks of an ES module the order is the CommonJS one: ticks before promise jobs.",
		VI: "Bên trong callback của ES module, thứ tự giống CommonJS: nextTick trước job Promise."},
	"R-M6": {EN: "A top-level await that never settles ends the process with exit code 13.",
		VI: "Top-level await không bao giờ xong làm process thoát với mã 13."},
	"R-M7": {EN: "A throw in an ES module's body is reported after its promise jobs and before its ticks, as an uncaught exception from a promise.",
		VI: "Exception ném ra trong thân ES module được báo sau các job Promise và trước các nextTick của nó, như một exception không được bắt đến từ Promise."},
	"R-L1": {EN: "Each loop iteration runs pending, poll, check and close callbacks, then timers at its end (libuv 1.45+).",
		VI: "Mỗi vòng lặp chạy pending, poll, check, close callbacks rồi tới timers ở cuối vòng (libuv 1.45 trở lên)."},
	"R-L2": {EN: "The loop waits only in poll, until the next I/O event or the nearest timer, and not at all while immediates are queued.",
		VI: "Event loop chỉ đứng chờ ở pha poll, tới sự kiện I/O hoặc timer gần nhất, và không chờ khi còn setImmediate."},
	"R-L3": {EN: "Close callbacks run after check and before the timers at the end of the iteration.",
		VI: "Close callbacks chạy sau check và trước timers ở cuối vòng."},
	"R-L4": {EN: "The loop's clock counts whole milliseconds and is read at each setTimeout and each timers pass.",
		VI: "Đồng hồ của event loop đếm theo mili giây nguyên và được đọc ở mỗi setTimeout và mỗi lượt timers."},
	"R-T1": {EN: "A delay below 1 ms (0, negative, NaN) becomes 1 ms.",
		VI: "Delay nhỏ hơn 1 ms (0, số âm, NaN) bị đặt thành 1 ms."},
	"R-T2": {EN: "A timer is a threshold: its callback may run once its delay has passed, not at an exact time.",
		VI: "Timer là ngưỡng: callback chỉ được chạy khi đã qua đủ delay, không phải đúng giờ."},
	"R-T3": {EN: "In a timers pass, due timers run in order of due time, then of creation; the clock is read once per pass.",
		VI: "Trong một lượt timers, các timer tới hạn chạy theo thứ tự hạn, rồi theo thứ tự tạo; đồng hồ chỉ đọc một lần mỗi lượt."},
	"R-T3d": {EN: "A cleared timer never runs.",
		VI: "Timer đã bị clear thì không bao giờ chạy."},
	"R-T4": {EN: "setInterval measures the next run from when the callback started; a slow callback makes it due at once.",
		VI: "setInterval tính lượt kế tiếp từ lúc callback bắt đầu; callback chậm thì lượt sau tới hạn ngay."},
	"R-T5": {EN: "An unref'd timer does not keep the process alive.",
		VI: "Timer đã unref() không giữ process sống."},
	"R-I1": {EN: "setImmediate queues its callback for the check phase, right after poll, and keeps poll from blocking.",
		VI: "setImmediate xếp callback vào pha check, ngay sau poll, và khiến poll không đứng chờ."},
	"R-I2": {EN: "The check phase runs the immediates queued before it started; new ones wait for the next iteration.",
		VI: "Pha check chạy các setImmediate đã xếp trước khi pha bắt đầu; cái mới xếp thì chờ vòng sau."},
	"R-I3": {EN: "Recursive setImmediate moves one hop per iteration, so timers and I/O run in between.",
		VI: "setImmediate đệ quy đi mỗi vòng một bước, nên timer và I/O vẫn chạy xen vào được."},
	"R-R1": {EN: "In CommonJS main code, setTimeout 0 and setImmediate race: the order depends on how fast the process started.",
		VI: "Ở code chính CommonJS, setTimeout 0 và setImmediate không có thứ tự cố định: tuỳ tốc độ khởi động của process."},
	"R-R2": {EN: "Queued from a setImmediate callback, setTimeout 0 and setImmediate race again.",
		VI: "Khi xếp từ trong callback của setImmediate, setTimeout 0 và setImmediate lại không có thứ tự cố định."},
	"R-R3": {EN: "Timers armed in the same tick can tie or swap when a millisecond boundary falls between the calls.",
		VI: "Các timer đặt trong cùng một lượt có thể trùng hạn hoặc đổi chỗ khi mốc mili giây rơi vào giữa hai lần gọi."},
	"R-R4": {EN: "A quick thread-pool job may or may not be done when the loop first polls.",
		VI: "Việc nhỏ trên thread pool có thể đã xong hoặc chưa khi event loop tới pha poll lần đầu."},
	"R-P1": {EN: "Poll runs the callback of every finished I/O operation and pool job, each one a callback boundary.",
		VI: "Pha poll chạy callback của mọi thao tác I/O và việc thread pool đã xong, mỗi callback là một ranh giới riêng."},
	"R-P2": {EN: "Inside an I/O callback: nextTick, promise jobs, then setImmediate, then setTimeout 0.",
		VI: "Trong callback I/O: nextTick, job Promise, rồi setImmediate, rồi setTimeout 0."},
	"R-P3": {EN: "A timer that falls due while a callback runs waits for that callback to return.",
		VI: "Timer tới hạn trong lúc một callback đang chạy phải chờ callback đó xong."},
	"R-P4": {EN: "The thread pool is one FIFO queue in front of UV_THREADPOOL_SIZE threads (4 by default); later jobs wait.",
		VI: "Thread pool là một hàng FIFO trước UV_THREADPOOL_SIZE thread (mặc định 4); việc đến sau phải chờ."},
	"R-P5": {EN: "fs.promises uses the same pool; the awaiting code resumes as a microtask.",
		VI: "fs.promises dùng cùng thread pool; code đang await chạy tiếp dưới dạng microtask."},
	"R-E1": {EN: "emit() is synchronous: listeners run in registration order before it returns.",
		VI: "emit() là đồng bộ: listener chạy theo thứ tự đăng ký trước khi emit trả về."},
	"R-E2": {EN: "A stream without a native handle emits 'close' through process.nextTick.",
		VI: "Stream không có handle gốc phát 'close' qua process.nextTick."},
	"R-E3": {EN: "A socket's 'close' comes from its handle's close callback, in the close phase.",
		VI: "Sự kiện 'close' của socket đến từ close callback của handle, ở pha close callbacks."},
	"R-X1": {EN: "The process exits when nothing keeps the loop alive and 'beforeExit' schedules nothing new.",
		VI: "Process thoát khi không còn gì giữ event loop sống và 'beforeExit' không hẹn thêm việc."},
	"R-X2": {EN: "'exit' listeners run synchronously; nothing queued runs after them.",
		VI: "Listener 'exit' chạy đồng bộ; không gì trong hàng đợi được chạy sau đó."},
	"R-X3": {EN: "unref'd timers and sockets do not keep the process alive.",
		VI: "Timer và socket đã unref() không giữ process sống."},
	"R-U1": {EN: "An unhandled rejection is detected at the end of a tick and microtask drain and ends the process with code 1.",
		VI: "Promise bị reject mà không có handler bị phát hiện ở cuối lượt nextTick/microtask và làm process thoát với mã 1."},
	"R-U2": {EN: "An uncaught exception ends the process unless an 'uncaughtException' listener handles it.",
		VI: "Exception không được bắt làm process kết thúc, trừ khi có listener 'uncaughtException'."},
	"R-U3": {EN: "After an 'uncaughtException' listener handled a throw, the ticks and promise jobs it left run before the next phase.",
		VI: "Sau khi listener 'uncaughtException' xử lý một exception, các nextTick và job Promise còn lại chạy trước pha tiếp theo."},
}

// RuleText returns a runtime rule in words, in English and Vietnamese. A sub-rule
// without its own words ("R-T3a") falls back to its rule ("R-T3").
func RuleText(id string) (Text, bool) {
	if t, ok := ruleWords[id]; ok {
		return t, true
	}
	for len(id) > 0 && id[len(id)-1] >= 'a' && id[len(id)-1] <= 'z' {
		id = id[:len(id)-1]
		if t, ok := ruleWords[id]; ok {
			return t, true
		}
	}
	return Text{}, false
}

// RuleIDs lists the rules that have words.
func RuleIDs() []string {
	out := make([]string, 0, len(ruleWords))
	for id := range ruleWords {
		out = append(out, id)
	}
	return out
}
