package sim

import (
	"github.com/looplab/looplab/sim/internal/engine"
)

// BroadcastChannel: every channel of a name, in any thread of the process, receives what
// another channel of that name posts (never its own messages). Delivery goes through the
// receiver's poll phase: at once in the sender's thread, after Costs.MessageUS in
// another. An open channel keeps its thread alive until close() or unref().

// broadcastChannel is one BroadcastChannel object of one isolate.
type broadcastChannel struct {
	id      int
	name    string
	owner   *run
	deliver engine.Value // owner JS: (payload) -> dispatches the MessageEvent
	ref     bool
	closed  bool
}

// channelBytes is what a channel costs the process (held for the run: natives.go).
const channelBytes = 128

// broadcastState is the process's channels, kept by the main thread's run.
type broadcastState struct {
	chans []*broadcastChannel
}

// processRoot is the main thread's run: what the whole process shares lives there.
func (r *workersModule) processRoot() *run {
	if r.iso.world != nil {
		return r.iso.world.main
	}
	return r.run
}

func (r *workersModule) broadcastChannel(id int) *broadcastChannel {
	for _, ch := range workersKey.of(r.processRoot()).broadcast.chans {
		if ch.id == id && ch.owner == r.run {
			return ch
		}
	}
	return nil
}

// opBCOpen(name, deliver) -> the id of a new channel of this isolate.
func (r *workersModule) opBCOpen(c *engine.Call) engine.Value {
	root := r.processRoot()
	r.hold(channelBytes) // the process keeps its channels to the end (closed ones too)
	ch := &broadcastChannel{id: r.nextSeq(), name: c.Arg(0).String(), owner: r.run, deliver: r.js.Keep(c.Arg(1)), ref: true}
	workersKey.of(root).broadcast.chans = append(workersKey.of(root).broadcast.chans, ch)
	r.lp.Ref()
	return r.js.Int(int64(ch.id))
}

// opBCPost(id, payload) sends a serialized message to every other open channel of the name.
func (r *workersModule) opBCPost(c *engine.Call) engine.Value {
	from := r.broadcastChannel(int(argInt(c, 0)))
	if from == nil || from.closed {
		return r.js.Undefined()
	}
	payload := c.Arg(1).String()
	for _, ch := range workersKey.of(r.processRoot()).broadcast.chans {
		if ch == from || ch.closed || ch.name != from.name || ch.owner.iso.dead {
			continue
		}
		to := ch
		target := to.owner
		at := r.lp.Now()
		if target != r.run {
			at += r.sc.Costs.MessageUS
		}
		release := r.holdMessage(target, len(payload))
		target.addIO(&ioEvent{ReadyAt: at, Label: "BroadcastChannel message", Kernel: true, Data: ioData{deliver: func() {
			release()
			if !to.closed {
				target.invokeCallback("BroadcastChannel message", to.deliver, target.js.Undefined(), []engine.Value{target.js.String(payload)})
			}
		}}})
	}
	return r.js.Undefined()
}

// opBCClose(id) closes a channel: it receives nothing more and keeps nothing alive.
func (r *workersModule) opBCClose(c *engine.Call) engine.Value {
	if ch := r.broadcastChannel(int(argInt(c, 0))); ch != nil {
		r.closeBroadcastChannel(ch)
	}
	return r.js.Undefined()
}

func (r *workersModule) closeBroadcastChannel(ch *broadcastChannel) {
	if ch.closed {
		return
	}
	ch.closed = true
	if ch.ref {
		ch.ref = false
		r.lp.Unref()
	}
	r.js.Drop(ch.deliver)
}

// opBCRef(id, ref) is BroadcastChannel#ref/unref.
func (r *workersModule) opBCRef(c *engine.Call) engine.Value {
	ch := r.broadcastChannel(int(argInt(c, 0)))
	ref := c.Arg(1).Truthy()
	if ch != nil && !ch.closed && ch.ref != ref {
		ch.ref = ref
		if ref {
			r.lp.Ref()
		} else {
			r.lp.Unref()
		}
	}
	return r.js.Undefined()
}

// closeBroadcastChannels closes the channels of an isolate that ends.
func (r *workersModule) closeBroadcastChannels() {
	for _, ch := range workersKey.of(r.processRoot()).broadcast.chans {
		if ch.owner == r.run && !ch.closed {
			ch.closed = true
		}
	}
}
