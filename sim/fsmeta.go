package sim

import (
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// An entry's inode as the program sees it: its permission bits and its four times. The
// files and directories a run starts with have mode 0644 or 0755 and every time at the
// simulation's epoch; what the program makes, writes, chmods or utimes has its own
// (fsChanges.meta), with the times of the virtual clock as Linux stamps them: a new entry
// is born, changed and modified now, a write modifies and changes it, chmod changes it,
// utimes sets its access and modification times and changes it (R-P9).

// fsMeta is an entry's permission bits (mode & 0o7777) and its times, in milliseconds
// since the Unix epoch.
type fsMeta struct {
	perm                       uint32
	atime, mtime, ctime, birth float64
}

// defaultPerm is the permission bits of an entry the run starts with, or makes without a
// mode: 0o666 or 0o777 under the umask 0o022.
func defaultPerm(dir bool) uint32 {
	if dir {
		return 0o755
	}
	return 0o644
}

// nowMS is the virtual clock as Date.now() reads it, with its microseconds.
func (r *fsModule) nowMS() float64 {
	return float64(simEpoch.UnixMilli()) + float64(r.lp.Now())/1000
}

// metaOf is the inode of the resolved path p (a directory when dir).
func (r *fsModule) metaOf(p string, dir bool) fsMeta {
	if r.fsc != nil {
		if m, ok := r.fsc.meta[p]; ok {
			return m
		}
	}
	t := float64(simEpoch.UnixMilli())
	return fsMeta{perm: defaultPerm(dir), atime: t, mtime: t, ctime: t, birth: t}
}

// created stamps the entry p the program just made: born now, with the default mode.
func (r *fsModule) created(p string, dir bool) {
	t := r.nowMS()
	r.setMeta(p, fsMeta{perm: defaultPerm(dir), atime: t, mtime: t, ctime: t, birth: t})
}

// modified stamps a write to the file p: modified and changed now (made now if new).
func (r *fsModule) modified(p string, isNew bool) {
	if isNew {
		r.created(p, false)
		return
	}
	m := r.metaOf(p, false)
	m.mtime, m.ctime = r.nowMS(), r.nowMS()
	r.setMeta(p, m)
}

// setMeta keeps m as the inode of p, held while it is kept (holdFS).
func (r *fsModule) setMeta(p string, m fsMeta) {
	fc := r.changes()
	if fc.meta == nil {
		fc.meta = map[string]fsMeta{}
	}
	if _, ok := fc.meta[p]; !ok {
		r.holdFS(fsEntry(p))
	}
	fc.meta[p] = m
}

// forgetMeta drops the inodes of p and everything under it (removed).
func (r *fsModule) forgetMeta(p string) {
	if r.fsc == nil {
		return
	}
	for k := range r.fsc.meta {
		if k == p || strings.HasPrefix(k, p+"/") {
			delete(r.fsc.meta, k)
			r.holdFS(-fsEntry(k))
		}
	}
}

// opFsMeta(op, path, a, b) changes the inode of path and returns "" or ENOENT:
//
//	chmod path mode          utimes path atimeMs mtimeMs
func (r *fsModule) opFsMeta(c *engine.Call) engine.Value {
	p := resolvePath(c.Arg(1).String())
	_, dir, ok := r.statPath(p)
	if !ok {
		return r.js.String("ENOENT")
	}
	m := r.metaOf(p, dir)
	switch c.Arg(0).String() {
	case "chmod":
		m.perm = uint32(c.Arg(2).Float()) & 0o7777
	case "utimes":
		m.atime, m.mtime = c.Arg(2).Float(), c.Arg(3).Float()
	}
	m.ctime = r.nowMS()
	r.setMeta(p, m)
	return r.js.String("")
}
