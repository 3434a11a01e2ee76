package sim

import (
	"path"
	"slices"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:fs in Go: the virtual file system a run sees and the host operations js/fs.js
// calls. What the run starts with is read-only (the entry program and the scenario's
// files, under /app); what the program writes, makes, renames and removes is kept in the
// run's fsChanges, so each run starts from the same tree.

// fsChanges is what a run changed of its file system. A path is a file when files holds
// it, else a directory when dirs holds it, else what the scenario has unless gone holds it.
// Its memory (the files' bytes, and fsEntryBytes and its path for each entry of the three
// maps) is held against the run's heap limit while it is kept (natives.go): held.
type fsChanges struct {
	files map[string][]byte
	dirs  map[string]bool
	gone  map[string]bool
	meta  map[string]fsMeta // the inodes the program made or changed (fsmeta.go)
	held  int64
}

// fsEntryBytes is what an entry of fsChanges' maps costs besides its path and bytes.
const fsEntryBytes = 64

// holdFS makes what the run's fsChanges hold count n bytes more (less when n < 0),
// before they are allocated; past the heap limit the run ends with memory_limit_exceeded.
func (r *fsModule) holdFS(n int64) {
	fc := r.changes()
	switch {
	case n > 0:
		if !r.js.Hold(n) {
			r.abort(r.memoryError())
		}
	case n < 0:
		r.js.Unhold(-n)
	}
	fc.held += n
}

// fsEntry is what an entry of fsChanges' maps for path p holds.
func fsEntry(p string) int64 { return int64(len(p)) + fsEntryBytes }

// changes is the run's fsChanges, made on first use.
func (r *fsModule) changes() *fsChanges {
	if r.fsc == nil {
		r.fsc = &fsChanges{files: map[string][]byte{}, dirs: map[string]bool{}, gone: map[string]bool{}}
	}
	return r.fsc
}

// opReadFile(path) -> ArrayBuffer of the file's bytes, or undefined if no file is there.
func (r *fsModule) opReadFile(c *engine.Call) engine.Value {
	b, ok := r.fileBytes(resolvePath(c.Arg(0).String()))
	if !ok {
		return r.js.Undefined()
	}
	return r.bufferValue(b)
}

// fileBytes is the file at the resolved path p, as the program sees it now.
func (r *fsModule) fileBytes(p string) ([]byte, bool) {
	if r.fsc != nil {
		if b, ok := r.fsc.files[p]; ok {
			return b, true
		}
		if r.fsc.gone[p] || r.fsc.dirs[p] {
			return nil, false
		}
	}
	src, ok := r.fileSource(p)
	return []byte(src), ok
}

// moduleText is the text of the file at the resolved path p as the program sees it now,
// a file it wrote included: what require, import and new Worker load (R-M8).
func (r *fsModule) moduleText(p string) (string, bool) {
	b, ok := r.fileBytes(p)
	return string(b), ok
}

// opReadText(path) -> a file's text (moduleText), or undefined.
func (r *fsModule) opReadText(c *engine.Call) engine.Value {
	src, ok := r.moduleText(resolvePath(c.Arg(0).String()))
	if !ok {
		return r.js.Undefined()
	}
	return r.js.String(src)
}

// opStatFile(path) -> {size, dir, perm, atimeMs, mtimeMs, ctimeMs, birthtimeMs} or
// undefined (statPath, metaOf).
func (r *fsModule) opStatFile(c *engine.Call) engine.Value {
	p := resolvePath(c.Arg(0).String())
	size, dir, ok := r.statPath(p)
	if !ok {
		return r.js.Undefined()
	}
	m := r.metaOf(p, dir)
	return r.val(map[string]any{"size": size, "dir": dir, "perm": int(m.perm),
		"atimeMs": m.atime, "mtimeMs": m.mtime, "ctimeMs": m.ctime, "birthtimeMs": m.birth})
}

// statPath is what the program's file system holds at path: its size and whether it
// is a directory, or ok false.
func (r *fsModule) statPath(p string) (size int64, dir bool, ok bool) {
	p = resolvePath(p)
	if b, ok := r.fileBytes(p); ok {
		return int64(len(b)), false, true
	}
	if r.isDir(p) {
		return 4096, true, true
	}
	return 0, false, false
}

// isDir reports whether the resolved path p is a directory: the root, the program's
// folder, one of the machine's (machineDirs), one the program made, or one that holds a
// file of the scenario.
func (r *fsModule) isDir(p string) bool {
	if p == "/" || p == virtualDir {
		return true
	}
	if r.fsc != nil {
		if r.fsc.dirs[p] {
			return true
		}
		if r.fsc.gone[p] {
			return false
		}
	}
	return r.machineDir(p) || r.holdsStartFile(p)
}

// machineDir reports whether p is one of machineDirs and neither it nor a directory
// above it was removed.
func (r *fsModule) machineDir(p string) bool {
	if !slices.Contains(machineDirs, p) {
		return false
	}
	for d := p; d != "/" && r.fsc != nil; d = path.Dir(d) {
		if r.fsc.gone[d] {
			return false
		}
	}
	return true
}

// holdsStartFile reports whether a file the run started with is still under p.
func (r *fsModule) holdsStartFile(p string) bool {
	for _, f := range r.startFiles() {
		if strings.HasPrefix(f, p+"/") && r.visible(f) {
			return true
		}
	}
	return false
}

// machineDirs are the simulated machine's directories the run starts with besides the
// program's own: os.tmpdir()'s and os.homedir()'s (sim/js/os.js), both empty and writable,
// so a program can make its scratch files where Node programs make them.
var machineDirs = []string{"/home", "/home/looplab", "/tmp"}

// startFiles are the paths of the files the run starts with.
func (r *fsModule) startFiles() []string {
	paths := []string{virtualPath(r.ex.prog.Name)}
	for _, k := range sortedKeys(r.sc.Files) {
		paths = append(paths, virtualPath(k))
	}
	return paths
}

// visible reports whether a file the run started with is still there.
func (r *fsModule) visible(f string) bool {
	return r.fsc == nil || (!r.fsc.gone[f] && !r.fsc.dirs[f])
}

// dirEntries are the names in the directory dir (resolved), sorted.
func (r *fsModule) dirEntries(dir string) []string {
	seen := map[string]bool{}
	add := func(p string) {
		if rest, ok := strings.CutPrefix(p, strings.TrimSuffix(dir, "/")+"/"); ok && rest != "" {
			seen[strings.SplitN(rest, "/", 2)[0]] = true
		}
	}
	for _, f := range r.startFiles() {
		if r.visible(f) {
			add(f)
		}
	}
	for _, d := range machineDirs {
		if r.machineDir(d) {
			add(d)
		}
	}
	if r.fsc != nil {
		for p := range r.fsc.files {
			add(p)
		}
		for p := range r.fsc.dirs {
			add(p)
		}
	}
	return sortedKeys(seen)
}

func (r *fsModule) opReaddir(c *engine.Call) engine.Value {
	return r.val(r.dirEntries(resolvePath(c.Arg(0).String())))
}

// opWriteFile(path, bytes) keeps a file the program wrote (virtual, for this run).
func (r *fsModule) opWriteFile(c *engine.Call) engine.Value {
	b := r.viewArg(c.Arg(1))
	r.nativeWork(opsOf(float64(len(b)) * nsCopyByte))
	r.putFile(resolvePath(c.Arg(0).String()), b)
	return r.js.Undefined()
}

// putFile keeps a copy of b as the file at p, held while it is kept (holdFS).
func (r *fsModule) putFile(p string, b []byte) {
	_, _, existed := r.statPath(p)
	r.modified(p, !existed)
	fc := r.changes()
	old, had := fc.files[p]
	grow := int64(len(b)) - int64(len(old))
	if !had {
		grow += fsEntry(p)
	}
	r.holdFS(grow)
	fc.files[p] = append([]byte(nil), b...)
	r.forget(fc.gone, p)
}

// forget deletes p from a map of fsChanges and gives back what its entry held.
func (r *fsModule) forget(m map[string]bool, p string) {
	if _, ok := m[p]; ok {
		delete(m, p)
		r.holdFS(-fsEntry(p))
	}
}

// mark adds p to a map of fsChanges, held (holdFS).
func (r *fsModule) mark(m map[string]bool, p string) {
	if !m[p] {
		r.holdFS(fsEntry(p))
		m[p] = true
	}
}

// removePath removes p and everything under it.
func (r *fsModule) removePath(p string) {
	fc := r.changes()
	for k, b := range fc.files {
		if k == p || strings.HasPrefix(k, p+"/") {
			delete(fc.files, k)
			r.holdFS(-int64(len(b)) - fsEntry(k))
		}
	}
	for k := range fc.dirs {
		if k == p || strings.HasPrefix(k, p+"/") {
			r.forget(fc.dirs, k)
		}
	}
	r.mark(fc.gone, p)
	r.forgetMeta(p)
	for _, f := range r.startFiles() {
		if strings.HasPrefix(f, p+"/") {
			r.mark(fc.gone, f)
		}
	}
}

// opFsChange(op, path, other, flag) -> "" or the errno code (ENOENT, EEXIST, ENOTDIR,
// ENOTEMPTY, EISDIR) of a change to the tree, as Linux answers it:
//
//	mkdir path [flag: recursive]   rmdir path [flag: recursive]   unlink path
//	mkfile path (an empty file)    rename path other              copytree path other
//	copy path other [flag: fail if other exists]
func (r *fsModule) opFsChange(c *engine.Call) engine.Value {
	p := resolvePath(c.Arg(1).String())
	other := ""
	if !c.Arg(2).IsNullish() {
		other = resolvePath(c.Arg(2).String())
	}
	return r.js.String(r.fsChange(c.Arg(0).String(), p, other, c.Arg(3).Truthy()))
}

func (r *fsModule) fsChange(op, p, other string, flag bool) string {
	_, isDir, exists := r.statPath(p)
	switch op {
	case "mkdir":
		if exists {
			if flag && isDir {
				return ""
			}
			return "EEXIST"
		}
		if code := r.parentOK(p, flag); code != "" {
			return code
		}
		r.makeDirs(p)
	case "mkfile":
		if code := r.parentOK(p, false); code != "" {
			return code
		}
		r.putFile(p, nil)
	case "copytree":
		if !exists {
			return "ENOENT"
		}
		if code := r.parentOK(other, false); code != "" {
			return code
		}
		r.moveTree(p, other, false)
	case "rmdir":
		switch {
		case !exists:
			return "ENOENT"
		case !isDir:
			return "ENOTDIR"
		case !flag && len(r.dirEntries(p)) > 0:
			return "ENOTEMPTY"
		}
		r.removePath(p)
	case "unlink":
		switch {
		case !exists:
			return "ENOENT"
		case isDir:
			return "EISDIR"
		}
		r.removePath(p)
	case "rename", "copy":
		if !exists {
			return "ENOENT"
		}
		if code := r.parentOK(other, false); code != "" {
			return code
		}
		_, otherDir, otherExists := r.statPath(other)
		switch {
		case op == "copy" && flag && otherExists:
			return "EEXIST"
		case op == "copy" && isDir:
			return "EISDIR"
		case otherExists && otherDir && !isDir:
			return "EISDIR"
		case otherExists && isDir && !otherDir:
			return "ENOTDIR"
		case otherExists && otherDir && len(r.dirEntries(other)) > 0 && other != p:
			return "ENOTEMPTY"
		case isDir && strings.HasPrefix(other, p+"/"):
			return "EINVAL"
		}
		if other == p {
			return ""
		}
		r.moveTree(p, other, op == "rename")
	}
	return ""
}

// parentOK is "" when p's parent directory exists (or, with recursive, can be made).
func (r *fsModule) parentOK(p string, recursive bool) string {
	for dir := path.Dir(p); dir != "/"; dir = path.Dir(dir) {
		_, isDir, ok := r.statPath(dir)
		switch {
		case ok && isDir:
			return ""
		case ok:
			return "ENOTDIR"
		case !recursive:
			return "ENOENT"
		}
	}
	return ""
}

// makeDirs makes p and the directories above it that are missing.
func (r *fsModule) makeDirs(p string) {
	fc := r.changes()
	for dir := p; dir != "/" && !r.isDir(dir); dir = path.Dir(dir) {
		r.mark(fc.dirs, dir)
		r.forget(fc.gone, dir)
		r.created(dir, true)
	}
}

// moveTree copies the file or directory from to the path to (replacing what is there),
// then with move removes from.
func (r *fsModule) moveTree(from, to string, move bool) {
	type entry struct {
		rel   string
		bytes []byte
		dir   bool
		meta  fsMeta
	}
	var entries []entry
	var walk func(p, rel string)
	walk = func(p, rel string) {
		if b, ok := r.fileBytes(p); ok {
			entries = append(entries, entry{rel, b, false, r.metaOf(p, false)}) // putFile copies it
			return
		}
		entries = append(entries, entry{rel, nil, true, r.metaOf(p, true)})
		for _, name := range r.dirEntries(p) {
			walk(p+"/"+name, rel+"/"+name)
		}
	}
	walk(from, "")
	if move {
		r.removePath(from)
	}
	if _, _, ok := r.statPath(to); ok {
		r.removePath(to)
	}
	fc := r.changes()
	for _, e := range entries {
		if e.dir {
			r.mark(fc.dirs, to+e.rel)
			r.forget(fc.gone, to+e.rel)
			r.created(to+e.rel, true)
		} else {
			r.putFile(to+e.rel, e.bytes)
		}
		// A rename keeps the inode; a copy is a new one with the same mode.
		m := r.metaOf(to+e.rel, e.dir)
		if move {
			m = e.meta
		}
		m.perm = e.meta.perm
		r.setMeta(to+e.rel, m)
	}
}

// fileSource finds a file the run started with: the entry program or a scenario file.
func (r *fsModule) fileSource(path string) (string, bool) {
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
