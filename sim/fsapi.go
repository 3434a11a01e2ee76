package sim

import (
	"slices"
	"strings"

	"github.com/grafana/sobek"
)

// node:fs is JS (js/fs.js) but for three parts that are Go's: its exports object, which
// makes each export on first access (loading fs.js only when an export needs it), the
// Stats objects, and fs.stat for the common call, stat(path string, callback). Most
// programs that require fs only stat a file, and loading fs.js with its helpers cost the
// seed snippet about 300 allocations per run (its stat about 240 more).

// fsExportNames are node:fs's exports (js/fs.js member makes each).
var fsExportNames = []string{"stat", "lstat", "access", "readdir", "exists", "readFile", "writeFile", "appendFile",
	"open", "close", "fstat", "unlink", "mkdir", "statSync", "lstatSync", "readFileSync", "writeFileSync", "existsSync",
	"readdirSync", "accessSync", "promises", "createReadStream", "Stats", "createWriteStream", "watch", "watchFile",
	"constants", "F_OK", "R_OK", "W_OK", "X_OK"}

// fsModule makes node:fs's exports object (prelude.js builtin('fs')): a fieldObject,
// so each export is made on first read and the program may replace or delete any.
func (r *run) fsModule() sobek.Value {
	var made map[string]sobek.Value
	f := &fieldObject{keys: fsExportNames, field: func(key string) sobek.Value {
		if v, ok := made[key]; ok {
			return v
		}
		if !slices.Contains(fsExportNames, key) {
			return nil
		}
		var v sobek.Value
		if key == "stat" || key == "lstat" {
			v = r.namedFunction(key, func(call sobek.FunctionCall) sobek.Value { return r.fsStat(key, call) })
		} else {
			v = r.fsMember(key)
		}
		if made == nil {
			made = map[string]sobek.Value{}
		}
		made[key] = v
		return v
	}}
	return r.newFieldObject(f, nil)
}

// fsMember makes node:fs's export key with js/fs.js, evaluated on first need.
func (r *run) fsMember(key string) sobek.Value {
	if r.fsMake == nil {
		factory := mustCallable(r.ex.sim.builtins.instantiate(r.rt, "fs"))
		member, err := factory(sobek.Undefined(), r.rt.NewObject(), r.internals())
		if err != nil {
			panic(err)
		}
		r.fsMake = mustCallable(member)
	}
	v, err := r.fsMake(sobek.Undefined(), r.rt.ToValue(key))
	if err != nil {
		panic(err)
	}
	return v
}

// fsStat is fs.stat and fs.lstat (syscall "stat" or "lstat": there are no links). A
// string path with a callback is the Go path: one pool job whose completion calls back
// with a Stats object or ENOENT (R-P4). Every other call (options, a URL or Buffer path,
// bad arguments) goes to js/fs.js's, which validates and reports as Node does.
func (r *run) fsStat(syscall string, call sobek.FunctionCall) sobek.Value {
	if len(call.Arguments) != 2 || !sobek.IsString(call.Arguments[0]) || !isFunction(call.Arguments[1]) {
		fn := mustCallable(r.fsMember(syscall))
		v, err := fn(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	}
	p, cb := call.Arguments[0].String(), call.Arguments[1] // p as given: errors show it so; statPath resolves it
	line, _ := r.callerPos()
	label := "fs." + syscall
	r.submitPoolJob(label, line, max(r.sc.Costs.FSJobUS, 1), false, func() {
		args := []sobek.Value{sobek.Null(), nil}
		if size, dir, ok := r.statPath(p); ok {
			args[1] = r.makeStats(size, dir)
		} else {
			args = []sobek.Value{r.fsError(syscall, p)}
		}
		r.invokeCallback(label, cb, sobek.Undefined(), args)
	})
	return sobek.Undefined()
}

// fsError is ENOENT for syscall on path, made by js/fs.js.
func (r *run) fsError(syscall, path string) sobek.Value {
	// js/fs.js's stat reports ENOENT itself; asking it keeps one definition of the error.
	enoent := mustCallable(r.fsMember("__enoent"))
	v, err := enoent(sobek.Undefined(), r.rt.ToValue(syscall), r.rt.ToValue(path))
	if err != nil {
		panic(err)
	}
	return v
}

// statPath is what the program's file system holds at path: its size and whether it
// is a directory, or ok false.
func (r *run) statPath(path string) (size int64, dir bool, ok bool) {
	path = strings.TrimSuffix(resolvePath(path), "/")
	if w, ok := r.written[path]; ok {
		return w.ToObject(r.rt).Get("length").ToInteger(), false, true
	}
	if src, ok := r.fileSource(path); ok {
		return int64(len(src)), false, true
	}
	if path == virtualDir || path == "" || path == "/" || len(r.dirEntries(path)) > 0 {
		return 4096, true, true
	}
	return 0, false, false
}

// hStats(size, dir) makes a Stats object (js/fs.js).
func (r *run) hStats(call sobek.FunctionCall) sobek.Value {
	return r.makeStats(call.Argument(0).ToInteger(), call.Argument(1).ToBoolean())
}

// statsMembers are fs.Stats.prototype's (Node's, of those looplab has).
var statsMembers = []string{"constructor", "isFile", "isDirectory", "isSymbolicLink", "isFIFO", "isSocket",
	"isBlockDevice", "isCharacterDevice"}

// statsPrototype is fs.Stats.prototype, made once per run: the is* methods read the
// mode (S_IFDIR), as Node's _checkModeProperty does.
func (r *run) statsPrototype() *sobek.Object {
	if r.statsProto == nil {
		r.statsProto = r.newLazyProto("Stats", statsMembers, func(key string) sobek.Value {
			return r.namedFunction(key, func(c sobek.FunctionCall) sobek.Value {
				dir := c.This.ToObject(r.rt).Get("mode").ToInteger()&0o170000 == 0o040000
				switch key {
				case "isFile":
					return r.rt.ToValue(!dir)
				case "isDirectory":
					return r.rt.ToValue(dir)
				}
				return r.rt.ToValue(false)
			})
		})
	}
	return r.statsProto
}

// hWrittenFile(path) is the Buffer the program wrote at path, or undefined.
func (r *run) hWrittenFile(call sobek.FunctionCall) sobek.Value {
	if w, ok := r.written[resolvePath(call.Argument(0).String())]; ok {
		return w
	}
	return sobek.Undefined()
}

// hWriteFile(path, buffer) keeps a file the program wrote (virtual, for this run).
func (r *run) hWriteFile(call sobek.FunctionCall) sobek.Value {
	if r.written == nil {
		r.written = map[string]sobek.Value{}
	}
	r.written[resolvePath(call.Argument(0).String())] = call.Argument(1)
	return sobek.Undefined()
}

// hUnlinkFile(path) forgets a file the program wrote.
func (r *run) hUnlinkFile(call sobek.FunctionCall) sobek.Value {
	delete(r.written, resolvePath(call.Argument(0).String()))
	return sobek.Undefined()
}
