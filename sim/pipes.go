package sim

import (
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// A process's standard streams (R-CP3): an outlet is where its writes on fd 1 or 2 go,
// a pipe carries bytes from writers to one reader. What a process writes into a pipe
// reaches the reader PipeUS later, as the kernel's pipe buffer does: what is written
// before the reader reads comes as one read (at most pipeReadBytes, libuv's read size),
// and the end of file comes once every writer is gone, after the data.

// outlet is where a process writes one of its fds.
type outlet interface {
	// write writes b at virtual time at.
	write(at int64, b []byte)
	// retain counts one more writer (a process that has the fd too).
	retain()
	// release drops one writer at time at (it closed the fd or ended).
	release(at int64)
}

// consoleOutlet is the run's own standard output or error: what a child that inherits
// it writes is printed, in virtual-time order with the run's own lines.
type consoleOutlet struct {
	root *run
	fd   int
}

func (o consoleOutlet) write(at int64, b []byte) {
	text := string(b)
	ends := strings.HasSuffix(text, "\n")
	o.root.writeChunk(o.fd, strings.TrimSuffix(text, "\n"), ends)
}
func (consoleOutlet) retain()       {}
func (consoleOutlet) release(int64) {}

// nullOutlet is /dev/null ('ignore').
type nullOutlet struct{}

func (nullOutlet) write(int64, []byte) {}
func (nullOutlet) retain()             {}
func (nullOutlet) release(int64)       {}

// pipeReadBytes is what one read of a pipe takes at most (libuv reads 64 KiB at a time).
const pipeReadBytes = 64 << 10

// pipe is a kernel pipe: writers write, one reader reads.
type pipe struct {
	id      int
	world   *world
	latency int64
	writers int
	reader  pipeReader
	buf     []byte // written and not yet read
	eof     bool   // every writer is gone
	eofRead bool   // the reader has had the end of file
	due     bool   // a read is scheduled
	closed  bool   // the read end is closed: what is written is lost (EPIPE)
	held    int64  // bytes of the run's heap limit buf holds
	holder  *run
}

// pipeReader reads a pipe: schedule runs a read at a virtual time in the reader's own
// context (its thread's poll phase, or the machine's kernel for a command), take gets
// what the read found.
type pipeReader interface {
	schedule(at int64, read func())
	take(b []byte, eof bool)
}

// newPipe makes a pipe of the world with one writer.
func (w *world) newPipe(latency int64) *pipe {
	w.pipeSeq++
	p := &pipe{id: w.pipeSeq, world: w, latency: latency, writers: 1}
	if w.pipes == nil {
		w.pipes = map[int]*pipe{}
	}
	w.pipes[p.id] = p
	return p
}

func (p *pipe) retain() { p.writers++ }

func (p *pipe) write(at int64, b []byte) {
	if p.closed || len(b) == 0 {
		return
	}
	p.buf = append(p.buf, b...)
	p.hold(int64(len(b)))
	p.wake(at + p.latency)
}

func (p *pipe) release(at int64) {
	if p.writers == 0 {
		return
	}
	p.writers--
	if p.writers == 0 {
		p.eof = true
		p.wake(at + p.latency)
	}
}

// hold charges bytes the pipe keeps to the run's heap limit (a writer that never waits
// for its reader cannot fill the server's memory).
func (p *pipe) hold(n int64) {
	r := p.world.main
	if r.js == nil {
		return
	}
	if !r.js.Hold(n) {
		r.abort(r.memoryError())
	}
	p.held += n
	p.holder = r
}

// attach makes rd the pipe's reader at time at: what waits in the pipe comes at once.
func (p *pipe) attach(rd pipeReader, at int64) {
	p.reader = rd
	if len(p.buf) > 0 || p.eof {
		p.wake(at)
	}
}

// wake schedules a read at time at unless one is scheduled already (it will find what
// was written meanwhile, as a read finds everything the pipe holds).
func (p *pipe) wake(at int64) {
	if p.reader == nil || p.due || p.eofRead {
		return
	}
	p.due = true
	p.reader.schedule(at, p.read)
}

// read hands the reader what the pipe holds, pipeReadBytes at a time, then the end of
// file when every writer is gone.
func (p *pipe) read() {
	p.due = false
	if p.closed {
		return
	}
	data := p.buf
	p.buf = nil
	if p.held > 0 && p.holder != nil && p.holder.js != nil {
		p.holder.js.Unhold(p.held)
	}
	p.held = 0
	readData := len(data) > 0
	for len(data) > 0 && !p.closed {
		n := min(len(data), pipeReadBytes)
		p.reader.take(data[:n], false)
		data = data[n:]
	}
	if d, ok := p.reader.(eofReader); ok && readData && p.eof && !p.eofRead && !p.closed && d.eofNextRead() {
		p.due = true
		p.reader.schedule(0, p.read) // the read that finds the end of file (R-V32)
		return
	}
	if p.eof && !p.eofRead && !p.closed {
		p.eofRead = true
		p.reader.take(nil, true)
	}
}

// closeRead closes the read end: nothing more is read, writers lose what they write.
func (p *pipe) closeRead() {
	p.closed = true
	p.buf = nil
}

// eofReader is a reader that may see the end of file only in a read of its own: libuv
// from 1.52 takes a read that found data as not the end, even when the writer is gone
// (R-V32), so the end of file comes from the next poll's read; before, a short read
// after the writer hung up was the end at once.
type eofReader interface {
	eofNextRead() bool
}

func (j *jsPipeReader) eofNextRead() bool { return j.r.prof.Has(ChangeEOFNextRead) }

// jsPipeReader is a pipe read by JavaScript in thread r (a stdio stream, an IPC channel):
// each read is a poll-phase callback onRead(ArrayBuffer) and, at the end, onRead(null).
type jsPipeReader struct {
	r      *run
	onRead engine.Value // kept in r's runtime
	label  string
}

func (j *jsPipeReader) schedule(at int64, read func()) {
	j.r.addIO(&ioEvent{ReadyAt: max(at, j.r.lp.Now()), Label: j.label, Kernel: true, Data: ioData{deliver: read}})
}

func (j *jsPipeReader) take(b []byte, eof bool) {
	r := j.r
	if r.exiting || r.js == nil {
		return
	}
	arg := r.js.Null()
	if !eof {
		arg = r.bufferValue(b)
	}
	r.invokeCallback(j.label, j.onRead, r.js.Undefined(), []engine.Value{arg})
	if eof {
		r.js.Drop(j.onRead)
	}
}

// funcReader is a pipe read by Go (a command's stdin): reads happen as the machine's
// actions at their time.
type funcReader struct {
	w  *world
	at *int64 // the reading program's clock, set to each read's time
	fn func(b []byte, eof bool)
}

func (f *funcReader) schedule(at int64, read func()) {
	f.w.main.lp.Machine().At(at, func() {
		*f.at = max(*f.at, at)
		read()
	})
}

func (f *funcReader) take(b []byte, eof bool) { f.fn(b, eof) }
