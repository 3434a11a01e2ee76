package quiz

import (
	"strings"

	"github.com/looplab/looplab/sim"
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
		case "main-starts", "esm-body-starts":
			return srcSync
		case "nextTick-runs":
			return srcTick
		case "microtask-runs":
			return srcMicro
		case "timer-fires":
			return srcTimer
		case "immediate-runs":
			return srcImmediate
		case "close-callback":
			return srcClose
		case "io-callback":
			if isPoolLabel(s.Detail) {
				return srcPool
			}
			return srcIO
		}
	}
	return srcOther
}

func isPoolLabel(l string) bool {
	for _, p := range []string{"fs.", "crypto.", "zlib.", "dns.", "fs.promises"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
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
	case sim.CodeTimeBudget:
		return TagBlockingCall
	}
	return ""
}
