package sim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ModuleKind says how the entry program is loaded: as a CommonJS script or as an ES module.
type ModuleKind string

// The two module kinds Node distinguishes for an entry point.
const (
	CommonJS ModuleKind = "cjs"
	ESModule ModuleKind = "esm"
)

// Program is the JavaScript a run executes: the entry source, its file name and its kind.
type Program struct {
	// Name is the entry file's name as the program sees it (__filename, import.meta.url,
	// stack traces). Defaults to "main.cjs" or "main.mjs".
	Name string `json:"name,omitempty"`
	// Source is the JavaScript text of the entry module.
	Source string `json:"source"`
	// Module is the module kind of the entry point.
	Module ModuleKind `json:"module"`
}

// Result is everything one simulation produces. It is the object `looplab sim --json`
// prints (with "file" added by the CLI) and POST /v1/simulate returns.
type Result struct {
	// Node is the exact Node release simulated ("24.18.0", see Profile).
	Node string `json:"node"`
	// Module is how the entry was loaded: "esm" or "cjs" (Node 10 loads a .mjs entry as
	// CommonJS).
	Module ModuleKind `json:"module"`
	// Deterministic is true when every explored timing of the races the program contains
	// prints the same output with the same exit code.
	Deterministic bool `json:"deterministic"`
	// Outcomes lists every distinct output the runtime can produce, the most likely first.
	Outcomes []Outcome `json:"outcomes"`
	// Steps is the trace of the first outcome; empty when the scenario asks for summary mode.
	Steps []Step `json:"steps"`
	// Console is everything the first outcome printed, stdout and stderr interleaved in
	// order; each step says how much of it had been printed.
	Console []string `json:"console"`
	// Summary holds the measurements of the first outcome.
	Summary Summary `json:"summary"`
	// Error is set when the program could not run to completion (syntax error, budget
	// exceeded, unsupported API). Outcomes then hold what was printed before it.
	Error *Error `json:"error"`
}

// Outcome is one possible observable behaviour of the program.
type Outcome struct {
	Stdout    []string `json:"stdout"`
	Stderr    []string `json:"stderr"`
	ExitCode  int      `json:"exit_code"`
	Condition string   `json:"condition"`
	// ConditionVI is the same condition in Vietnamese.
	ConditionVI string `json:"condition_vi"`
	// Timing says which timing prints it: TimingAlways, TimingUsual (the first outcome
	// of a race) or TimingRace (another timing, which Condition describes).
	Timing Timing `json:"timing"`
	// Choices records the race decisions that produce this outcome (empty for the default timing).
	Choices []string `json:"choices,omitempty"`
	// DoesNotFinish is set when the run stopped on one of the simulator's budgets
	// (Result.Error says which) rather than ending: what Node would be doing there, one of
	// EndsStillRunning, EndsWaitsForever, EndsOutOfMemory. ExitCode then means nothing:
	// Node would not have exited (yet).
	DoesNotFinish string `json:"does_not_finish,omitempty"`
	// Steps and Console are the trace of this outcome, for every outcome but the first
	// (whose trace is Result.Steps and Result.Console). The other outcomes' traces share
	// the trace limits once more between them: a trace that did not fit is cut short,
	// or absent.
	Steps   []Step   `json:"steps,omitempty"`
	Console []string `json:"console,omitempty"`
}

// Summary is the measurement side of a run.
type Summary struct {
	ExitCode int `json:"exit_code"`
	// EndTimeUS is the virtual time in microseconds at which the process exited.
	EndTimeUS int64 `json:"end_time_us"`
	// LoopIterations counts event-loop iterations (uv_run loop turns).
	LoopIterations int `json:"loop_iterations"`
	// ThreadPool is the timeline of the thread-pool jobs (the first 10,000).
	ThreadPool []PoolJob `json:"thread_pool"`
	// ThreadPoolJobs counts every thread-pool job of the run.
	ThreadPoolJobs int `json:"thread_pool_jobs"`
	// Callbacks lists the CPU time each macrotask callback took, in order (the first 10,000).
	Callbacks []CallbackCost `json:"callbacks"`
	// Runs is how many times the program was executed to explore its races.
	Runs int `json:"runs"`
	// Server measures HTTP traffic and database use, when the scenario has any.
	Server *ServerSummary `json:"server,omitempty"`
}

// PoolJob is one job on the libuv thread pool.
type PoolJob struct {
	ID       int    `json:"id"`
	Label    string `json:"label"`
	Line     int    `json:"line"`
	Thread   int    `json:"thread"`
	QueuedUS int64  `json:"queued_us"`
	StartUS  int64  `json:"start_us"`
	EndUS    int64  `json:"end_us"`
}

// CallbackCost is the main-thread time one callback took.
type CallbackCost struct {
	Label   string `json:"label"`
	Phase   string `json:"phase"`
	StartUS int64  `json:"start_us"`
	CPUUS   int64  `json:"cpu_us"`
}

// Error codes a run can end with. They are stable: the API and the CLI expose them.
const (
	CodeSyntax      = "syntax_error"
	CodeUnsupported = "unsupported_api"
	CodeTimeBudget  = "time_budget_exceeded"
	CodeStepBudget  = "step_budget_exceeded"
	CodeTickBudget  = "tick_budget_exceeded"
	CodeVirtualTime = "virtual_time_exceeded"
	// CodeDeadlock ends a run whose threads wait on each other with nothing left that
	// could wake them (Atomics.wait without a timeout): Node would hang forever.
	CodeDeadlock       = "deadlock"
	CodeStackOverflow  = "stack_overflow"
	CodeOutputBudget   = "output_budget_exceeded"
	CodeMemoryLimit    = "memory_limit_exceeded" // the run's heap reached Limits.MaxHeapMB
	CodeOpBudget       = "operation_budget_exceeded"
	CodeInvalidInput   = "invalid_input"
	CodeInternal       = "internal_error"
	CodeModuleNotFound = "module_not_found"
	// CodeCancelled ends a run whose context was cancelled (the client went away).
	CodeCancelled = "cancelled"
)

// What a run the simulator stopped on a budget would do in Node (Outcome.DoesNotFinish).
const (
	// EndsStillRunning: Node would still be running when the simulation stopped: a loop
	// that never yields, a storm of ticks or callbacks, a timer far ahead (it may finish
	// later, or never).
	EndsStillRunning = "still-running"
	// EndsWaitsForever: Node would wait forever: a handle keeps the loop alive and nothing
	// is left to happen.
	EndsWaitsForever = "waits-forever"
	// EndsOutOfMemory: Node would run out of memory.
	EndsOutOfMemory = "out-of-memory"
)

// Ending says in words how an outcome ends: its exit code, or that it does not finish
// and what Node would be doing.
func (o Outcome) Ending() (en, vi string) {
	switch o.DoesNotFinish {
	case EndsStillRunning:
		return "does not finish: Node would still be running when the simulation stops", "không kết thúc: Node vẫn còn đang chạy khi mô phỏng dừng"
	case EndsWaitsForever:
		return "does not finish: Node would wait forever", "không kết thúc: Node sẽ chờ mãi"
	case EndsOutOfMemory:
		return "does not finish: Node would run out of memory", "không kết thúc: Node sẽ hết bộ nhớ"
	}
	return "exit " + strconv.Itoa(o.ExitCode), "thoát với mã " + strconv.Itoa(o.ExitCode)
}

// doesNotFinish is what a run that stopped with err would do in Node ("" when err is no
// budget of the simulator's: the run ended as Node's would).
func doesNotFinish(err *Error) string {
	if err == nil {
		return ""
	}
	switch err.Code {
	case CodeMemoryLimit:
		return EndsOutOfMemory
	case CodeVirtualTime:
		if strings.Contains(err.Message, "forever") {
			return EndsWaitsForever
		}
		return EndsStillRunning
	case CodeTimeBudget, CodeStepBudget, CodeTickBudget, CodeOpBudget, CodeOutputBudget:
		return EndsStillRunning
	}
	return ""
}

// Error is a typed simulation error: a stable code and a one-line message.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Line and Column (1-based) place a syntax error in the program, where Node's caret
	// points; 0 when unknown (and not in the JSON).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// ErrorCode returns the code of a simulation error, or "" when err is not one.
func ErrorCode(err error) string {
	var se *Error
	if errors.As(err, &se) {
		return se.Code
	}
	return ""
}

func newError(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
