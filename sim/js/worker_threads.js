// worker_threads.js: Worker threads, each its own runtime and event loop on its own
// thread, sharing virtual time with the main thread. Messages are structured-cloned as
// JSON (Maps, Dates and the like do not survive) and delivered in the receiver's poll
// phase. A worker listening on parentPort stays alive until terminate() or process.exit().
(function (exports, internals) {
  'use strict';
  const { host, fileURLToPath, invalidArgType } = internals;
  const EventEmitter = internals.builtin('events');
  const info = host.workerInfo();
  const clone = (v) => (v === undefined ? 'null' : JSON.stringify(v));

  class Worker extends EventEmitter {
    constructor(filename, options) {
      super();
      const opts = options || {};
      let source, name, module;
      if (opts.eval) {
        source = String(filename);
        name = '[worker eval]';
        module = 'cjs';
      } else {
        const path = fileURLToPath(filename);
        if (typeof path !== 'string') throw invalidArgType('filename', 'of type string or an instance of URL', filename);
        source = host.readText(path);
        if (source === undefined) {
          throw internals.makeError(Error, 'ERR_MODULE_NOT_FOUND', "Cannot find module '" + path + "'");
        }
        name = path.replace(/^\/app\//, '');
        module = /\.mjs$/.test(path) ? 'esm' : 'cjs';
      }
      this._exitWaiters = [];
      this._id = host.workerStart(source, name, module, opts.workerData === undefined ? undefined : clone(opts.workerData),
        (kind, payload) => this._event(kind, payload));
      this.threadId = this._id;
    }
    _event(kind, payload) {
      switch (kind) {
        case 'online': this.emit('online'); break;
        case 'message': this.emit('message', JSON.parse(payload)); break;
        case 'error': this.emit('error', new Error(payload)); break;
        case 'exit': {
          const code = Number(payload);
          this.emit('exit', code);
          for (const w of this._exitWaiters.splice(0)) w(code);
          break;
        }
      }
    }
    postMessage(value) { host.workerPost(this._id, clone(value)); }
    terminate() { return new Promise((resolve) => { this._exitWaiters.push(resolve); host.workerStop(this._id); }); }
    ref() { host.workerRef(this._id, true); return this; }
    unref() { host.workerRef(this._id, false); return this; }
  }

  // ParentPort is parentPort inside a worker.
  class ParentPort extends EventEmitter {
    constructor() { super(); this._listening = false; this._ref = true; }
    on(ev, fn) {
      super.on(ev, fn);
      if (ev === 'message' && !this._listening) {
        this._listening = true;
        host.portListen((json) => this.emit('message', JSON.parse(json)), this._ref);
      }
      return this;
    }
    once(ev, fn) { const w = (...a) => { this.off(ev, w); fn(...a); }; return this.on(ev, w); }
    postMessage(value) { host.portPost(clone(value)); }
    close() { if (this._listening) host.portListen(() => {}, false); this._ref = false; }
    unref() { this._ref = false; if (this._listening) host.portListen((json) => this.emit('message', JSON.parse(json)), false); return this; }
    ref() { this._ref = true; if (this._listening) host.portListen((json) => this.emit('message', JSON.parse(json)), true); return this; }
  }
  ParentPort.prototype.addListener = ParentPort.prototype.on;

  // MessageChannel: two ports of this thread; a message arrives in its poll phase.
  class MessagePort extends EventEmitter {
    postMessage(value) {
      const other = this._other;
      const json = clone(value);
      if (other) host.localMessage((data) => other.emit('message', JSON.parse(data)), json);
    }
    start() {}
    close() { this._other = null; }
    unref() { return this; }
    ref() { return this; }
  }
  class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
      this.port1._other = this.port2;
      this.port2._other = this.port1;
    }
  }

  exports.Worker = Worker;
  exports.isMainThread = info.isMain;
  exports.threadId = info.threadId;
  exports.parentPort = info.isMain ? null : new ParentPort();
  exports.workerData = info.data === undefined ? null : JSON.parse(info.data);
  exports.MessageChannel = MessageChannel;
  exports.MessagePort = MessagePort;
  exports.resourceLimits = {};
  exports.isInternalThread = false;
  exports.threadName = info.isMain ? '' : 'WorkerThread';
  exports.SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');
})
