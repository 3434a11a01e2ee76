// worker_threads.js: Worker threads, each its own runtime and event loop on its own
// thread, sharing virtual time with the main thread; MessageChannel ports of one
// thread; BroadcastChannel across threads. Messages are structured-cloned
// (prelude_serdes.js) and delivered in the receiver's poll phase, each as a callback of
// its own.
//
// What Node does and this follows (checked against Node 20 and 24):
// - a MessagePort with a 'message' listener is started and keeps its thread alive
//   until it is closed, unref'd or loses its last 'message' listener (off/removeListener;
//   removeAllListeners does not unref it, as in Node);
// - close() closes both ends: 'close' on the closing port in the next close phase, on
//   its peer one loop iteration later; messages already posted are delivered first;
// - a worker's uncaught exception reaches the parent as 'error' with its class and own
//   properties; the Worker's threadId is -1 from its 'exit' event on.
(function (exports, internals) {
  'use strict';
  const { host, fileURLToPath, invalidArgType, makeError } = internals;
  const EventEmitter = internals.builtin('events');
  const EventTarget = internals.EventTarget;
  const serdes = internals.serdes;
  const info = host.workerInfo();
  const kOnMessage = Symbol('kOnMessage');
  const kNodeStyle = Symbol('nodeStyle');

  const crossThread = { crossThread: true };
  const serialize = (value, transfer) => {
    checkTransfer(transfer);
    return serdes.serialize(value, Object.assign({ transfer }, crossThread));
  };
  const deserialize = (payload) => serdes.deserialize(payload);

  function checkTransfer(list) {
    if (list === undefined || list === null) return;
    const items = Array.isArray(list) ? list : (list && Array.isArray(list.transfer) ? list.transfer : []);
    for (const x of items) {
      if (x instanceof MessagePort) internals.unsupported('transferring a MessagePort');
    }
  }

  // ---- MessagePort ---------------------------------------------------------------------
  let constructing = false;
  const environmentData = new Map();

  // A MessagePort is an EventTarget with Node's emitter methods (NodeEventTarget): a
  // listener added with on() gets the message's data, one added with
  // addEventListener() the MessageEvent.
  class MessagePort extends EventTarget {
    #peer = null;      // the other end, in this thread
    #queue = [];       // messages not yet delivered (payloads)
    #started = false;
    #closed = false;
    #ref = false;      // the handle keeps the loop alive
    #wantRef = true;   // ref()/unref() as the program asked
    #remote = null;    // parentPort: { post(payload), listen(deliver, ref) }
    constructor() {
      if (!constructing) throw makeError(TypeError, 'ERR_CONSTRUCT_CALL_INVALID', 'Constructor cannot be called');
      super();
    }
    static link(a, b) { a.#peer = b; b.#peer = a; }
    static remote(port, r) { port.#remote = r; }
    postMessage(value, transfer = undefined) {
      if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
      const payload = this.#remote ? serialize(value, transfer) : serdes.serialize(value, { transfer });
      if (this.#closed) return;
      if (this.#remote) { this.#remote.post(payload); return; }
      const peer = this.#peer;
      if (peer === null) return;
      peer.#queue.push(payload);
      if (peer.#started) peer.#wake();
    }
    start() {
      if (this.#started || this.#closed) return;
      this.#started = true;
      if (this.#remote) { this.#remote.listen((payload) => this.#dispatch(payload), this.#ref); return; }
      for (let i = 0; i < this.#queue.length; i++) this.#wake();
    }
    // #wake asks the poll phase to deliver the oldest queued message.
    #wake() {
      host.localMessage(() => {
        if (this.#closed && this.#queue.length === 0) return;
        const payload = this.#queue.shift();
        if (payload !== undefined) this.#dispatch(payload);
      }, undefined, false);
    }
    #dispatch(payload) {
      if (this.#closed) return;
      let data;
      try {
        data = deserialize(payload);
      } catch (err) {
        this.dispatchEvent(new (internals.MessageEvent)('messageerror', { data: err }));
        return;
      }
      this.dispatchEvent(new (internals.MessageEvent)('message', { data }));
    }
    // A once('message') listener taken off before its call: the port unrefs itself
    // when no 'message' listener is left, as after off().
    [internals.webEvents.kRemoveListener](type) { MessagePort.listenersChanged(this, type, false); }
    ref() {
      this.#wantRef = true;
      this.#setRef(this.#started && this.#listening());
      return this;
    }
    unref() {
      this.#wantRef = false;
      this.#setRef(false);
      return this;
    }
    hasRef() { return this.#ref; }
    #listening() { return internals.builtin('events').getEventListeners(this, 'message').length > 0; }
    #setRef(on) {
      on = on && this.#wantRef && !this.#closed;
      if (on === this.#ref) return;
      this.#ref = on;
      if (this.#remote) { if (this.#started) this.#remote.listen((payload) => this.#dispatch(payload), on); return; }
      host.handleRef(on ? 1 : -1);
    }
    close() {
      if (this.#closed) return;
      this.#closeHandle(true);
    }
    // #closeHandle closes this end: 'close' comes from the handle's close callback, and
    // the peer learns of it one iteration later.
    #closeHandle(tellPeer) {
      this.#closed = true;
      this.#setRef(false);
      const peer = this.#peer;
      this.#peer = null;
      if (this.#remote) this.#remote.close();
      host.queueClose('MessagePort close', () => {
        this.dispatchEvent(new (internals.Event)('close'));
        if (tellPeer && peer !== null && !peer.#closed) {
          host.localMessage(() => { if (!peer.#closed) peer.#closeHandle(false); }, undefined, true);
        }
      });
    }
    // receive takes the oldest queued message (receiveMessageOnPort).
    static receive(port) {
      if (!(port instanceof MessagePort)) throw invalidArgType('port', 'an instance of MessagePort', port);
      const payload = port.#queue.shift();
      return payload === undefined ? undefined : { message: deserialize(payload) };
    }
    // listenersChanged starts and refs a port that got a 'message' listener, unrefs one
    // whose last listener was removed.
    static listenersChanged(port, type, added) {
      if (type !== 'message') return;
      if (added) {
        port.start();
        port.#setRef(true);
      } else if (!port.#listening()) {
        port.#setRef(false);
      }
    }
  }

  // The emitter methods of a NodeEventTarget, and the listener hooks of a MessagePort.
  const addEventListener = EventTarget.prototype.addEventListener;
  const removeEventListener = EventTarget.prototype.removeEventListener;
  Object.defineProperties(MessagePort.prototype, {
    addEventListener: {
      value: function addEventListener_(type, listener, options) {
        Reflect.apply(addEventListener, this, [type, listener, options]);
        MessagePort.listenersChanged(this, String(type), true);
      }, writable: true, configurable: true,
    },
    removeEventListener: {
      value: function removeEventListener_(type, listener, options) {
        Reflect.apply(removeEventListener, this, [type, listener, options]);
        MessagePort.listenersChanged(this, String(type), false);
      }, writable: true, configurable: true,
    },
  });
  defineEmitterMethods(MessagePort.prototype);
  defineHandlerProperty(MessagePort.prototype, 'message');
  defineHandlerProperty(MessagePort.prototype, 'messageerror');

  // nodeValue is what a listener added with on() receives: a message's data, a custom
  // event's detail, nothing for the others.
  function nodeValue(ev) {
    if (ev instanceof internals.MessageEvent) return [ev.data];
    if (ev instanceof internals.CustomEvent) return [ev.detail];
    return [];
  }

  function defineEmitterMethods(proto) {
    const wrappers = new WeakMap(); // target -> Map(type -> [[listener, wrapper]])
    const listOf = (t, type) => {
      let m = wrappers.get(t);
      if (m === undefined) { m = new Map(); wrappers.set(t, m); }
      let l = m.get(type);
      if (l === undefined) { l = []; m.set(type, l); }
      return l;
    };
    const add = function (type, listener, once) {
      internals.validateFunction(listener, 'listener');
      type = String(type);
      const list = listOf(this, type);
      const target = this;
      const wrapper = function (ev) {
        if (once) {
          const i = list.findIndex((e) => e[1] === wrapper);
          if (i >= 0) list.splice(i, 1);
        }
        return Reflect.apply(listener, target, nodeValue(ev));
      };
      wrapper[kNodeStyle] = listener;
      list.push([listener, wrapper]);
      this.addEventListener(type, wrapper, { once });
      return this;
    };
    const remove = function (type, listener) {
      type = String(type);
      const list = listOf(this, type);
      const i = list.findIndex((e) => e[0] === listener);
      if (i >= 0) {
        const [, wrapper] = list.splice(i, 1)[0];
        this.removeEventListener(type, wrapper);
      }
      return this;
    };
    const methods = {
      on(type, listener) { return Reflect.apply(add, this, [type, listener, false]); },
      addListener(type, listener) { return Reflect.apply(add, this, [type, listener, false]); },
      once(type, listener) { return Reflect.apply(add, this, [type, listener, true]); },
      off(type, listener) { return Reflect.apply(remove, this, [type, listener]); },
      removeListener(type, listener) { return Reflect.apply(remove, this, [type, listener]); },
      removeAllListeners(type) {
        const m = wrappers.get(this);
        const types = type === undefined ? (m ? [...m.keys()] : []) : [String(type)];
        for (const t of types) {
          for (const [, wrapper] of listOf(this, t).splice(0)) Reflect.apply(removeEventListener, this, [t, wrapper]);
        }
        return this;
      },
      emit(type, arg) {
        return this.dispatchEvent(new (internals.CustomEvent)(String(type), { detail: arg }));
      },
      listenerCount(type) { return internals.builtin('events').getEventListeners(this, String(type)).length; },
      eventNames() {
        const m = wrappers.get(this);
        return m ? [...m.keys()].filter((t) => m.get(t).length > 0) : [];
      },
      setMaxListeners(n) { internals.builtin('events').setMaxListeners(n, this); return this; },
      getMaxListeners() { return internals.builtin('events').getMaxListeners(this); },
    };
    for (const k of Object.keys(methods)) {
      Object.defineProperty(proto, k, { value: methods[k], writable: true, configurable: true, enumerable: false });
    }
  }

  // defineHandlerProperty makes on<type>: one listener kept in place; setting onmessage
  // starts the port like adding a 'message' listener does.
  function defineHandlerProperty(proto, type) {
    const handlers = new WeakMap();
    Object.defineProperty(proto, 'on' + type, {
      get() { const h = handlers.get(this); return h ? h.fn : null; },
      set(fn) {
        let h = handlers.get(this);
        if (typeof fn !== 'function') fn = null;
        if (h) {
          if (fn) { h.fn = fn; return; }
          handlers.delete(this);
          this.removeEventListener(type, h.call);
          return;
        }
        if (!fn) return;
        h = { fn, call: null };
        h.call = function (ev) { return Reflect.apply(h.fn, this, [ev]); };
        handlers.set(this, h);
        this.addEventListener(type, h.call);
      },
      enumerable: true, configurable: true,
    });
  }

  const newPort = () => {
    constructing = true;
    try { return new MessagePort(); } finally { constructing = false; }
  };

  class MessageChannel {
    constructor() {
      this.port1 = newPort();
      this.port2 = newPort();
      MessagePort.link(this.port1, this.port2);
    }
  }

  // ---- Worker ----------------------------------------------------------------------------
  class Worker extends EventEmitter {
    #id;
    #exitWaiters = [];
    #exited = false;
    constructor(filename, options = {}) {
      super();
      const opts = options || {};
      let source, name, module;
      if (opts.eval) {
        if (typeof filename !== 'string') throw invalidArgType('filename', 'of type string', filename);
        source = filename;
        name = '[worker eval]';
        module = 'cjs';
      } else {
        const path = fileURLToPath(filename);
        if (typeof path !== 'string') throw invalidArgType('filename', 'of type string or an instance of URL', filename);
        source = host.readText(path);
        if (source === undefined) {
          throw makeError(Error, 'ERR_MODULE_NOT_FOUND', "Cannot find module '" + path + "'");
        }
        name = path.replace(/^\/app\//, '');
        module = /\.mjs$/.test(path) ? 'esm' : 'cjs';
      }
      if (opts.stdout || opts.stderr || opts.stdin) internals.unsupported("the Worker options stdout, stderr and stdin");
      const data = opts.workerData === undefined ? undefined : serialize(opts.workerData, opts.transferList);
      const env = environmentData.size ? serdes.serialize(environmentData, crossThread) : undefined;
      this.#id = host.workerStart(source, name, module, data, (kind, payload) => this.#event(kind, payload), env);
      this.threadId = this.#id;
      this.resourceLimits = Object.assign({ maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 2048, codeRangeSizeMb: 0, stackSizeMb: 4 }, opts.resourceLimits);
      this.performance = { eventLoopUtilization: () => ({ idle: 0, active: 0, utilization: 0 }) };
      this.stdin = null;
      this.stdout = null;
      this.stderr = null;
    }
    #event(kind, payload) {
      switch (kind) {
        case 'online': this.emit('online'); break;
        case 'message': this.emit('message', deserialize(payload)); break;
        case 'error': this.emit('error', serdes.deserializeError(payload)); break;
        case 'exit': {
          const code = Number(payload);
          this.#exited = true;
          this.threadId = -1;
          this.resourceLimits = {};
          this.emit('exit', code);
          for (const w of this.#exitWaiters.splice(0)) w(code);
          break;
        }
      }
    }
    postMessage(value, transfer = undefined) {
      if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
      const payload = serialize(value, transfer);
      if (!this.#exited) host.workerPost(this.#id, payload);
    }
    terminate(callback) {
      if (typeof callback === 'function') {
        use('process').emitWarning('Passing a callback to worker.terminate() is deprecated. It returns a Promise instead.', 'DeprecationWarning');
        this.once('exit', (code) => callback(null, code));
      }
      if (this.#exited) return Promise.resolve();
      return new Promise((resolve) => { this.#exitWaiters.push(resolve); host.workerStop(this.#id); });
    }
    ref() { host.workerRef(this.#id, true); return this; }
    unref() { host.workerRef(this.#id, false); return this; }
    get threadName() { return this.#exited ? null : 'WorkerThread'; }
    getHeapSnapshot() { return internals.unsupported('worker.getHeapSnapshot()'); }
    getHeapStatistics() { return internals.unsupported('worker.getHeapStatistics()'); }
    cpuUsage() { return internals.unsupported('worker.cpuUsage()'); }
    startCpuProfile() { return internals.unsupported('worker.startCpuProfile()'); }
    startHeapProfile() { return internals.unsupported('worker.startHeapProfile()'); }
  }
  const use = (n) => internals[n];

  // parentPort: this worker's end of the channel to its parent (in Go: portPost and
  // portListen).
  let parentPort = null;
  if (!info.isMain) {
    parentPort = newPort();
    MessagePort.remote(parentPort, {
      post: (payload) => host.portPost(payload),
      listen: (deliver, ref) => host.portListen(deliver, ref),
      close: () => host.portListen(() => {}, false),
    });
  }

  // ---- BroadcastChannel ------------------------------------------------------------------
  class BroadcastChannel extends EventTarget {
    #name;
    #id;
    constructor(name) {
      if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
      super();
      this.#name = String(name);
      this.#id = host.bcOpen(this.#name, (payload) => {
        let data;
        try {
          data = deserialize(payload);
        } catch (err) {
          this.dispatchEvent(new (internals.MessageEvent)('messageerror', { data: err }));
          return;
        }
        this.dispatchEvent(new (internals.MessageEvent)('message', { data }));
      });
    }
    get name() { return this.#name; }
    close() {
      if (this.#id === undefined) return;
      host.bcClose(this.#id);
      this.#id = undefined;
    }
    postMessage(message) {
      if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
      if (this.#id === undefined) throw new (internals.DOMException)('BroadcastChannel is closed.', 'InvalidStateError');
      host.bcPost(this.#id, serialize(message));
    }
    ref() { if (this.#id !== undefined) host.bcRef(this.#id, true); return this; }
    unref() { if (this.#id !== undefined) host.bcRef(this.#id, false); return this; }
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      if (depth < 0) return 'BroadcastChannel';
      return 'BroadcastChannel ' + inspect({ name: this.#name, active: this.#id !== undefined }, options);
    }
  }
  defineHandlerProperty(BroadcastChannel.prototype, 'message');
  defineHandlerProperty(BroadcastChannel.prototype, 'messageerror');
  if (internals.hasChange('R-V19')) { // Node 26.12.1: [object BroadcastChannel]
    Object.defineProperty(BroadcastChannel.prototype, Symbol.toStringTag, { value: 'BroadcastChannel', configurable: true });
  }

  // ---- locks (the Web Locks API) ---------------------------------------------------------
  // A request whose lock is free runs its callback at once, inside request(); the lock is
  // held until the callback's promise settles, then the next request of the name (in
  // order; shared ones together) is granted. Locks are this thread's: another thread's
  // LockManager does not see them.
  const kName = Symbol('kName'), kMode = Symbol('kMode');
  class Lock {
    constructor(name, mode) { this[kName] = name; this[kMode] = mode; }
    get name() { return this[kName]; }
    get mode() { return this[kMode]; }
  }
  class LockManager {
    #held = [];    // { name, mode }
    #pending = []; // { name, mode, run }
    request(name, options, callback) {
      if (typeof options === 'function') { callback = options; options = {}; }
      name = String(name);
      options = options || {};
      if (typeof callback !== 'function') return Promise.reject(invalidArgType('callback', 'of type function', callback));
      const mode = options.mode === undefined ? 'exclusive' : String(options.mode);
      if (mode !== 'exclusive' && mode !== 'shared') {
        return Promise.reject(makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The property 'options.mode' must be one of: 'shared', 'exclusive'. Received '" + mode + "'"));
      }
      if (name.startsWith('-')) return Promise.reject(new (internals.DOMException)('Lock name may not start with a hyphen', 'NotSupportedError'));
      const signal = options.signal;
      if (signal && signal.aborted) return Promise.reject(signal.reason);
      return new Promise((resolve, reject) => {
        const entry = { name, mode, run: null };
        entry.run = () => {
          const held = { name, mode };
          this.#held.push(held);
          let result;
          try {
            result = Promise.resolve(callback(new Lock(name, mode)));
          } catch (e) {
            result = Promise.reject(e);
          }
          const release = () => {
            this.#held.splice(this.#held.indexOf(held), 1);
            this.#grant();
          };
          result.then((v) => { release(); resolve(v); }, (e) => { release(); reject(e); });
        };
        if (options.steal) {
          for (const h of this.#held.filter((x) => x.name === name)) this.#held.splice(this.#held.indexOf(h), 1);
          entry.run();
          return;
        }
        if (this.#grantable(entry) && !this.#pending.some((p) => p.name === name)) { entry.run(); return; }
        if (options.ifAvailable) {
          let r;
          try { r = Promise.resolve(callback(null)); } catch (e) { r = Promise.reject(e); }
          r.then(resolve, reject);
          return;
        }
        this.#pending.push(entry);
        if (signal) {
          signal.addEventListener('abort', () => {
            const i = this.#pending.indexOf(entry);
            if (i >= 0) { this.#pending.splice(i, 1); reject(signal.reason); }
          }, { once: true });
        }
      });
    }
    #grantable(entry) {
      return this.#held.every((h) => h.name !== entry.name || (h.mode === 'shared' && entry.mode === 'shared'));
    }
    #grant() {
      for (let i = 0; i < this.#pending.length;) {
        const p = this.#pending[i];
        if (this.#pending.slice(0, i).some((q) => q.name === p.name) || !this.#grantable(p)) { i++; continue; }
        this.#pending.splice(i, 1);
        p.run();
      }
    }
    // query answers from the lock manager's thread: the snapshot comes after the current
    // microtasks.
    query() {
      const clientId = 'node-' + internals.process.pid + '-' + info.threadId;
      return new Promise((resolve) => internals.setImmediate(() => resolve({
        held: this.#held.slice().reverse().map((h) => ({ name: h.name, mode: h.mode, clientId })),
        pending: this.#pending.map((p) => ({ name: p.name, mode: p.mode, clientId })),
      })));
    }
  }
  const locks = new LockManager();

  // ---- the module ------------------------------------------------------------------------
  if (!info.isMain && info.env) {
    for (const [k, v] of deserialize(info.env)) environmentData.set(k, v);
  }
  const untransferable = new WeakSet();
  const SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');

  Object.assign(exports, {
    isInternalThread: false,
    isMainThread: info.isMain,
    MessagePort,
    MessageChannel,
    markAsUncloneable(obj) {
      if ((typeof obj === 'object' && obj !== null) || typeof obj === 'function') serdes.uncloneable.add(obj);
    },
    markAsUntransferable(obj) {
      if ((typeof obj === 'object' && obj !== null) || typeof obj === 'function') untransferable.add(obj);
    },
    isMarkedAsUntransferable: (obj) => untransferable.has(obj),
    receiveMessageOnPort: (port) => MessagePort.receive(port),
    resourceLimits: info.isMain ? {} : { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 2048, codeRangeSizeMb: 0, stackSizeMb: 4 },
    threadId: info.threadId,
    threadName: info.isMain ? '' : 'WorkerThread',
    SHARE_ENV,
    Worker,
    parentPort,
    workerData: info.isMain || info.data === undefined || info.data === '' ? null : deserialize(info.data),
    BroadcastChannel,
    setEnvironmentData(key, value) {
      if (value === undefined) environmentData.delete(key);
      else environmentData.set(key, value);
    },
    getEnvironmentData: (key) => environmentData.get(key),
    locks,
  });
})
