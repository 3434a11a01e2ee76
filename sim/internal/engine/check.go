package engine

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
)

// This package reads some of the engine's memory directly, where the C API has no
// call for it: the job list (jobs.go), a promise reaction's arguments, the interrupt
// countdown (engine.go), the random state, the stack frames (stack.go) and the data
// of proxies and collections (introspect.go). A libquickjs whose structures moved
// would make those reads wrong, quietly. Check tries each of them on a runtime of its
// own once per process, and every New fails with its error until the engine is the
// one this code was written for.

// checkedModule is the engine build the reads were written against (go.mod).
const checkedModule = "modernc.org/libquickjs"

var checkOnce = sync.OnceValue(selfCheck)

// Check reports whether the engine is what this package expects: nil, or an error
// naming the first read that came out wrong. It runs once per process; New calls it.
func Check() error { return checkOnce() }

func selfCheck() error {
	r, err := newRuntime(Config{})
	if err != nil {
		return fmt.Errorf("engine: self-check: %w", err)
	}
	defer r.Close()
	if err := learnNatives(r); err != nil {
		return fmt.Errorf("engine: %s%s is not the build sim/internal/engine reads directly: its promise jobs: %w", checkedModule, engineVersion(), err)
	}
	if err := r.hookThen(); err != nil {
		return fmt.Errorf("engine: %s%s: %w", checkedModule, engineVersion(), err)
	}
	for _, step := range []struct {
		what  string
		check func(*Runtime) error
	}{
		{"the job list", checkJobList},
		{"a promise reaction's handler", checkReaction},
		{"the interrupt countdown", checkOps},
		{"the random state", checkRandom},
		{"the stack frames", checkFrames},
		{"the class of a value", checkClasses},
		{"the promise jobs", checkPromiseJobs},
	} {
		if err := step.check(r); err != nil {
			return fmt.Errorf("engine: %s%s is not the build sim/internal/engine reads directly: %s: %w",
				checkedModule, engineVersion(), step.what, err)
		}
	}
	return nil
}

// engineVersion is " " and the engine module's version in this binary ("" when unknown).
func engineVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, d := range info.Deps {
		if d.Path == checkedModule {
			return " " + d.Version
		}
	}
	return ""
}

func checkJobList(r *Runtime) error {
	if r.JobsPending() || r.JobCount() != 0 || r.LastJob() != 0 {
		return errors.New("a new runtime shows jobs")
	}
	if _, err := r.Eval("Promise.resolve().then(() => {}); Promise.resolve().then(() => {})", "check.js"); err != nil {
		return err
	}
	if !r.JobsPending() || r.JobCount() != 2 || r.LastJob() == 0 {
		return fmt.Errorf("two queued jobs read as %d", r.JobCount())
	}
	for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
		if err != nil {
			return err
		}
	}
	if r.JobCount() != 0 || r.LastJob() != 0 {
		return errors.New("jobs left after running them")
	}
	return nil
}

func checkReaction(r *Runtime) error {
	h, err := r.Eval("globalThis.h = function h() {}; Promise.reject(1).then(null, h); h", "check.js")
	if err != nil {
		return err
	}
	jobs := r.Jobs(nil)
	if len(jobs) != 1 || !jobs[0].Handler.Same(h) || !jobs[0].Reject {
		return fmt.Errorf("a rejection's reaction read as %+v", jobs)
	}
	for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
		if err != nil {
			return err
		}
	}
	return nil
}

func checkOps(r *Runtime) error {
	count := func(n int) (int64, error) {
		before := r.Ops()
		_, err := r.Eval(fmt.Sprintf("for (let i = 0; i < %d; i++) {}", n), "check.js")
		return r.Ops() - before, err
	}
	a, err := count(1000)
	if err != nil {
		return err
	}
	b, _ := count(2000)
	if d := b - a; d < 1000 || d > 3000 {
		return fmt.Errorf("1,000 more iterations of a loop counted %d more operations", d)
	}
	return nil
}

func checkRandom(r *Runtime) error {
	draw := func(seed uint64) (string, error) {
		r.SetRandomSeed(seed)
		v, err := r.Eval("String(Math.random())", "check.js")
		return v.String(), err
	}
	a, err := draw(7)
	if err != nil {
		return err
	}
	b, _ := draw(7)
	c, _ := draw(8)
	if a != b || a == c {
		return errors.New("Math.random does not follow the seed")
	}
	return nil
}

func checkFrames(r *Runtime) error {
	var got []Frame
	r.Define(r.Global(), "where", r.Function("where", 0, func(c *Call) Value {
		got = c.R.Frames(nil, 4)
		return c.R.Undefined()
	}), Hidden)
	if _, err := r.Eval("function outer() {\n  where()\n}\nouter()\n", "check.js"); err != nil {
		return err
	}
	if len(got) < 1 || got[0].Function != "outer" || got[0].Line != 2 || got[0].File != "check.js" {
		return fmt.Errorf("a call from outer() at check.js:2 read as %+v", got)
	}
	return nil
}

func checkClasses(r *Runtime) error {
	v, err := r.Eval("[new Map([[1, 2]]), new Proxy({}, {})]", "check.js")
	if err != nil {
		return err
	}
	m, p := r.Index(v, 0), r.Index(v, 1)
	if r.ClassOf(m) != ClassMap || r.ClassOf(p) != ClassProxy {
		return fmt.Errorf("a Map and a Proxy read as %v and %v", r.ClassOf(m), r.ClassOf(p))
	}
	if entries, _, ok := r.Entries(m); !ok || len(entries) != 2 || entries[0].Float() != 1 {
		return errors.New("a Map's entries read wrong")
	}
	if _, _, ok := r.ProxyDetails(p); !ok {
		return errors.New("a Proxy's target is not found")
	}
	return nil
}

// checkPromiseJobs reads a job of each kind and the then hook.
func checkPromiseJobs(r *Runtime) error {
	var hooked []uintptr
	r.SetThenHook(func(p uintptr) { hooked = append(hooked, p) })
	defer r.SetThenHook(nil)
	v, err := r.Eval(`globalThis.f = function f() {};
globalThis.d = Promise.resolve().then(f);
Promise.reject(1).then(f);
Promise.all([Promise.resolve()]);
Promise.resolve().finally(f);
(async () => {
  await null;
})();
new Promise((r) => r(Promise.resolve()));
(async function* () {
  await null;
})().next();
d`, "check.js")
	if err != nil {
		return err
	}
	jobs := r.Jobs(nil)
	want := []struct {
		kind JobKind
		via  HandlerKind
	}{{JobReaction, HandlerFunction}, {JobReaction, HandlerNone}, {JobReaction, HandlerCombinator}, {JobReaction, HandlerFinally}, {JobReaction, HandlerAwait}, {JobThenable, HandlerNone}, {JobReaction, HandlerAwait}}
	if len(jobs) != len(want) {
		return fmt.Errorf("%d jobs read as %d", len(want), len(jobs))
	}
	for i, w := range want {
		if jobs[i].Kind != w.kind || jobs[i].Via != w.via {
			return fmt.Errorf("job %d read as %+v", i+1, jobs[i])
		}
	}
	if jobs[0].Promise == 0 || jobs[0].Promise != r.PromiseID(v) || len(hooked) == 0 || hooked[0] != jobs[0].Promise {
		return errors.New("a reaction's promise is not the one .then returned")
	}
	if pos, ok := r.FunctionPosition(jobs[3].Handler); !ok || pos.Line != 1 || jobs[4].Await.Line != 7 || jobs[6].Await.Line != 11 {
		return fmt.Errorf("positions read as %+v, %+v and %+v", pos, jobs[4].Await, jobs[6].Await)
	}
	for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
		if err != nil {
			return err
		}
	}
	return nil
}
