package sim

import (
	"fmt"

	"github.com/grafana/sobek"
)

// EngineFloor is the lower bound of any simulator that, like this one, gives each run a
// fresh runtime: a CommonJS program run on a bare sobek runtime whose Node functions
// (console.log, setTimeout, setImmediate, queueMicrotask, process.nextTick, and fs.stat
// from require) only collect callbacks, which Go then calls in the order collected. No
// event loop, queues, timers, trace or Node objects. For the seed's all-queues snippet
// that order is Node's print order. cmd/simbench and BenchmarkEngineFloor time it.
type EngineFloor struct{ prog *sobek.Program }

// NewEngineFloor compiles src for EngineFloor.Run.
func NewEngineFloor(src string) (*EngineFloor, error) {
	prog, err := sobek.Compile("main.cjs", cjsWrapperHead+src+cjsWrapperTail, false)
	if err != nil {
		return nil, err
	}
	return &EngineFloor{prog: prog}, nil
}

// Run runs the program once on a fresh bare runtime and returns the lines it printed.
func (f *EngineFloor) Run() (int, error) {
	rt := sobek.New()
	var callbacks []sobek.Callable
	collect := func(arg int) func(sobek.FunctionCall) sobek.Value {
		return func(c sobek.FunctionCall) sobek.Value {
			if fn, ok := sobek.AssertFunction(c.Argument(arg)); ok {
				callbacks = append(callbacks, fn)
			}
			return sobek.Undefined()
		}
	}
	lines := 0
	console, process, fs := rt.NewObject(), rt.NewObject(), rt.NewObject()
	_ = console.Set("log", func(sobek.FunctionCall) sobek.Value { lines++; return sobek.Undefined() })
	_ = process.Set("nextTick", collect(0))
	_ = fs.Set("stat", collect(1))
	_ = rt.Set("console", console)
	_ = rt.Set("process", process)
	for _, name := range []string{"setTimeout", "setImmediate", "queueMicrotask"} {
		_ = rt.Set(name, collect(0))
	}
	v, err := rt.RunProgram(f.prog)
	if err != nil {
		return 0, err
	}
	main, ok := sobek.AssertFunction(v)
	if !ok {
		return 0, fmt.Errorf("the program did not compile to a function")
	}
	require := rt.ToValue(func(sobek.FunctionCall) sobek.Value { return fs })
	if _, err := main(sobek.Undefined(), rt.NewObject(), require, rt.NewObject(), rt.ToValue("/app/main.cjs"), rt.ToValue("/app")); err != nil {
		return 0, err
	}
	for i := 0; i < len(callbacks); i++ {
		if _, err := callbacks[i](sobek.Undefined()); err != nil {
			return 0, err
		}
	}
	return lines, nil
}
