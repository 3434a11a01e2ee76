package sim

import (
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:fs in Go: the virtual file system a run sees (the entry program, the scenario's
// files and what the program wrote) and the host operations js/fs.js calls.

// opReadFile(path) -> ArrayBuffer of the file's bytes (written by the program, or a
// scenario file), or undefined if it does not exist.
func (r *run) opReadFile(c *engine.Call) engine.Value {
	path := resolvePath(c.Arg(0).String())
	if w, ok := r.written[path]; ok {
		return r.bufferValue(w)
	}
	src, ok := r.fileSource(path)
	if !ok {
		return r.js.Undefined()
	}
	return r.bufferValue([]byte(src))
}

// opReadText(path) -> a file's text, or undefined.
func (r *run) opReadText(c *engine.Call) engine.Value {
	src, ok := r.fileSource(resolvePath(c.Arg(0).String()))
	if !ok {
		return r.js.Undefined()
	}
	return r.js.String(src)
}

// opStatFile(path) -> {size, dir} or undefined (statPath).
func (r *run) opStatFile(c *engine.Call) engine.Value {
	size, dir, ok := r.statPath(c.Arg(0).String())
	if !ok {
		return r.js.Undefined()
	}
	return r.val(map[string]any{"size": size, "dir": dir})
}

// statPath is what the program's file system holds at path: its size and whether it
// is a directory, or ok false.
func (r *run) statPath(path string) (size int64, dir bool, ok bool) {
	path = strings.TrimSuffix(resolvePath(path), "/")
	if w, ok := r.written[path]; ok {
		return int64(len(w)), false, true
	}
	if src, ok := r.fileSource(path); ok {
		return int64(len(src)), false, true
	}
	if path == virtualDir || path == "" || path == "/" || len(r.dirEntries(path)) > 0 {
		return 4096, true, true
	}
	return 0, false, false
}

func (r *run) dirEntries(dir string) []string {
	seen := map[string]bool{}
	paths := []string{virtualPath(r.ex.prog.Name)}
	for _, k := range sortedKeys(r.sc.Files) {
		paths = append(paths, virtualPath(k))
	}
	for p := range r.written {
		paths = append(paths, p)
	}
	for _, p := range paths {
		if rest, ok := strings.CutPrefix(p, dir+"/"); ok {
			seen[strings.SplitN(rest, "/", 2)[0]] = true
		}
	}
	return sortedKeys(seen)
}

func (r *run) opReaddir(c *engine.Call) engine.Value {
	return r.val(r.dirEntries(strings.TrimSuffix(resolvePath(c.Arg(0).String()), "/")))
}

// opWriteFile(path, bytes) keeps a file the program wrote (virtual, for this run).
func (r *run) opWriteFile(c *engine.Call) engine.Value {
	if r.written == nil {
		r.written = map[string][]byte{}
	}
	r.written[resolvePath(c.Arg(0).String())] = r.bytesArg(c.Arg(1))
	return r.js.Undefined()
}

// opUnlinkFile(path) forgets a file the program wrote.
func (r *run) opUnlinkFile(c *engine.Call) engine.Value {
	delete(r.written, resolvePath(c.Arg(0).String()))
	return r.js.Undefined()
}

// fileSource finds a file of the virtual file system: the entry program or a scenario file.
func (r *run) fileSource(path string) (string, bool) {
	if path == virtualPath(r.ex.prog.Name) || path == r.ex.prog.Name {
		return r.ex.prog.Source, true
	}
	for _, k := range sortedKeys(r.sc.Files) {
		if virtualPath(k) == path || k == path {
			return r.sc.Files[k], true
		}
	}
	return "", false
}
