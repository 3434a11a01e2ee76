// Package trace is the vocabulary of a simulation's trace: the kinds of step (events),
// what each kind does to the queues, the frames of the call stack a step shows, and what
// a step of each kind says to a learner, in English and Vietnamese. The simulator records
// steps with it; quiz, the bank's checks, the API and the pages read steps with it
// (web/static/js/events.js is generated from Vocabulary), so no one matches the free text
// of a step.
package trace

import (
	"slices"
	"strings"
)

// Event is the kind of a trace step. Its text is the step's "event" field in JSON.
type Event string

// The events of a trace.
const (
	MainStarts         Event = "main-starts"     // the CommonJS main module starts
	ESMBodyStarts      Event = "esm-body-starts" // the ES module's body starts, in a microtask of poll
	Console            Event = "console"         // the program prints a line (Step.Detail holds it)
	TimerArmed         Event = "timer-armed"     // setTimeout/setInterval arms a timer
	TimerCleared       Event = "timer-cleared"   // clearTimeout removes it
	TimerFires         Event = "timer-fires"     // a due timer's callback runs in the timers phase
	ImmediateQueued    Event = "immediate-queued"
	ImmediateCleared   Event = "immediate-cleared"
	ImmediateRuns      Event = "immediate-runs" // a setImmediate callback runs in the check phase
	NextTickQueued     Event = "nextTick-queued"
	NextTickRuns       Event = "nextTick-runs"
	MicrotaskQueued    Event = "microtask-queued" // a promise reaction, an await's continuation or a queueMicrotask callback
	MicrotaskRuns      Event = "microtask-runs"
	PoolJobStarts      Event = "pool-job-starts" // a job goes to an idle thread of the pool
	PoolJobQueued      Event = "pool-job-queued" // every thread is busy: the job waits in the pool's queue
	IOQueued           Event = "io-queued"       // the program hands an operation to the kernel; its callback comes through poll
	IOCallback         Event = "io-callback"     // poll runs the callback of a finished operation
	CloseCallback      Event = "close-callback"  // a handle's close callback runs in the close phase
	PollWaits          Event = "poll-waits"      // the loop blocks in poll
	ClockRead          Event = "clock-read"      // the timers phase reads the loop clock where a race is decided
	Busy               Event = "busy"            // busy(ms): main-thread CPU
	BusyWait           Event = "busy-wait"       // a callback spins on the clock
	DBQuery            Event = "db-query"        // a query is written to a database connection
	Listen             Event = "listen"          // a server starts listening
	WorkerStarts       Event = "worker-starts"
	TrafficEnded       Event = "traffic-ended" // the scenario's clients are done: the simulation stops
	UnhandledRejection Event = "unhandled-rejection"
	UncaughtException  Event = "uncaught-exception"
	FatalException     Event = "fatal-exception"
	LeftoversDrained   Event = "leftovers-drained" // ticks and jobs a throwing callback left behind run
	BeforeExit         Event = "beforeExit"
	ProcessExits       Event = "process-exits" // process.exit() or a fatal error ends the process at once
	Exit               Event = "exit"          // nothing keeps the loop alive: 'exit' and the end
)

// Role is what a kind of step does, for a reader that groups steps.
type Role string

// The roles of the events.
const (
	RoleEnqueue Role = "enqueue" // a callback or a job enters a queue (Info.Queue)
	RoleCancel  Role = "cancel"  // a queued callback is removed
	RoleModule  Role = "module"  // the main module's code starts
	RoleMicro   Role = "micro"   // a callback runs from the nextTick or the microtask queue
	RoleMacro   Role = "macro"   // a callback runs from a phase of the loop
	RoleOutput  Role = "output"  // the program prints
	RoleWork    Role = "work"    // the main thread works or hands work out (CPU, a query, a server, a worker)
	RoleLoop    Role = "loop"    // the loop itself: it waits, or the traffic ends
	RoleError   Role = "error"   // an error reaches the process
	RoleProcess Role = "process" // the process's lifetime: beforeExit, exit
)

// Roles lists every role.
var Roles = []Role{RoleEnqueue, RoleCancel, RoleModule, RoleMicro, RoleMacro, RoleOutput, RoleWork, RoleLoop, RoleError, RoleProcess}

// Queue names a queue of the runtime as Snapshot's JSON does ("next_ticks", …).
type Queue string

// The queues a step's item can be in.
const (
	QueueNextTicks  Queue = "next_ticks"
	QueueMicrotasks Queue = "microtasks"
	QueueTimers     Queue = "timers"
	QueuePoll       Queue = "poll"
	QueueCheck      Queue = "check"
	QueueClose      Queue = "close"
	QueuePool       Queue = "pool"       // a thread of the pool
	QueuePoolQueue  Queue = "pool_queue" // waiting for a thread
	QueueKernel     Queue = "kernel"     // waiting on the kernel, no thread
)

// Queues lists every queue, in the order the pages show them.
var Queues = []Queue{QueueNextTicks, QueueMicrotasks, QueueTimers, QueuePoll, QueueCheck, QueueClose, QueuePool, QueuePoolQueue, QueueKernel}

// Case picks one of an event's narrations when the same event happens for another reason.
type Case string

// The cases with a narration of their own.
const (
	CaseDefault      Case = ""
	CaseAfterThrow   Case = "after-throw"   // immediate-runs: the previous immediate threw into a listener
	CaseNet          Case = "net"           // listen: a net.Server rather than an HTTP server
	CaseSyncEntry    Case = "sync-entry"    // esm-body-starts: the entry read before the loop (Node 22.18+, R-V4)
	CaseHandlerThrew Case = "handler-threw" // fatal-exception: the 'uncaughtException' listener threw (exit 7)
	CaseDue          Case = "due"           // clock-read before the loop's first iteration: a timer is due (R-R1)
	CaseLater        Case = "later"         // clock-read after a check phase: no timer is due yet (R-R2)
	CaseLaterDue     Case = "later-due"     // clock-read after a check phase: a timer is due (R-R2)
)

// Text is the same words in English and Vietnamese: the one shape of bilingual text of
// the trace, the simulator's conditions and quiz's content (quiz.Text is this type). A
// language the text does not exist in is left out of its JSON.
type Text struct {
	EN string `json:"en,omitempty"`
	VI string `json:"vi,omitempty"`
}

// In returns the text in lang ("vi" for Vietnamese, anything else for English), falling
// back to the other language when it does not exist in lang.
func (t Text) In(lang string) string {
	if lang == "vi" && t.VI != "" || t.EN == "" {
		return t.VI
	}
	return t.EN
}

// Narration is what a step says: one sentence about why it happened, in both languages,
// and the rule of docs/node-semantics.md that decides it, if one does. "{arg}" in a
// sentence stands for the step's argument (a delay in ms, an exit code, a count).
type Narration struct {
	Case Case   `json:"case,omitempty"`
	EN   string `json:"en"`
	VI   string `json:"vi"`
	Rule string `json:"rule,omitempty"`
}

// Info describes one event: its role, the queue its item enters or leaves, its short
// name (for a list of steps) and its narrations (the default first).
type Info struct {
	Event Event       `json:"event"`
	Role  Role        `json:"role"`
	Queue Queue       `json:"queue,omitempty"`
	Name  Text        `json:"name"`
	Says  []Narration `json:"says"`
}

// Vocabulary is every event, in the order a program's life usually meets them. It is the
// one table of the narration.
var Vocabulary = []Info{
	{MainStarts, RoleModule, "", Text{"main module starts", "module chính bắt đầu"}, []Narration{
		{"", "Node runs the CommonJS main module synchronously, from top to bottom.", "Node chạy module CommonJS chính một cách đồng bộ, từ trên xuống dưới.", "R-M1"}}},
	{ESMBodyStarts, RoleModule, "", Text{"module body starts", "thân module bắt đầu"}, []Narration{
		{"", "Node's ES module loader read the file asynchronously; the module body now runs inside a microtask of the poll phase.", "Bộ nạp ES module đọc file bất đồng bộ; thân module giờ chạy bên trong một microtask ở pha poll.", "R-M3"},
		{CaseSyncEntry, "Node's ES module loader read the file synchronously; the module body runs inside a microtask before the event loop starts.", "Bộ nạp ES module đọc file một cách đồng bộ; thân module chạy bên trong một microtask trước khi event loop bắt đầu.", "R-V4"}}},
	{Console, RoleOutput, "", Text{"prints", "in ra"}, []Narration{
		{"", "The program prints a line; console output is synchronous.", "Chương trình in một dòng; console in ra ngay, đồng bộ.", ""}}},
	{TimerArmed, RoleEnqueue, QueueTimers, Text{"timer armed", "hẹn timer"}, []Narration{
		{"", "The timer is armed: its callback may run in a timers phase once {arg} ms have passed (a lower bound, not an exact time).", "Timer được hẹn: callback có thể chạy ở pha timers khi đã qua {arg} ms (đây là ngưỡng tối thiểu, không phải giờ chính xác).", "R-T2"}}},
	{TimerCleared, RoleCancel, QueueTimers, Text{"timer cleared", "huỷ timer"}, []Narration{
		{"", "The timer is removed from its list and will never run.", "Timer bị gỡ khỏi danh sách và sẽ không bao giờ chạy.", "R-T3d"}}},
	{TimerFires, RoleMacro, QueueTimers, Text{"timer fires", "timer chạy"}, []Narration{
		{"", "A due timer runs its callback in the timers phase.", "Timer đã tới hạn chạy callback trong pha timers.", "R-T3"}}},
	{ImmediateQueued, RoleEnqueue, QueueCheck, Text{"setImmediate queued", "xếp hàng setImmediate"}, []Narration{
		{"", "setImmediate puts the callback in the check queue; it runs in the check phase, right after poll.", "setImmediate đưa callback vào hàng check; nó chạy ở pha check, ngay sau poll.", "R-I1"}}},
	{ImmediateCleared, RoleCancel, QueueCheck, Text{"setImmediate cleared", "huỷ setImmediate"}, []Narration{
		{"", "clearImmediate removes the callback from the check queue.", "clearImmediate gỡ callback khỏi hàng check.", "R-I2"}}},
	{ImmediateRuns, RoleMacro, QueueCheck, Text{"setImmediate runs", "setImmediate chạy"}, []Narration{
		{"", "The check phase runs setImmediate callbacks queued before it started.", "Pha check chạy các callback setImmediate đã xếp hàng trước khi pha bắt đầu.", "R-I2"},
		{CaseAfterThrow, "The next immediate runs at once: the one before it threw, so Node re-entered processImmediate without draining ticks.", "Immediate kế tiếp chạy ngay: immediate trước bị lỗi nên Node gọi lại processImmediate mà không chạy nextTick trước.", "R-U2"}}},
	{NextTickQueued, RoleEnqueue, QueueNextTicks, Text{"nextTick queued", "xếp hàng nextTick"}, []Narration{
		{"", "process.nextTick puts the callback in the nextTick queue; it runs as soon as the current callback ends, before promise jobs (in CommonJS).", "process.nextTick đưa callback vào hàng nextTick; nó chạy ngay khi callback hiện tại xong, trước các job của Promise (trong CommonJS).", "R-CB2"}}},
	{NextTickRuns, RoleMicro, QueueNextTicks, Text{"nextTick runs", "nextTick chạy"}, []Narration{
		{"", "The nextTick queue is drained before the loop moves on.", "Hàng nextTick được chạy hết trước khi event loop đi tiếp.", "R-CB3"}}},
	{MicrotaskQueued, RoleEnqueue, QueueMicrotasks, Text{"microtask queued", "xếp hàng microtask"}, []Narration{
		{"", "A promise job is queued in the microtask queue; it runs when the current callback and the nextTick queue are done.", "Một job của Promise vào hàng microtask; nó chạy khi callback hiện tại và hàng nextTick đã xong.", "R-CB1"}}},
	{MicrotaskRuns, RoleMicro, QueueMicrotasks, Text{"microtask runs", "microtask chạy"}, []Narration{
		{"", "A promise job runs from the microtask queue; the queue is drained completely before anything else.", "Một job của Promise chạy từ hàng microtask; hàng này được chạy hết trước mọi thứ khác.", "R-CB1"}}},
	{PoolJobStarts, RoleEnqueue, QueuePool, Text{"pool job starts", "pool nhận việc"}, []Narration{
		{"", "The job goes to a free thread of the libuv thread pool; the main thread does not wait.", "Việc được giao cho một thread rảnh của thread pool; main thread không chờ.", "R-P4"}}},
	{PoolJobQueued, RoleEnqueue, QueuePoolQueue, Text{"pool job waits", "việc chờ pool"}, []Narration{
		{"", "Every pool thread is busy, so the job waits in the pool's FIFO queue.", "Mọi thread của pool đều bận nên việc phải chờ trong hàng FIFO của pool.", "R-P4"}}},
	{IOQueued, RoleEnqueue, QueueKernel, Text{"I/O started", "bắt đầu I/O"}, []Narration{
		{"", "The operation is handed to the kernel, which needs no thread for it; its callback enters the poll queue when the operation is done.", "Thao tác được giao cho kernel, không cần thread nào; callback của nó vào hàng poll khi thao tác xong.", "R-P1"}}},
	{IOCallback, RoleMacro, QueuePoll, Text{"I/O callback", "callback I/O"}, []Narration{
		{"", "The poll phase runs the callback of a finished I/O operation.", "Pha poll chạy callback của một thao tác I/O đã xong.", "R-P1"}}},
	{CloseCallback, RoleMacro, QueueClose, Text{"close callback", "callback close"}, []Narration{
		{"", "A handle's close callback runs in the close phase.", "Callback đóng handle chạy ở pha close callbacks.", "R-L3"}}},
	{PollWaits, RoleLoop, "", Text{"poll waits", "poll chờ"}, []Narration{
		{"", "Nothing is ready and no setImmediate is pending, so the loop blocks in poll until the next I/O event or timer.", "Không có gì sẵn sàng và không có setImmediate nào chờ, nên event loop đứng chờ ở pha poll tới sự kiện I/O hoặc timer gần nhất.", "R-L2"}}},
	{ClockRead, RoleLoop, "", Text{"clock read", "đọc đồng hồ"}, []Narration{
		{"", "The timers phase reads the loop's millisecond clock: {arg} ms. The earliest timer is not due yet, so the loop goes on to its other phases (a queued setImmediate runs first) and the timer waits for a later timers phase. Whether the clock has reached the next millisecond here decides the race.", "Pha timers đọc đồng hồ mili giây của event loop: {arg} ms. Timer sớm nhất chưa tới hạn nên event loop đi tiếp sang các pha khác (setImmediate đang chờ sẽ chạy trước) và timer chờ tới một pha timers sau. Đồng hồ đã sang mili giây kế tiếp hay chưa ở bước này quyết định cuộc đua.", "R-R1"},
		{CaseDue, "The timers phase reads the loop's millisecond clock: {arg} ms. The earliest timer is due, so it runs now, before the loop's first iteration. Whether the clock has reached the next millisecond here decides the race.", "Pha timers đọc đồng hồ mili giây của event loop: {arg} ms. Timer sớm nhất đã tới hạn nên chạy ngay, trước vòng lặp đầu tiên. Đồng hồ đã sang mili giây kế tiếp hay chưa ở bước này quyết định cuộc đua.", "R-R1"},
		{CaseLater, "The timers phase after the check phase reads the loop's millisecond clock: {arg} ms. The earliest timer is not due yet, so it waits for a later iteration. Whether the clock has reached the next millisecond here decides the race.", "Pha timers sau pha check đọc đồng hồ mili giây của event loop: {arg} ms. Timer sớm nhất chưa tới hạn nên chờ tới vòng lặp sau. Đồng hồ đã sang mili giây kế tiếp hay chưa ở bước này quyết định cuộc đua.", "R-R2"},
		{CaseLaterDue, "The timers phase after the check phase reads the loop's millisecond clock: {arg} ms. The earliest timer is due, so it runs now. Whether the clock has reached the next millisecond here decides the race.", "Pha timers sau pha check đọc đồng hồ mili giây của event loop: {arg} ms. Timer sớm nhất đã tới hạn nên chạy ngay. Đồng hồ đã sang mili giây kế tiếp hay chưa ở bước này quyết định cuộc đua.", "R-R2"}}},
	{Busy, RoleWork, "", Text{"CPU work", "chạy CPU"}, []Narration{
		{"", "The main thread burns CPU; nothing else can run on it meanwhile.", "Main thread chạy CPU liên tục; trong lúc đó không việc gì khác chạy được trên nó.", ""}}},
	{BusyWait, RoleWork, "", Text{"busy-wait", "chờ bận"}, []Narration{
		{"", "This callback has read the clock {arg} times: it is busy-waiting. From now on each read costs main-thread CPU, so the loop ends when virtual time reaches its deadline; nothing else runs on the main thread meanwhile.", "Callback này đã đọc đồng hồ {arg} lần: nó đang chờ bận (busy-wait). Từ đây mỗi lần đọc tốn CPU của main thread, nên vòng lặp kết thúc khi thời gian ảo tới hạn; trong lúc đó main thread không chạy được việc gì khác.", "R-BW1"}}},
	{DBQuery, RoleEnqueue, QueueKernel, Text{"database query", "truy vấn database"}, []Narration{
		{"", "The query is written to a database connection's socket; waiting for the answer holds no thread.", "Câu query được ghi vào socket của một connection tới database; chờ kết quả không giữ thread nào.", ""}}},
	{Listen, RoleWork, "", Text{"server listens", "server lắng nghe"}, []Narration{
		{"", "The server listens; the kernel accepts connections for it into its accept queue.", "Server lắng nghe; kernel nhận connection vào hàng đợi accept thay cho nó.", ""},
		{CaseNet, "The server starts listening; the kernel now accepts connections for it.", "Server bắt đầu lắng nghe; kernel nhận connection thay cho nó.", ""}}},
	{WorkerStarts, RoleWork, "", Text{"worker starts", "worker khởi động"}, []Narration{
		{"", "A worker thread starts: its own runtime and event loop, on a thread of its own.", "Một worker thread khởi động: runtime và event loop riêng, trên thread riêng.", ""}}},
	{TrafficEnded, RoleLoop, "", Text{"traffic ended", "hết traffic"}, []Narration{
		{"", "The scenario's clients have sent every request and every answer is in: the simulation stops here (the server would go on listening).", "Client của kịch bản đã gửi hết request và đã nhận đủ câu trả lời: mô phỏng dừng ở đây (server thật vẫn tiếp tục lắng nghe).", ""}}},
	{UnhandledRejection, RoleError, "", Text{"unhandled rejection", "rejection không ai xử lý"}, []Narration{
		{"", "A promise was rejected and no handler was attached by the end of the tick and microtask drain.", "Một Promise bị reject mà tới cuối lượt chạy nextTick và microtask vẫn chưa có handler.", "R-U1"}}},
	{UncaughtException, RoleError, "", Text{"uncaught exception", "exception không được bắt"}, []Narration{
		{"", "An exception escaped a callback; the 'uncaughtException' listener handles it and the process goes on.", "Một exception thoát khỏi callback; listener 'uncaughtException' xử lý nó và process chạy tiếp.", "R-U2"}}},
	{FatalException, RoleError, "", Text{"fatal exception", "exception làm dừng process"}, []Narration{
		{"", "The exception is not handled: Node prints it, runs the 'exit' listeners with code 1 and ends the process; nothing queued runs.", "Exception không được xử lý: Node in lỗi, chạy các listener 'exit' với mã 1 rồi kết thúc process; mọi thứ còn trong hàng đợi đều bị bỏ.", "R-U2"},
		{CaseHandlerThrew, "The 'uncaughtException' listener itself threw: Node prints that error and exits with code 7 at once, without 'exit' listeners.", "Chính listener 'uncaughtException' lại ném lỗi: Node in lỗi đó và thoát ngay với mã 7, không chạy listener 'exit'.", "R-U2"}}},
	{LeftoversDrained, RoleLoop, "", Text{"leftovers run", "chạy phần còn sót"}, []Narration{
		{"", "Ticks and promise jobs left behind by a callback that threw run now, at the next callback-scope close.", "Các tick và job Promise còn sót lại sau callback bị lỗi giờ mới chạy, ở lần đóng callback scope kế tiếp.", "R-CB1"}}},
	{BeforeExit, RoleProcess, "", Text{"beforeExit", "beforeExit"}, []Narration{
		{"", "The loop has nothing left to do, so Node emits 'beforeExit'; a listener may schedule more work.", "Event loop hết việc nên Node phát 'beforeExit'; listener có thể hẹn thêm việc.", "R-X1"}}},
	{ProcessExits, RoleProcess, "", Text{"process exits", "process thoát"}, []Narration{
		{"", "The process exits with code {arg}.", "Process thoát với mã {arg}.", "R-X2"}}},
	{Exit, RoleProcess, "", Text{"exit", "kết thúc"}, []Narration{
		{"", "Nothing keeps the loop alive: Node emits 'exit' and the process ends.", "Không còn gì giữ event loop sống: Node phát 'exit' và process kết thúc.", "R-X2"}}},
}

var byEvent = func() map[Event]*Info {
	m := make(map[Event]*Info, len(Vocabulary))
	for i := range Vocabulary {
		m[Vocabulary[i].Event] = &Vocabulary[i]
	}
	return m
}()

// Lookup returns what the vocabulary says of ev.
func Lookup(ev Event) (Info, bool) {
	if i := byEvent[ev]; i != nil {
		return *i, true
	}
	return Info{}, false
}

// Known reports whether ev is an event of the vocabulary.
func Known(ev Event) bool { return byEvent[ev] != nil }

// RoleOf is ev's role ("" for an unknown event).
func RoleOf(ev Event) Role {
	if i := byEvent[ev]; i != nil {
		return i.Role
	}
	return ""
}

// RunsCallback reports whether a step of ev starts JavaScript the program wrote: the
// main module, a tick, a promise job or a callback of a phase.
func RunsCallback(ev Event) bool {
	switch RoleOf(ev) {
	case RoleModule, RoleMicro, RoleMacro:
		return true
	}
	return false
}

// Names lists every event, in the vocabulary's order.
func Names() []string {
	out := make([]string, len(Vocabulary))
	for i, v := range Vocabulary {
		out[i] = string(v.Event)
	}
	return out
}

// Say returns what a step of ev says in case c (the default narration when the event has
// no such case), with {arg} replaced by arg, and its rule. An unknown event says nothing.
func Say(ev Event, c Case, arg string) (en, vi, rule string) {
	i := byEvent[ev]
	if i == nil {
		return "", "", ""
	}
	n := i.Says[0]
	if c != CaseDefault {
		if k := slices.IndexFunc(i.Says, func(n Narration) bool { return n.Case == c }); k >= 0 {
			n = i.Says[k]
		}
	}
	en, vi = n.EN, n.VI
	if strings.Contains(en, "{arg}") {
		en, vi = strings.ReplaceAll(en, "{arg}", arg), strings.ReplaceAll(vi, "{arg}", arg)
	}
	return en, vi, n.Rule
}

// FrameKind is what a frame of a step's call stack stands for.
type FrameKind string

// The kinds of frame, innermost first in a stack: the program's functions, then the
// code the runtime called (the main module or a callback), then the async frames.
const (
	FrameFunction FrameKind = "function" // a function of the program, running or calling the one above it
	FrameMain     FrameKind = "main"     // the main module's top-level code
	FrameCallback FrameKind = "callback" // the callback the runtime called (Label: ".then callback", …)
	// FrameAsync is where the code below it queued the callback above it: Label names
	// that code ("main code", a callback), Line is the line that queued.
	FrameAsync FrameKind = "async"
)

// FrameKinds lists every kind of frame.
var FrameKinds = []FrameKind{FrameFunction, FrameMain, FrameCallback, FrameAsync}

// Frame is one frame of the call stack a step shows.
type Frame struct {
	Kind FrameKind `json:"kind"`
	// Function is the function's own name; "" for an anonymous function or top-level code.
	Function string `json:"function,omitempty"`
	// Label names the callback for callback and async frames ("main code" for the main
	// module), as the queues name it.
	Label  string `json:"label,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// Elided counts the program's frames left out just above this one (a deep stack
	// shows its innermost frames and the code the runtime called).
	Elided int `json:"elided,omitempty"`
}

// MainCode is the label of the main module's top-level code in frames.
const MainCode = "main code"
