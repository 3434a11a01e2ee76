// events.js: Node's `events` module (EventEmitter) for the looplab simulator.
//
// Written for the simulator from the Node.js v20 documentation and the
// observed behaviour of node v20.20.2; where Node's observable details depend
// on its internal layout (listener storage, "shape mode", once wrappers) this
// follows Node's lib/events.js (MIT License, Copyright Node.js contributors).
// Checked against v20.20.2 with sim/testdata/jsmods/harness.cjs.
//
// The file is one function expression; the Go side evaluates it and calls it
// with (exports, hooks):
//   hooks.nextTick(fn, ...args)      process.nextTick (unused here today)
//   hooks.emitWarning(message, name) process.emitWarning: Node prints the
//                                    warning to stderr and emits process
//                                    'warning' from a later tick
//
// For `require('events')` to look like Node's, hand out exports.default (the
// EventEmitter function, which carries every other export as a property).
//
// Semantics the simulator relies on (node-semantics.md R-E1):
//   * emit() is synchronous; listeners run in registration order on a copy of
//     the listener array (added during an emit: not called; removed during an
//     emit: still called); it returns whether there were listeners.
//   * emit('error') with no 'error' listener throws synchronously.
//   * events.once() resolves a promise (the awaiting code resumes in a
//     microtask); it is an async function returning a promise, as in Node, so
//     the resolution takes the same number of microtask hops.
(function (exports, hooks) {
  'use strict';

  hooks = hooks || {};

  const kMaxEventTargetListeners = Symbol('events.maxEventTargetListeners');
  const kMaxEventTargetListenersWarned = Symbol('events.maxEventTargetListenersWarned');
  const kCapture = Symbol('kCapture');
  const errorMonitor = Symbol('events.errorMonitor');
  const captureRejectionSymbol = Symbol.for('nodejs.rejection');
  const kWarned = Symbol('kWarned');
  let defaultMaxListeners = 10;

  // ---- small helpers ---------------------------------------------------

  // A tiny util.inspect look-alike for error messages.
  function inspect(v, depth) {
    if (depth === undefined) depth = 2;
    switch (typeof v) {
      case 'string': {
        let q = "'";
        if (v.includes("'")) {
          if (!v.includes('"')) q = '"';
          else if (!v.includes('`') && !v.includes('${')) q = '`';
        }
        let body = v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
        if (q === "'") body = body.replace(/'/g, "\\'");
        return q + body + q;
      }
      case 'number':
        return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint':
        return String(v) + 'n';
      case 'undefined':
        return 'undefined';
      case 'boolean':
        return String(v);
      case 'symbol':
        return v.toString();
      case 'function': {
        const name = v.name ? ': ' + v.name : ' (anonymous)';
        return (/^class\s/.test(Function.prototype.toString.call(v)) ? '[class' : '[Function') + name + ']';
      }
      default:
        break;
    }
    if (v === null) return 'null';
    if (v instanceof Error) return v.stack || String(v);
    if (depth < 0) return Array.isArray(v) ? '[Array]' : '[Object]';
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return '[ ' + v.map((x) => inspect(x, depth - 1)).join(', ') + ' ]';
    }
    const keys = Object.keys(v);
    const ctor = Object.getPrototypeOf(v);
    let prefix = '';
    if (ctor === null) prefix = '[Object: null prototype] ';
    else if (ctor.constructor && ctor.constructor !== Object && ctor.constructor.name) prefix = ctor.constructor.name + ' ';
    if (keys.length === 0) return prefix + '{}';
    return prefix + '{ ' + keys.map((k) => {
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : "'" + k + "'";
      return key + ': ' + inspect(v[k], depth - 1);
    }).join(', ') + ' }';
  }

  function describeReceived(value) {
    if (value == null) return ' Received ' + value;
    if (typeof value === 'function') return ' Received function ' + (value.name || '<anonymous>');
    if (typeof value === 'object') {
      if (value.constructor && value.constructor.name) return ' Received an instance of ' + value.constructor.name;
      return ' Received ' + inspect(value, -1);
    }
    let shown = inspect(value, -1);
    if (shown.length > 28) shown = shown.slice(0, 25) + '...';
    return ' Received type ' + typeof value + ' (' + shown + ')';
  }

  // Errors shaped like Node's internal ones: `name` stays e.g. 'TypeError',
  // while toString() and the first stack line read 'TypeError [CODE]: msg'.
  const codedErrorClasses = new Map();
  function makeError(Base, code, message) {
    let C = codedErrorClasses.get(Base);
    if (!C) {
      C = class NodeError extends Base {
        toString() {
          return this.name + ' [' + this.code + ']: ' + this.message;
        }
      };
      codedErrorClasses.set(Base, C);
    }
    const err = new C(message);
    err.name = Base.prototype.name + ' [' + code + ']';
    err.stack; // eslint-disable-line no-unused-expressions -- materialise the stack with that name
    delete err.name;
    Object.defineProperty(err, 'code', { value: code, enumerable: true, writable: true, configurable: true });
    return err;
  }


  function checkListener(listener) {
    if (typeof listener !== 'function') {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
        'The "listener" argument must be of type function.' + describeReceived(listener));
    }
  }

  function checkMaxListeners(n, name) {
    if (typeof n !== 'number') {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
        'The "' + name + '" argument must be of type number.' + describeReceived(n));
    }
    if (!(n >= 0)) {
      throw makeError(RangeError, 'ERR_OUT_OF_RANGE',
        'The value of "' + name + '" is out of range. It must be >= 0. Received ' + formatNumber(n));
    }
  }

  // Node prints large integers in out-of-range messages with underscores.
  function formatNumber(n) {
    if (Number.isInteger(n) && Math.abs(n) > 2 ** 32) {
      const s = String(Math.abs(n));
      let out = '';
      for (let i = 0; i < s.length; i++) {
        if (i > 0 && (s.length - i) % 3 === 0) out += '_';
        out += s[i];
      }
      return (n < 0 ? '-' : '') + out;
    }
    return String(n);
  }


  // warn emits a process warning: an Error named name carrying props (the emitter, the
  // event type and the count for MaxListenersExceededWarning, as Node's).
  function warn(message, name, props) {
    if (typeof hooks.emitWarning !== 'function') return;
    const w = new Error(message);
    w.name = name;
    Object.assign(w, props);
    hooks.emitWarning(w);
  }

  function describeTarget(target) {
    const ctor = target && target.constructor;
    return '[' + ((ctor && ctor.name) || 'EventEmitter') + ']';
  }

  // ---- EventEmitter -----------------------------------------------------
  //
  // A plain constructor function (not a class) so that both
  // `class X extends EventEmitter` and the old `EventEmitter.call(this)`
  // inheritance style work. Listeners live in `this._events`, an object with
  // a null prototype mapping event name -> one listener function, or an
  // array of them once there are several (the same observable layout as
  // Node's). A `once` listener is stored as a wrapper carrying `.listener`.
  //
  // "Shape mode": an emitter whose `_events` object existed before init
  // (streams pre-declare their common event names) keeps its keys; removing
  // the last listener of a name sets the entry to undefined instead of
  // deleting it, and, like Node, does not announce that removal through
  // 'removeListener'.

  const kShapeMode = Symbol('shapeMode');

  function EventEmitter(opts) {
    EventEmitter.init.call(this, opts);
  }

  EventEmitter.prototype._events = undefined;
  EventEmitter.prototype._eventsCount = 0;
  EventEmitter.prototype._maxListeners = undefined;

  EventEmitter.init = function init(opts) {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = Object.create(null);
      this._eventsCount = 0;
      this[kShapeMode] = false;
    } else {
      this[kShapeMode] = true;
    }
    this._maxListeners = this._maxListeners || undefined;
    if (opts && opts.captureRejections !== undefined) {
      if (typeof opts.captureRejections !== 'boolean') {
        throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
          'The "options.captureRejections" property must be of type boolean.' + describeReceived(opts.captureRejections));
      }
      this[kCapture] = opts.captureRejections;
    } else {
      this[kCapture] = EventEmitter.prototype[kCapture];
    }
  };
  EventEmitter.prototype[kCapture] = false;

  // captureRejections: a listener's promise that rejects becomes, from a later tick,
  // a call of emitter[Symbol.for('nodejs.rejection')](err, type, ...args) if there is
  // one, else an 'error' event.
  function captureRejection(target, result, type, args) {
    if (!target[kCapture]) return;
    try {
      const then = result.then;
      if (typeof then === 'function') {
        then.call(result, undefined, (err) => hooks.nextTick(rejectionToError, target, err, type, args));
      }
    } catch (err) {
      target.emit('error', err);
    }
  }

  function rejectionToError(target, err, type, args) {
    if (typeof target[captureRejectionSymbol] === 'function') {
      target[captureRejectionSymbol](err, type, ...args);
      return;
    }
    const prev = target[kCapture];
    try {
      target[kCapture] = false;
      target.emit('error', err);
    } finally {
      target[kCapture] = prev;
    }
  }

  function maxOf(target) {
    return target._maxListeners === undefined ? defaultMaxListeners : target._maxListeners;
  }

  EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
    checkMaxListeners(n, 'setMaxListeners');
    this._maxListeners = n;
    return this;
  };

  EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
    return maxOf(this);
  };

  function addListener(target, type, listener, prepend) {
    checkListener(listener);
    let events = target._events;
    let existing;
    if (events === undefined) {
      events = target._events = Object.create(null);
      target._eventsCount = 0;
    } else {
      // 'newListener' is emitted before the listener is added.
      if (events.newListener !== undefined) {
        target.emit('newListener', type, listener.listener != null ? listener.listener : listener);
        events = target._events; // a newListener handler may have reset it
      }
      existing = events[type];
    }

    if (existing === undefined) {
      events[type] = listener;
      ++target._eventsCount;
      return target;
    }
    if (typeof existing === 'function') {
      existing = events[type] = prepend ? [listener, existing] : [existing, listener];
    } else if (prepend) {
      existing.unshift(listener);
    } else {
      existing.push(listener);
    }

    const m = maxOf(target);
    if (m > 0 && existing.length > m && !existing[kWarned]) {
      existing[kWarned] = true;
      warn('Possible EventEmitter memory leak detected. ' + existing.length + ' ' + String(type) +
        ' listeners added to ' + describeTarget(target) + '. MaxListeners is ' + m +
        '. Use emitter.setMaxListeners() to increase limit', 'MaxListenersExceededWarning',
        { emitter: target, type, count: existing.length });
    }
    return target;
  }

  EventEmitter.prototype.addListener = function addListener_(type, listener) {
    return addListener(this, type, listener, false);
  };
  EventEmitter.prototype.on = EventEmitter.prototype.addListener;

  EventEmitter.prototype.prependListener = function prependListener(type, listener) {
    return addListener(this, type, listener, true);
  };

  function onceWrapper() {
    if (!this.fired) {
      this.target.removeListener(this.type, this.wrapFn);
      this.fired = true;
      return this.listener.apply(this.target, arguments);
    }
    return undefined;
  }

  function onceWrap(target, type, listener) {
    const state = { fired: false, wrapFn: undefined, target, type, listener };
    const wrapped = onceWrapper.bind(state);
    wrapped.listener = listener;
    state.wrapFn = wrapped;
    return wrapped;
  }

  EventEmitter.prototype.once = function once(type, listener) {
    checkListener(listener);
    this.on(type, onceWrap(this, type, listener));
    return this;
  };

  EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
    checkListener(listener);
    this.prependListener(type, onceWrap(this, type, listener));
    return this;
  };

  EventEmitter.prototype.removeListener = function removeListener(type, listener) {
    checkListener(listener);
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;

    if (list === listener || list.listener === listener) {
      this._eventsCount -= 1;
      if (this[kShapeMode]) {
        events[type] = undefined;
      } else if (this._eventsCount === 0) {
        this._events = Object.create(null);
      } else {
        delete events[type];
        if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
      }
    } else if (typeof list !== 'function') {
      // The most recently added matching listener is removed.
      let pos = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          pos = i;
          break;
        }
      }
      if (pos < 0) return this;
      list.splice(pos, 1);
      if (list.length === 1) events[type] = list[0];
      if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
    }
    return this;
  };
  EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

  EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
    const events = this._events;
    if (events === undefined) return this;

    if (events.removeListener === undefined) {
      // Nobody watches removals: just drop the lists.
      if (arguments.length === 0) {
        this._events = Object.create(null);
        this._eventsCount = 0;
      } else if (events[type] !== undefined) {
        if (--this._eventsCount === 0) this._events = Object.create(null);
        else delete events[type];
      }
      this[kShapeMode] = false;
      return this;
    }

    if (arguments.length === 0) {
      for (const key of Reflect.ownKeys(events)) {
        if (key === 'removeListener') continue;
        this.removeAllListeners(key);
      }
      this.removeAllListeners('removeListener');
      this._events = Object.create(null);
      this._eventsCount = 0;
      this[kShapeMode] = false;
      return this;
    }

    const listeners = events[type];
    if (typeof listeners === 'function') {
      this.removeListener(type, listeners);
    } else if (listeners !== undefined) {
      // Last in, first out, each one announced through 'removeListener'.
      for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
    }
    return this;
  };

  function unhandledError(er) {
    if (er instanceof Error) return er;
    let shown;
    try {
      shown = inspect(er);
    } catch (e) {
      shown = String(er);
    }
    const err = makeError(Error, 'ERR_UNHANDLED_ERROR', 'Unhandled error. (' + shown + ')');
    err.context = er;
    return err;
  }

  EventEmitter.prototype.emit = function emit(type, ...args) {
    let doError = type === 'error';
    const events = this._events;
    if (events !== undefined) {
      if (doError && events[errorMonitor] !== undefined) this.emit(errorMonitor, ...args);
      doError = doError && events.error === undefined;
    } else if (!doError) {
      return false;
    }
    if (doError) throw unhandledError(args.length > 0 ? args[0] : undefined);

    const handler = events[type];
    if (handler === undefined) return false;
    if (typeof handler === 'function') {
      const result = handler.apply(this, args);
      if (result !== undefined && result !== null) captureRejection(this, result, type, args);
    } else {
      const handlers = handler.slice(); // R-E1: iterate over a copy
      for (let i = 0; i < handlers.length; i++) {
        const result = handlers[i].apply(this, args);
        if (result !== undefined && result !== null) captureRejection(this, result, type, args);
      }
    }
    return true;
  };

  function listenersOf(target, type, unwrap) {
    const events = target._events;
    if (events === undefined) return [];
    const l = events[type];
    if (l === undefined) return [];
    if (typeof l === 'function') return unwrap ? [l.listener || l] : [l];
    return unwrap ? l.map((x) => x.listener || x) : l.slice();
  }

  EventEmitter.prototype.listeners = function listeners(type) {
    return listenersOf(this, type, true);
  };

  EventEmitter.prototype.rawListeners = function rawListeners(type) {
    return listenersOf(this, type, false);
  };

  function listenerCount(type, listener) {
    const events = this._events;
    if (events === undefined) return 0;
    const l = events[type];
    if (typeof l === 'function') {
      if (listener != null) return listener === l || listener === l.listener ? 1 : 0;
      return 1;
    }
    if (l === undefined) return 0;
    if (listener == null) return l.length;
    let n = 0;
    for (const x of l) if (x === listener || x.listener === listener) n++;
    return n;
  }
  EventEmitter.prototype.listenerCount = listenerCount;

  EventEmitter.prototype.eventNames = function eventNames() {
    return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
  };

  EventEmitter.listenerCount = function (emitter, type) {
    if (typeof emitter.listenerCount === 'function') return emitter.listenerCount(type);
    return listenerCount.call(emitter, type);
  };

  Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
    enumerable: true,
    get() { return defaultMaxListeners; },
    set(n) {
      checkMaxListeners(n, 'defaultMaxListeners');
      defaultMaxListeners = n;
    },
  });

  // ---- module-level helpers ------------------------------------------

  function isEventTarget(t) {
    return t != null && typeof t.addEventListener === 'function' && typeof t.on !== 'function';
  }

  function getEventListeners(target, type) {
    if (target != null && typeof target.listeners === 'function') return target.listeners(type);
    if (isEventTarget(target) && typeof hooks.eventTargetListeners === 'function') return hooks.eventTargetListeners(target, type);
    return [];
  }

  // addAbortListener(signal, listener): listener runs once when signal aborts (from a
  // microtask when it already has); the result removes it when disposed.
  function addAbortListener(signal, listener) {
    if (signal === undefined) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "signal" argument must be an instance of AbortSignal.' + describeReceived(signal));
    }
    checkListener(listener);
    let removeEventListener;
    if (signal.aborted) {
      queueMicrotask(() => (typeof hooks.abortListenerEvent === 'function' ? hooks.abortListenerEvent(signal, listener) : listener()));
    } else {
      signal.addEventListener('abort', listener, { once: true });
      removeEventListener = () => signal.removeEventListener('abort', listener);
    }
    return {
      __proto__: null,
      [Symbol.dispose]() { if (removeEventListener) removeEventListener(); },
    };
  }

  // EventEmitterAsyncResource: an EventEmitter with an async resource of its own; the
  // simulator has no async_hooks to observe it, so the resource carries its ids only.
  let nextAsyncId = 100;
  class EventEmitterReferencingAsyncResource {
    constructor(ee, type, options) {
      this.type = type;
      this.asyncId_ = nextAsyncId++;
      this.triggerAsyncId_ = options && options.triggerAsyncId !== undefined ? options.triggerAsyncId : 1;
      this.eventEmitter = ee;
    }
    asyncId() { return this.asyncId_; }
    triggerAsyncId() { return this.triggerAsyncId_; }
    emitDestroy() { return this; }
    runInAsyncScope(fn, thisArg, ...args) { return fn.apply(thisArg, args); }
    bind(fn, thisArg) { return fn.bind(thisArg); }
  }
  class EventEmitterAsyncResource extends EventEmitter {
    #resource;
    constructor(options = undefined) {
      let name;
      if (typeof options === 'string') {
        name = options;
        options = undefined;
      } else {
        name = (options && options.name) || new.target.name;
      }
      super(options);
      this.#resource = new EventEmitterReferencingAsyncResource(this, name, options);
    }
    emit(event, ...args) {
      return this.#resource.runInAsyncScope(EventEmitter.prototype.emit, this, event, ...args);
    }
    emitDestroy() { this.#resource.emitDestroy(); }
    get asyncId() { return this.#resource.asyncId(); }
    get triggerAsyncId() { return this.#resource.triggerAsyncId(); }
    get asyncResource() { return this.#resource; }
  }

  function getMaxListeners(target) {
    if (target != null && typeof target.getMaxListeners === 'function') return target.getMaxListeners();
    if (target != null && target[kMaxEventTargetListeners] !== undefined) return target[kMaxEventTargetListeners];
    return defaultMaxListeners;
  }

  function setMaxListeners(n, ...targets) {
    if (n === undefined) n = defaultMaxListeners;
    checkMaxListeners(n, 'setMaxListeners');
    if (targets.length === 0) {
      defaultMaxListeners = n;
      return;
    }
    for (const t of targets) {
      if (t != null && typeof t.setMaxListeners === 'function') t.setMaxListeners(n);
      else if (t != null && typeof t.addEventListener === 'function') t[kMaxEventTargetListeners] = n;
      else {
        throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
          'The "eventTargets" argument must be an instance of EventEmitter or EventTarget.' + describeReceived(t));
      }
    }
  }

  // Node's AbortError (code ABORT_ERR, the signal's reason as its cause), from the host
  // when it has one.
  function abortError(signal) {
    if (typeof hooks.abortError === 'function') return hooks.abortError(signal);
    const err = new Error('The operation was aborted', signal ? { cause: signal.reason } : undefined);
    err.name = 'AbortError';
    err.code = 'ABORT_ERR';
    return err;
  }

  // events.once(emitter, name[, { signal }]): a promise for the array of
  // arguments of the next `name` event; rejects on 'error' (unless the
  // awaited event is 'error' itself). An async function returning a promise,
  // like Node's, so resolution costs the same microtask hops.
  async function once(emitter, name, options) {
    const signal = options ? options.signal : undefined;
    if (signal && signal.aborted) throw abortError(signal);
    return new Promise((resolve, reject) => {
      let onAbort;
      const errorListener = (err) => {
        removeAgnostic(emitter, name, resolver);
        if (signal && onAbort) signal.removeEventListener('abort', onAbort);
        reject(err);
      };
      const resolver = (...args) => {
        if (typeof emitter.removeListener === 'function') emitter.removeListener('error', errorListener);
        if (signal && onAbort) signal.removeEventListener('abort', onAbort);
        resolve(args);
      };
      if (isEventTarget(emitter)) {
        emitter.addEventListener(name, resolver, { once: true });
      } else {
        emitter.once(name, resolver);
        if (name !== 'error' && typeof emitter.once === 'function') emitter.once('error', errorListener);
      }
      if (signal) {
        onAbort = () => {
          removeAgnostic(emitter, name, resolver);
          removeAgnostic(emitter, 'error', errorListener);
          reject(abortError(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  function removeAgnostic(emitter, name, listener) {
    if (typeof emitter.removeListener === 'function') emitter.removeListener(name, listener);
    else if (typeof emitter.removeEventListener === 'function') emitter.removeEventListener(name, listener);
  }

  // events.on(emitter, name[, { signal, close }]): an async iterator over the event's
  // argument arrays, as Node's: the events not read yet are queued; an 'error' event (or
  // the signal's abort) rejects the waiting read, or the next one, and ends the
  // iteration; one of the close events ends it (the queued events are still read).
  function on(emitter, name, options) {
    const signal = options ? options.signal : undefined;
    if (signal && signal.aborted) throw abortError(signal);
    const closeEvents = options ? options.close : undefined;
    const unconsumed = [];
    const pending = [];
    let error = null;
    let finished = false;
    const done = () => ({ value: undefined, done: true });

    const eventHandler = (...args) => {
      const p = pending.shift();
      if (p) p.resolve({ value: args, done: false });
      else unconsumed.push(args);
    };
    const errorHandler = (err) => {
      const p = pending.shift();
      if (p) p.reject(err);
      else error = err;
      closeHandler();
    };
    const onAbort = () => errorHandler(abortError(signal));
    const closeHandler = () => {
      removeAgnostic(emitter, name, eventHandler);
      removeAgnostic(emitter, 'error', errorHandler);
      if (closeEvents) for (const c of closeEvents) removeAgnostic(emitter, c, closeHandler);
      if (signal) signal.removeEventListener('abort', onAbort);
      finished = true;
      for (const p of pending.splice(0)) p.resolve(done());
      return Promise.resolve(done());
    };

    const iterator = Object.setPrototypeOf({
      next() {
        if (unconsumed.length > 0) return Promise.resolve({ value: unconsumed.shift(), done: false });
        if (error) {
          const p = Promise.reject(error);
          error = null;
          return p;
        }
        if (finished) return closeHandler();
        return new Promise((resolve, reject) => pending.push({ resolve, reject }));
      },
      return() { return closeHandler(); },
      throw(err) {
        if (!err || !(err instanceof Error)) throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "EventEmitter.AsyncIterator" property must be an instance of Error.' + describeReceived(err));
        errorHandler(err);
      },
    }, AsyncIteratorPrototype);
    addAgnostic(emitter, name, eventHandler);
    if (name !== 'error' && typeof emitter.on === 'function') emitter.on('error', errorHandler);
    if (closeEvents && closeEvents.length) for (const c of closeEvents) addAgnostic(emitter, c, closeHandler);
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    return iterator;
  }
  const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);
  function addAgnostic(emitter, name, listener) {
    if (typeof emitter.on === 'function') emitter.on(name, listener);
    else if (typeof emitter.addEventListener === 'function') emitter.addEventListener(name, listener);
    else throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "emitter" argument must be an instance of EventEmitter or EventTarget.' + describeReceived(emitter));
  }

  // ---- exports --------------------------------------------------------

  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.once = once;
  EventEmitter.on = on;
  EventEmitter.errorMonitor = errorMonitor;
  EventEmitter.captureRejectionSymbol = captureRejectionSymbol;
  Object.defineProperty(EventEmitter, 'captureRejections', {
    enumerable: true,
    configurable: true,
    get() { return EventEmitter.prototype[kCapture]; },
    set(value) {
      if (typeof value !== 'boolean') {
        throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "EventEmitter.captureRejections" property must be of type boolean.' + describeReceived(value));
      }
      EventEmitter.prototype[kCapture] = value;
    },
  });
  EventEmitter.addAbortListener = addAbortListener;
  EventEmitter.EventEmitterAsyncResource = EventEmitterAsyncResource;
  Object.defineProperty(EventEmitter, 'kMaxEventTargetListeners', { value: kMaxEventTargetListeners, enumerable: false, configurable: true });
  Object.defineProperty(EventEmitter, 'kMaxEventTargetListenersWarned', { value: kMaxEventTargetListenersWarned, enumerable: false, configurable: true });
  EventEmitter.usingDomains = false;
  EventEmitter.getEventListeners = getEventListeners;
  EventEmitter.getMaxListeners = getMaxListeners;
  EventEmitter.setMaxListeners = setMaxListeners;
  // `events.init` exists in Node; keep the reference.

  exports.EventEmitter = EventEmitter;
  exports.default = EventEmitter;
  exports.once = once;
  exports.on = on;
  exports.errorMonitor = errorMonitor;
  exports.captureRejectionSymbol = captureRejectionSymbol;
  Object.defineProperty(exports, 'captureRejections', Object.getOwnPropertyDescriptor(EventEmitter, 'captureRejections'));
  exports.addAbortListener = addAbortListener;
  exports.EventEmitterAsyncResource = EventEmitterAsyncResource;
  Object.defineProperty(exports, 'kMaxEventTargetListeners', { value: kMaxEventTargetListeners, enumerable: false, configurable: true });
  exports.usingDomains = false;
  exports.getEventListeners = getEventListeners;
  exports.getMaxListeners = getMaxListeners;
  exports.setMaxListeners = setMaxListeners;
  exports.init = EventEmitter.init;
  exports.listenerCount = EventEmitter.listenerCount;
  Object.defineProperty(exports, 'defaultMaxListeners', {
    enumerable: true,
    configurable: true,
    get() { return defaultMaxListeners; },
    set(n) {
      checkMaxListeners(n, 'defaultMaxListeners');
      defaultMaxListeners = n;
    },
  });
  return exports;
})
