package sim

import (
	"github.com/looplab/looplab/sim/internal/engine"
)

// The host operations of sockets, HTTP, the database client and worker threads.

// opHTTPListen(port, backlog, onRequest) starts an HTTP server; it keeps the loop alive.
func (r *run) opHTTPListen(c *engine.Call) engine.Value {
	port := r.listen(int(argInt(c, 0)), int(argInt(c, 1)), r.js.Keep(c.Arg(2)))
	r.handles++
	line, _ := r.callerPos()
	r.step("listen", "HTTP server on port "+itoa(port), line, "The server listens; the kernel accepts connections for it into its accept queue.", "Server lắng nghe; kernel nhận connection vào hàng đợi accept thay cho nó.", "")
	return r.js.Int(int64(port))
}

// opHTTPEnd(reqId, status, body) is res.end(): the answer is complete.
func (r *run) opHTTPEnd(c *engine.Call) engine.Value {
	if q := r.http.byID[int(argInt(c, 0))]; q != nil {
		body := ""
		if v := c.Arg(2); !v.IsUndefined() {
			body = v.String()
		}
		r.endRequest(q, int(argInt(c, 1)), body)
	}
	return r.js.Undefined()
}

// opHTTPClose(port) stops a server from accepting connections.
func (r *run) opHTTPClose(c *engine.Call) engine.Value {
	if srv := r.http.servers[int(argInt(c, 0))]; srv != nil && srv.open {
		srv.open = false
		r.handles--
	}
	return r.js.Undefined()
}

// opHTTPRequest(url, method, body, onResponse(status, body), onError(code, message)).
func (r *run) opHTTPRequest(c *engine.Call) engine.Value {
	r.outbound(c.Arg(0).String(), c.Arg(1).String(), c.Arg(2).String(), r.js.Keep(c.Arg(3)), r.js.Keep(c.Arg(4)))
	return r.js.Undefined()
}

// opDBPool(size) -> the id of a new connection pool of size connections (0: the default).
func (r *run) opDBPool(c *engine.Call) engine.Value {
	return r.js.Int(int64(r.dbNewPool(int(argInt(c, 0)))))
}

// opDBQuery(poolID, sql, onDone(rowsJSON)).
func (r *run) opDBQuery(c *engine.Call) engine.Value {
	r.dbQueryStart(int(argInt(c, 0)), c.Arg(1).String(), r.js.Keep(c.Arg(2)))
	return r.js.Undefined()
}

// opWorkerInfo() -> {isMain, threadId, data}: what worker_threads tells this isolate.
func (r *run) opWorkerInfo(c *engine.Call) engine.Value {
	info := map[string]any{"isMain": r.iso.worker == nil, "threadId": r.iso.num}
	if r.iso.worker != nil && r.iso.dataJSON != "" {
		info["data"] = r.iso.dataJSON
	}
	return r.val(info)
}

// opWorkerStart(source, name, module, dataJSON, events) -> worker id.
func (r *run) opWorkerStart(c *engine.Call) engine.Value {
	data := ""
	if v := c.Arg(3); !v.IsUndefined() {
		data = v.String()
	}
	h := r.startWorker(c.Arg(0).String(), c.Arg(1).String(), ModuleKind(c.Arg(2).String()), data, r.js.Keep(c.Arg(4)))
	if r.workers == nil {
		r.workers = map[int]*workerHandle{}
	}
	r.workers[h.id] = h
	line, _ := r.callerPos()
	r.step("worker-starts", c.Arg(1).String(), line, "A worker thread starts: its own runtime and event loop, on a thread of its own.", "Một worker thread khởi động: runtime và event loop riêng, trên thread riêng.", "")
	return r.js.Int(int64(h.id))
}

func (r *run) workerArg(c *engine.Call) *workerHandle { return r.workers[int(argInt(c, 0))] }

// opWorkerPost(id, json) is Worker#postMessage.
func (r *run) opWorkerPost(c *engine.Call) engine.Value {
	if h := r.workerArg(c); h != nil {
		r.postToWorker(h, c.Arg(1).String())
	}
	return r.js.Undefined()
}

// opWorkerStop(id) is Worker#terminate.
func (r *run) opWorkerStop(c *engine.Call) engine.Value {
	if h := r.workerArg(c); h != nil {
		r.terminateWorker(h)
	}
	return r.js.Undefined()
}

// opWorkerRef(id, ref) is Worker#ref/unref: an unref'd worker does not keep its parent alive.
func (r *run) opWorkerRef(c *engine.Call) engine.Value {
	h := r.workerArg(c)
	ref := c.Arg(1).Truthy()
	if h != nil && !h.exited && h.ref != ref {
		h.ref = ref
		if ref {
			r.handles++
		} else {
			r.handles--
		}
	}
	return r.js.Undefined()
}

// opPortPost(json) is parentPort.postMessage in a worker.
func (r *run) opPortPost(c *engine.Call) engine.Value {
	if r.iso.worker != nil {
		r.notifyParent("message", c.Arg(0).String())
	}
	return r.js.Undefined()
}

// opPortListen(fn, ref) receives the parent's messages; a listening port keeps the worker alive.
func (r *run) opPortListen(c *engine.Call) engine.Value {
	ref := c.Arg(1).Truthy()
	listening := r.portFn.IsFunction()
	if ref && (!listening || !r.portRef) {
		r.handles++
	}
	if !ref && listening && r.portRef {
		r.handles--
	}
	if listening {
		r.js.Drop(r.portFn)
	}
	r.portFn, r.portRef = r.js.Keep(c.Arg(0)), ref
	return r.js.Undefined()
}

// opLocalMessage(fn, json) delivers a MessageChannel message in this isolate's poll phase.
func (r *run) opLocalMessage(c *engine.Call) engine.Value {
	fn, data := r.js.Keep(c.Arg(0)), r.js.Keep(c.Arg(1))
	// The port's async handle is signalled at once (same thread): the next poll delivers
	// it, and the pending message keeps the loop alive.
	r.addIO(&ioEvent{readyAt: r.now, label: "MessagePort message", kernel: true, ref: true, ctx: r.curReq, deliver: func() {
		r.invokeCallback("message", fn, r.js.Undefined(), []engine.Value{data})
		r.js.Drop(fn)
		r.js.Drop(data)
	}})
	return r.js.Undefined()
}
