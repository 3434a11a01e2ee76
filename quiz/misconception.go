package quiz

import (
	"encoding/json"
	"slices"
	"sort"

	"github.com/looplab/looplab/sim"
	"github.com/looplab/looplab/sim/trace"
)

// The misconception tags the graders detect on their own (authors may use any other
// tag in a question's misconceptions, options or checks).
const (
	TagNextTickAsMicrotask = "nexttick-as-microtask"
	TagESMCJSOrder         = "esm-cjs-order"
	TagImmediateVsTimeout  = "setimmediate-vs-timeout-race"
	TagTimersExact         = "timers-exact"
	TagPoolSizeForgotten   = "pool-size-forgotten"
	TagCallbackBeforeSync  = "callback-before-sync"
	TagMicrotasksPerPhase  = "microtasks-after-phase"
	TagPhaseOrder          = "phase-order"
	TagLoopStarvation      = "loop-starvation"
	TagBlockingCall        = "blocking-main-thread"
	TagPoolOrder           = "pool-fifo"
)

// misconceptionWords names the known tags in words.
var misconceptionWords = map[string]Text{ //nolint:gochecknoglobals // a read-only table
	TagNextTickAsMicrotask: {EN: "treated process.nextTick like a promise microtask", VI: "coi process.nextTick như một microtask của Promise"},
	TagESMCJSOrder:         {EN: "mixed up the ES-module and CommonJS orders", VI: "nhầm thứ tự của ES module với CommonJS"},
	TagImmediateVsTimeout:  {EN: "assumed a fixed order between setTimeout 0 and setImmediate where the phase decides it", VI: "cho rằng setTimeout 0 và setImmediate có thứ tự cố định bất kể đang ở pha nào"},
	TagTimersExact:         {EN: "thought timers fire exactly on time", VI: "nghĩ timer chạy đúng giờ"},
	TagPoolSizeForgotten:   {EN: "forgot the thread pool has only UV_THREADPOOL_SIZE threads (4 by default)", VI: "quên thread pool chỉ có UV_THREADPOOL_SIZE thread (mặc định 4)"},
	TagCallbackBeforeSync:  {EN: "thought a callback can run before the synchronous code finishes", VI: "nghĩ callback có thể chạy trước khi code đồng bộ chạy xong"},
	TagMicrotasksPerPhase:  {EN: "thought microtasks wait for the end of the phase instead of running after each callback", VI: "nghĩ microtask chờ hết cả pha thay vì chạy sau từng callback"},
	TagPhaseOrder:          {EN: "mixed up the order of the event-loop phases", VI: "nhầm thứ tự các pha của event loop"},
	TagLoopStarvation:      {EN: "starved the event loop (recursive nextTick/microtasks or a long synchronous loop)", VI: "làm event loop bị bỏ đói (nextTick/microtask đệ quy hoặc vòng lặp đồng bộ dài)"},
	TagBlockingCall:        {EN: "blocked the main thread with synchronous work", VI: "chặn main thread bằng việc đồng bộ"},
	TagPoolOrder:           {EN: "forgot that pool jobs start in FIFO order on the first free thread", VI: "quên rằng việc trong thread pool bắt đầu theo thứ tự FIFO trên thread rảnh đầu tiên"},
	// The tags the bank's authors use (content/bank); content's tests keep this list whole.
	"node-version":                   {EN: "answered with another Node release's behaviour than the one asked about", VI: "trả lời theo hành vi của một phiên bản Node khác với phiên bản được hỏi"},
	"network-uses-pool":              {EN: "thought network I/O runs on the thread pool", VI: "nghĩ I/O mạng chạy trên thread pool"},
	"loop-has-timeouts":              {EN: "thought the event loop stops a handler that runs too long", VI: "nghĩ event loop tự dừng một handler chạy quá lâu"},
	"slow-request-only-slows-itself": {EN: "thought a slow synchronous request slows only itself", VI: "nghĩ một request đồng bộ chậm chỉ làm chậm chính nó"},
	"percentiles-confused":           {EN: "mixed up what the median and the tail percentiles measure", VI: "nhầm ý nghĩa của trung vị (p50) với các percentile đuôi (p99)"},
	"cache-costs":                    {EN: "misjudged what an in-process cache and a network cache cost", VI: "đánh giá sai chi phí của cache trong tiến trình và cache qua mạng"},
	"cache-shared":                   {EN: "put in a per-process cache data that every instance must agree on", VI: "đặt vào cache riêng của tiến trình dữ liệu mà mọi instance phải thống nhất"},
	"cache-unbounded":                {EN: "let an in-process cache grow without a limit", VI: "để cache trong tiến trình lớn lên không giới hạn"},
	"thread-per-request":             {EN: "thought Node runs a thread per request", VI: "nghĩ Node chạy một thread cho mỗi request"},
	"wrong-metric":                   {EN: "looked at a metric that does not measure the problem", VI: "nhìn vào một chỉ số không đo đúng vấn đề"},
	"logging-is-free":                {EN: "thought logging costs nothing on the main thread", VI: "nghĩ ghi log không tốn gì trên main thread"},
	"coordinated-omission":           {EN: "trusted a closed-loop load test that hides the waiting (coordinated omission)", VI: "tin một bài load test vòng kín vốn che mất thời gian chờ (coordinated omission)"},
	"profiler-setup":                 {EN: "misremembered how to start Node's CPU profiler", VI: "nhớ sai cách bật CPU profiler của Node"},
	"elu-is-cpu":                     {EN: "took event-loop utilisation for CPU utilisation", VI: "coi event-loop utilisation là mức dùng CPU"},
	"flame-total-vs-self":            {EN: "read a flame graph box's total time as its own time", VI: "đọc tổng thời gian của một ô trong flame graph như thời gian của riêng nó"},
	"flame-order-is-time":            {EN: "read a flame graph's left-to-right order as time", VI: "đọc thứ tự trái sang phải của flame graph như trục thời gian"},
	"nexttick-vs-setimmediate-names": {EN: "went by the names: process.nextTick runs before setImmediate, not after", VI: "hiểu theo tên gọi: process.nextTick chạy trước setImmediate, không phải sau"},
	"emit-is-async":                  {EN: "thought emit() calls its listeners later", VI: "nghĩ emit() gọi các listener về sau"},
	"nexttick-as-phase":              {EN: "thought process.nextTick waits for a phase of the loop", VI: "nghĩ process.nextTick chờ một pha của event loop"},
	"optimise-by-guessing":           {EN: "optimised by guessing instead of measuring", VI: "tối ưu bằng phỏng đoán thay vì đo"},
	"profiler-sees-waiting":          {EN: "expected a CPU profile to show time spent waiting", VI: "chờ CPU profile cho thấy thời gian chờ"},
	"pool-size-in-code":              {EN: "set the thread pool's size in code after the pool was made", VI: "đặt kích thước thread pool trong code sau khi pool đã được tạo"},
	"pool-queues":                    {EN: "expected a pool without a queue to hold extra work", VI: "chờ một pool không có hàng đợi giữ giúp phần việc dư"},
	"timeout-cancels-work":           {EN: "thought a client's timeout stops the work already started", VI: "nghĩ timeout phía client dừng được phần việc đã bắt đầu"},
	"no-cache":                       {EN: "forgot the cache in front of the slow call", VI: "quên cache đứng trước lời gọi chậm"},
	"nexttick-starves-io":            {EN: "let recursive process.nextTick calls starve I/O", VI: "để các lời gọi process.nextTick đệ quy bỏ đói I/O"},
	"requests-run-one-by-one":        {EN: "thought Node finishes one request before it starts the next", VI: "nghĩ Node làm xong một request rồi mới bắt đầu request tiếp theo"},
	"nexttick-yields":                {EN: "thought process.nextTick lets I/O run in between", VI: "nghĩ process.nextTick nhường chỗ cho I/O chạy xen vào"},
	"more-threads-faster":            {EN: "thought more threads are always faster", VI: "nghĩ càng nhiều thread thì càng nhanh"},
	"backlog-guaranteed":             {EN: "thought listen's backlog is guaranteed whatever the kernel allows", VI: "nghĩ backlog của listen luôn được đảm bảo bất kể kernel cho phép bao nhiêu"},
	"single-request-measure":         {EN: "measured one request and took it for production latency", VI: "đo một request rồi coi đó là độ trễ thực tế"},
	"resolution-is-latency":          {EN: "took a monitor's resolution for a latency", VI: "coi độ phân giải của bộ đo là độ trễ"},
	"few-samples-p99":                {EN: "trusted a p99 computed from a few samples", VI: "tin vào p99 tính từ vài mẫu"},
	"sync-uses-pool":                 {EN: "thought the …Sync calls run on the thread pool", VI: "nghĩ các hàm …Sync chạy trên thread pool"},
	"timers-use-pool":                {EN: "thought timers run on the thread pool", VI: "nghĩ timer chạy trên thread pool"},
	"workers-for-io":                 {EN: "moved I/O-bound work to worker threads", VI: "chuyển việc nặng về I/O sang worker thread"},
	"workers-always-faster":          {EN: "thought worker threads always make things faster", VI: "nghĩ worker thread lúc nào cũng làm mọi thứ nhanh hơn"},
	"retry-forever":                  {EN: "retried an overloaded server without limit", VI: "thử lại không giới hạn với một server đang quá tải"},
	"await-blocks-thread":            {EN: "thought await blocks the thread until the result arrives", VI: "nghĩ await chặn thread cho tới khi có kết quả"},
	"cpu-does-not-affect-io":         {EN: "thought CPU work on the main thread does not delay I/O callbacks", VI: "nghĩ việc CPU trên main thread không làm trễ callback I/O"},
	"unref-still-keeps-alive":        {EN: "thought an unref'd timer keeps the process alive", VI: "nghĩ timer đã unref vẫn giữ tiến trình sống"},
	"median-hides-tail":              {EN: "looked at the median where the tail is what changed", VI: "nhìn trung vị trong khi thứ thay đổi là phần đuôi"},
	"setimmediate-does-not-yield":    {EN: "thought setImmediate does not let I/O in between chunks", VI: "nghĩ setImmediate không cho I/O chen vào giữa các phần việc"},
	"timers-first-in-iteration":      {EN: "thought timers run right after the poll phase", VI: "nghĩ timer chạy ngay sau pha poll"},
	"timers-in-creation-order":       {EN: "thought timers fire in the order they were created, whatever their delays", VI: "nghĩ timer chạy theo thứ tự được tạo, bất kể độ trễ"},
	"no-warmup":                      {EN: "measured a cold server as if it were warmed up", VI: "đo một server còn nguội như thể nó đã được làm nóng"},
	"kernel-work-on-main-thread":     {EN: "thought the main thread accepts TCP handshakes itself", VI: "nghĩ main thread tự làm bắt tay TCP"},
}

// MisconceptionTags lists the tags that have words, sorted.
func MisconceptionTags() []string {
	out := make([]string, 0, len(misconceptionWords))
	for t := range misconceptionWords {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// MisconceptionText names a misconception tag in words, when it is a known one.
func MisconceptionText(tag string) (Text, bool) {
	t, ok := misconceptionWords[tag]
	return t, ok
}

// source is what kind of callback printed a line.
type source string

const (
	srcSync      source = "sync"
	srcTick      source = "tick"
	srcMicro     source = "micro"
	srcTimer     source = "timer"
	srcImmediate source = "immediate"
	srcIO        source = "io"
	srcPool      source = "pool"
	srcClose     source = "close"
	srcOther     source = "other"
)

// sourceOf classifies the callback a console step runs in: the nearest earlier step
// that starts a callback.
func sourceOf(steps []sim.Step, i int) source {
	for j := i; j >= 0; j-- {
		s := steps[j]
		switch s.Event {
		case trace.MainStarts, trace.ESMBodyStarts:
			return srcSync
		case trace.NextTickRuns:
			return srcTick
		case trace.MicrotaskRuns:
			return srcMicro
		case trace.TimerFires:
			return srcTimer
		case trace.ImmediateRuns:
			return srcImmediate
		case trace.CloseCallback:
			return srcClose
		case trace.IOCallback:
			if s.Job != 0 {
				return srcPool
			}
			return srcIO
		}
	}
	return srcOther
}

// orderMisconception names what an order answer shows when it puts got where the
// runtime prints want: from the kinds of callback that print them.
func orderMisconception(want, got source, module sim.ModuleKind) string {
	micro := func(s source) bool { return s == srcTick || s == srcMicro }
	macro := func(s source) bool {
		return s == srcTimer || s == srcImmediate || s == srcIO || s == srcPool || s == srcClose
	}
	switch {
	case want == srcSync && got != srcSync:
		return TagCallbackBeforeSync
	case want == srcTick && got == srcMicro && module == sim.ESModule,
		want == srcMicro && got == srcTick && module == sim.ESModule:
		return TagESMCJSOrder
	case want == srcTick && got == srcMicro, want == srcMicro && got == srcTick:
		return TagNextTickAsMicrotask
	case want == srcTimer && got == srcImmediate, want == srcImmediate && got == srcTimer:
		return TagImmediateVsTimeout
	case micro(want) && macro(got):
		return TagMicrotasksPerPhase
	case (want == srcIO || want == srcPool) && got == srcTimer:
		return TagTimersExact
	case want == srcPool && got == srcPool:
		return TagPoolSizeForgotten
	case macro(want) && macro(got):
		return TagPhaseOrder
	}
	return ""
}

// errorMisconception names what a simulation error shows about a learner's program.
func errorMisconception(code string) string {
	switch code {
	case sim.CodeTickBudget, sim.CodeStepBudget, sim.CodeVirtualTime:
		return TagLoopStarvation
	case sim.CodeTimeBudget, sim.CodeDeadlock:
		return TagBlockingCall
	}
	return ""
}

// Tags lists the misconception tags a content names: in its misconceptions and in its
// spec (an option's or a check's misconception), once each, in order of appearance.
func (c *Content) Tags() []string {
	var out []string
	add := func(t string) {
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	for _, m := range c.Misconceptions {
		add(m.Tag)
	}
	var spec any
	if json.Unmarshal(c.Spec, &spec) == nil {
		walkTags(spec, func(t string, _ Text) { add(t) })
	}
	return out
}

// walkTags calls add with every "misconception" string of a decoded JSON value, and the
// "why" beside it (an option's explanation; zero when there is none).
func walkTags(v any, add func(tag string, why Text)) {
	switch v := v.(type) {
	case map[string]any:
		if t, ok := v["misconception"].(string); ok {
			why, _ := v["why"].(map[string]any)
			en, _ := why["en"].(string)
			vi, _ := why["vi"].(string)
			add(t, Text{EN: en, VI: vi})
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys) // the same order every time
		for _, k := range keys {
			walkTags(v[k], add)
		}
	case []any:
		for _, x := range v {
			walkTags(x, add)
		}
	}
}

// tagExplanations lists what a content says of a misconception: its misconceptions'
// explanations and the whys of the options that name it.
func (c *Content) tagExplanations(tag string) []Text {
	var out []Text
	for _, m := range c.Misconceptions {
		if m.Tag == tag {
			out = append(out, m.Explanation)
		}
	}
	var spec any
	if json.Unmarshal(c.Spec, &spec) == nil {
		walkTags(spec, func(t string, why Text) {
			if t == tag {
				out = append(out, why)
			}
		})
	}
	return out
}

// MisconceptionEntry explains one misconception: the mistake in words, the runtime rule
// it breaks (for the tags the graders detect), and what the questions that probe it say
// (their authors' explanations of it, in both languages).
type MisconceptionEntry struct {
	Tag          string  `json:"tag"`
	Text         Text    `json:"text"`
	Rule         string  `json:"rule,omitempty"`
	RuleText     *Text   `json:"rule_text,omitempty"`
	Explanations []Text  `json:"explanations"`
	Questions    []int64 `json:"questions"`
}

// Glossary explains every misconception that has words, from the questions given (by
// id): the entries in tag order.
func Glossary(questions map[int64]*Content) []MisconceptionEntry {
	ids := make([]int64, 0, len(questions))
	for id := range questions {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []MisconceptionEntry
	for _, tag := range MisconceptionTags() {
		e := MisconceptionEntry{Tag: tag, Text: misconceptionWords[tag], Explanations: []Text{}, Questions: []int64{}}
		if r := ruleFor(tag, sim.CommonJS, ""); r != "" {
			t, _ := RuleText(r)
			e.Rule, e.RuleText = r, &t
		}
		for _, id := range ids {
			c := questions[id]
			if !slices.Contains(c.Tags(), tag) {
				continue
			}
			e.Questions = append(e.Questions, id)
			for _, t := range c.tagExplanations(tag) {
				if t.EN != "" && !slices.Contains(e.Explanations, t) {
					e.Explanations = append(e.Explanations, t)
				}
			}
		}
		out = append(out, e)
	}
	return out
}
