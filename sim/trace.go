package sim

import "github.com/looplab/looplab/sim/trace"

// Step is one numbered event of a run, with a snapshot of every queue after it happened.
type Step struct {
	N      int   `json:"n"`
	TimeUS int64 `json:"t_us"`
	Phase  Phase `json:"phase"`
	Line   int   `json:"line"`
	Column int   `json:"column"`
	// Event is the kind of step (package trace lists them, with what each one means).
	Event trace.Event `json:"event"`
	// Detail names the callback, job or line the event is about, for a person
	// ("setTimeout callback 1 ms"); a console step's Detail is the text printed. Read the
	// structured fields below rather than parse it.
	Detail string `json:"detail"`
	// Explain is one sentence about why this happened, in English and Vietnamese.
	Explain   string `json:"explain"`
	ExplainVI string `json:"explain_vi"`
	// Rule is the node-semantics.md rule id that decides this step, when one does.
	Rule string `json:"rule,omitempty"`
	// Label is the label of the callback or job the step queues, runs or cancels, as the
	// queues of State show it ("" for other steps).
	Label string `json:"label,omitempty"`
	// Item is the id of that callback or job in the queues of State (QueueItem.ID,
	// TimerItem.ID, PoolSlot.JobID), 0 when the step is about none.
	Item int `json:"item,omitempty"`
	// Job is the thread-pool job the step is about (PoolSlot.JobID), also for the I/O
	// callback that ends it; 0 for none.
	Job int `json:"job,omitempty"`
	// CallbackLine and CallbackColumn are where the callback a queued or runs step is
	// about is defined, when it is a function of the program's: Line is the line of the
	// call that registered it (the .then, nextTick or setTimeout call, the await), this
	// is the code that runs. An await's continuation resumes at the await. 0 for none.
	CallbackLine   int `json:"callback_line,omitempty"`
	CallbackColumn int `json:"callback_column,omitempty"`
	// Internal is true when Node's own code registered the callback or job the step is
	// about (a stream's tick, the reaction an events.once promise waits with) rather
	// than a call of the program's: the program called a library function at Line.
	Internal bool `json:"internal,omitempty"`
	// Stack is the call stack at the step, innermost first: the program's functions, the
	// main code or the callback the runtime called, then the async frames that queued
	// it; empty while the loop runs no JavaScript.
	Stack []trace.Frame `json:"stack,omitempty"`
	State Snapshot      `json:"state"`
}

// Snapshot is the full visible state of the runtime after a step.
type Snapshot struct {
	NextTicks  []QueueItem  `json:"next_ticks"`
	Microtasks []QueueItem  `json:"microtasks"`
	Timers     []TimerItem  `json:"timers"`
	Poll       []QueueItem  `json:"poll"`
	Check      []QueueItem  `json:"check"`
	Close      []QueueItem  `json:"close"`
	Pool       []PoolSlot   `json:"pool"`
	PoolQueue  []QueueItem  `json:"pool_queue"`
	Kernel     []KernelWait `json:"kernel"`
	// ConsoleLines is how many lines of Result.Console had been printed after this step
	// (the console so far is Result.Console[:ConsoleLines]).
	ConsoleLines int `json:"console_lines"`
}

// QueueItem is one callback waiting in a queue.
type QueueItem struct {
	ID    int    `json:"id"`
	Label string `json:"label"`
	Line  int    `json:"line"`
}

// TimerItem is one armed timer, with the list it belongs to.
type TimerItem struct {
	ID      int    `json:"id"`
	Label   string `json:"label"`
	Line    int    `json:"line"`
	DelayMS int64  `json:"delay_ms"`
	DueMS   int64  `json:"due_ms"`
	ListID  int    `json:"list_id"`
	Repeat  bool   `json:"repeat,omitempty"`
	Unref   bool   `json:"unref,omitempty"`
}

// PoolSlot is one thread of the libuv thread pool and the job it runs, if any.
type PoolSlot struct {
	Thread int    `json:"thread"`
	JobID  int    `json:"job_id,omitempty"`
	Label  string `json:"label,omitempty"`
	Line   int    `json:"line,omitempty"`
	EndUS  int64  `json:"end_us,omitempty"`
}

// KernelWait is work the kernel does for the program without any thread: a socket
// waiting for data, a listening server, an upstream answering.
type KernelWait struct {
	ID    int    `json:"id"`
	Label string `json:"label"`
	Line  int    `json:"line,omitempty"`
	// ReadyUS is when the event is expected, or -1 when it waits for something else.
	ReadyUS int64 `json:"ready_us"`
}

// Phase names where in the process lifetime a step happens.
type Phase string

// The phases of Node's process lifetime and libuv's loop (node-semantics.md R-L1).
const (
	PhaseMain     Phase = "main"
	PhaseTimers   Phase = "timers"
	PhasePending  Phase = "pending"
	PhasePoll     Phase = "poll"
	PhaseCheck    Phase = "check"
	PhaseClose    Phase = "close"
	PhaseBeforeEx Phase = "beforeExit"
	PhaseExit     Phase = "exit"
)

// Labels lists the labels of the callbacks or jobs queue q holds in the snapshot, in
// its order (a pool's busy threads for trace.QueuePool).
func (s Snapshot) Labels(q trace.Queue) []string {
	out := []string{}
	add := func(items []QueueItem) {
		for _, it := range items {
			out = append(out, it.Label)
		}
	}
	switch q {
	case trace.QueueNextTicks:
		add(s.NextTicks)
	case trace.QueueMicrotasks:
		add(s.Microtasks)
	case trace.QueueTimers:
		for _, t := range s.Timers {
			out = append(out, t.Label)
		}
	case trace.QueuePoll:
		add(s.Poll)
	case trace.QueueCheck:
		add(s.Check)
	case trace.QueueClose:
		add(s.Close)
	case trace.QueuePool:
		for _, p := range s.Pool {
			if p.JobID != 0 {
				out = append(out, p.Label)
			}
		}
	case trace.QueuePoolQueue:
		add(s.PoolQueue)
	case trace.QueueKernel:
		for _, k := range s.Kernel {
			out = append(out, k.Label)
		}
	}
	return out
}
