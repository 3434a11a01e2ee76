package sim

import (
	"slices"

	"github.com/grafana/sobek"
)

// fieldObject is a JS object whose starting properties Go computes when they are read:
// node:fs's exports, Timeout, Immediate and fs.Stats objects. A Go dynamic object costs two allocations
// where an ordinary object with its properties takes a dozen or more, and a property
// nobody reads (a Stats object's four Dates) is never made. Otherwise it behaves as a
// plain object: the program may add, replace and delete properties; Object.keys lists
// the starting properties, in order, then the added ones. It cannot be frozen, sealed or
// given an accessor property (the engine's dynamic objects refuse with a TypeError).
type fieldObject struct {
	keys    []string                     // the enumerable starting properties, in order
	field   func(key string) sobek.Value // a starting property's value (hidden ones too), or nil
	own     map[string]sobek.Value       // properties the program set; nil value: deleted
	ownKeys []string                     // the ones it added, in order
}

// newFieldObject makes f a JS object on proto (nil: Object.prototype).
func (r *run) newFieldObject(f *fieldObject, proto *sobek.Object) *sobek.Object {
	obj := r.rt.NewDynamicObject(f)
	if proto != nil {
		if err := obj.SetPrototype(proto); err != nil {
			panic(err)
		}
	}
	return obj
}

// starting reports whether key is one of the starting properties (listed or hidden),
// without making a listed one.
func (f *fieldObject) starting(key string) bool {
	return slices.Contains(f.keys, key) || f.field(key) != nil
}

func (f *fieldObject) Get(key string) sobek.Value {
	if v, ok := f.own[key]; ok {
		return v
	}
	return f.field(key)
}

func (f *fieldObject) Set(key string, v sobek.Value) bool {
	if f.own == nil {
		f.own = map[string]sobek.Value{}
	}
	if _, ok := f.own[key]; !ok && !f.starting(key) {
		f.ownKeys = append(f.ownKeys, key)
	}
	f.own[key] = v
	return true
}

func (f *fieldObject) Has(key string) bool {
	if v, ok := f.own[key]; ok {
		return v != nil
	}
	return f.starting(key)
}

func (f *fieldObject) Delete(key string) bool {
	if f.starting(key) {
		f.Set(key, nil) // a starting property: remembered as deleted
		return true
	}
	delete(f.own, key)
	if i := slices.Index(f.ownKeys, key); i >= 0 {
		f.ownKeys = slices.Delete(f.ownKeys, i, i+1)
	}
	return true
}

func (f *fieldObject) Keys() []string {
	keys := make([]string, 0, len(f.keys)+len(f.ownKeys))
	for _, k := range f.keys {
		if f.Has(k) {
			keys = append(keys, k)
		}
	}
	return append(keys, f.ownKeys...)
}

// timeoutKeys are the properties a Timeout object shows (Node's, of those looplab keeps).
var timeoutKeys = []string{"_idleTimeout", "_repeat"}

// newTimeoutObject is the Timeout object of timer t: _idleTimeout and _repeat hold the
// normalized delay as in Node (R-T1); the hidden _looplabId is the timer's id.
func (r *run) newTimeoutObject(t *timer) *sobek.Object {
	var idle sobek.Value
	f := &fieldObject{keys: timeoutKeys, field: func(key string) sobek.Value {
		switch key {
		case "_idleTimeout", "_repeat":
			if idle == nil {
				idle = r.rt.ToValue(t.after)
			}
			if key == "_repeat" && !t.repeat {
				return sobek.Null()
			}
			return idle
		case "_looplabId":
			return r.rt.ToValue(t.id)
		}
		return nil
	}}
	return r.newFieldObject(f, r.timeoutPrototype())
}

// newImmediateObject is the Immediate object of im, with the hidden _looplabId.
func (r *run) newImmediateObject(im *immediate) *sobek.Object {
	f := &fieldObject{field: func(key string) sobek.Value {
		if key == "_looplabId" {
			return r.rt.ToValue(im.id)
		}
		return nil
	}}
	return r.newFieldObject(f, r.immediatePrototype())
}

// statsKeys are an fs.Stats object's properties, in Node's order.
var statsKeys = []string{"dev", "mode", "nlink", "uid", "gid", "rdev", "blksize", "ino", "size", "blocks",
	"atimeMs", "mtimeMs", "ctimeMs", "birthtimeMs", "atime", "mtime", "ctime", "birthtime"}

// statsEpochMS is every file's time: 2026-01-01T00:00:00Z.
const statsEpochMS = 1767225600000

// makeStats makes an fs.Stats object as Node shows it; the mode tells a directory from a
// file. Its Date (one for the four times) is made only if the program reads a time.
func (r *run) makeStats(size int64, dir bool) *sobek.Object {
	var date sobek.Value
	f := &fieldObject{keys: statsKeys, field: func(key string) sobek.Value {
		var n int64
		switch key {
		case "dev":
			n = 2049
		case "mode":
			n = 33188
			if dir {
				n = 16877
			}
		case "nlink":
			n = 1
		case "uid", "gid":
			n = 1000
		case "rdev":
			n = 0
		case "blksize":
			n = 4096
		case "ino":
			n = 1000 + size
		case "size":
			n = size
		case "blocks":
			n = (size + 511) / 512
		case "atimeMs", "mtimeMs", "ctimeMs", "birthtimeMs":
			n = statsEpochMS
		case "atime", "mtime", "ctime", "birthtime":
			if date == nil {
				d, err := r.rt.New(r.rt.Get("Date"), r.rt.ToValue(statsEpochMS))
				if err != nil {
					panic(err)
				}
				date = d
			}
			return date
		default:
			return nil
		}
		return r.rt.ToValue(n)
	}}
	return r.newFieldObject(f, r.statsPrototype())
}
