package sim

import "github.com/looplab/looplab/sim/internal/engine"

// A module's Go state lives in a struct of its own, never in a field of run: the struct
// embeds the run (the process the module is loaded in, as a goja_nodejs module holds its
// runtime) and is made for a run the first time the module needs it, through the
// module's key. The registry entry's operations reach it through the same key (op).

// modKey names one module's state and makes it for a run.
type modKey[S any] struct {
	idx  int
	make func(r *run) *S
}

// modKeys counts the keys made (each key's idx is its slot in run.mods).
var modKeys int

// moduleStates is a run's room for its modules' states, one slot per key.
type moduleStates [16]any

func newModKey[S any](make func(r *run) *S) *modKey[S] {
	if modKeys == len(moduleStates{}) {
		panic("sim: more module states than moduleStates has slots")
	}
	k := &modKey[S]{idx: modKeys, make: make}
	modKeys++
	return k
}

// of is the module's state in run r, made on first use.
func (k *modKey[S]) of(r *run) *S {
	if s := r.mods[k.idx]; s != nil {
		return s.(*S)
	}
	s := k.make(r)
	r.mods[k.idx] = s
	return s
}

// peek is the module's state in run r, or nil when the run has not needed it.
func (k *modKey[S]) peek(r *run) *S {
	if r.mods[k.idx] == nil {
		return nil
	}
	return r.mods[k.idx].(*S)
}

// op makes a host operation of a method of the module's state.
func (k *modKey[S]) op(f func(*S, *engine.Call) engine.Value) func(*run, *engine.Call) engine.Value {
	return func(r *run, c *engine.Call) engine.Value { return f(k.of(r), c) }
}
