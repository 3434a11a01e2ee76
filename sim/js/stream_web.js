// stream_web.js: node:stream/web, the WHATWG Streams (ReadableStream, WritableStream,
// TransformStream, their readers, writers and controllers, the queuing strategies) and
// the text and compression streams Node builds on them. Written from the Streams standard's
// algorithms, which fix when each promise settles: the microtask order of a stream is
// the standard's (and Node's, which follows it).
//
// Every object keeps its internal slots in one non-enumerable property (S); the abstract
// operations below are the standard's, named as there.
(function (exports, internals) {
  'use strict';
  const { makeError, invalidArgType } = internals;
  // A read()'s result: { done, value } from Node 26.4 (R-V22), { value, done } before.
  const doneFirst = internals.hasChange('R-V22');
  const readResult = (value, done) => (doneFirst ? { done, value } : { value, done });
  const defineProperty = Object.defineProperty;
  const S = Symbol('slots');
  const inspect = Symbol.for('nodejs.util.inspect.custom');
  const slots = (o) => (o !== null && typeof o === 'object' ? o[S] : undefined);
  const setSlots = (o, s) => { defineProperty(o, S, { value: s }); return s; };
  const illegal = () => makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
  const invalidState = (msg) => makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: ' + msg);
  const invalidThis = (name) => makeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type ' + name);
  let constructing = false;
  const construct = (C, ...a) => { constructing = true; try { return new C(...a); } finally { constructing = false; } };

  // ---- promises ---------------------------------------------------------------------------
  // deferred is a promise with its resolving functions and its state.
  const deferred = () => {
    const d = { state: 'pending' };
    d.promise = new Promise((res, rej) => {
      d.resolve = (v) => { if (d.state === 'pending') d.state = 'fulfilled'; res(v); };
      d.reject = (e) => { if (d.state === 'pending') d.state = 'rejected'; rej(e); };
    });
    return d;
  };
  const then = Promise.prototype.then;
  const react = (p, onOk, onErr) => Reflect.apply(then, p, [onOk, onErr]);
  const handled = (p) => { react(p, undefined, () => {}); return p; };
  const resolved = (v) => Promise.resolve(v);
  const rejected = (e) => Promise.reject(e);
  // promiseCall calls fn, turning a throw into a rejected promise.
  const promiseCall = (fn, thisArg, args) => {
    if (fn === undefined) return resolved(undefined);
    try {
      return resolved(Reflect.apply(fn, thisArg, args));
    } catch (e) {
      return rejected(e);
    }
  };

  // ---- queue with sizes ---------------------------------------------------------------------
  const dequeueValue = (c) => {
    const pair = c.queue.shift();
    c.queueTotalSize = Math.max(0, c.queueTotalSize - pair.size);
    return pair.value;
  };
  const enqueueValueWithSize = (c, value, size) => {
    if (typeof size !== 'number' || Number.isNaN(size) || size < 0 || size === Infinity) {
      throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'size' is invalid. Received " + size);
    }
    c.queue.push({ value, size });
    c.queueTotalSize += size;
  };
  const resetQueue = (c) => { c.queue = []; c.queueTotalSize = 0; };

  function extractHighWaterMark(strategy, def) {
    if (strategy === undefined || strategy.highWaterMark === undefined) return def;
    const h = Number(strategy.highWaterMark);
    if (Number.isNaN(h) || h < 0) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The property 'strategy.highWaterMark' is invalid. Received " + strategy.highWaterMark);
    return h;
  }
  const extractSizeAlgorithm = (strategy) => {
    if (strategy === undefined || strategy.size === undefined) return () => 1;
    const size = strategy.size;
    if (typeof size !== 'function') throw invalidArgType('strategy.size', 'of type function', size);
    return (chunk) => size(chunk);
  };

  const isBufferSource = (v) => ArrayBuffer.isView(v);
  const copyBytes = (view) => new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));

  // ==== ReadableStream ========================================================================
  class ReadableStream {
    constructor(underlyingSource = undefined, strategy = undefined) {
      const s = setSlots(this, { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined });
      if (underlyingSource === null) throw invalidArgType('source', 'of type object', underlyingSource);
      const source = underlyingSource === undefined ? {} : underlyingSource;
      if (strategy !== undefined && (strategy === null || typeof strategy !== 'object')) throw invalidArgType('strategy', 'of type object', strategy);
      const type = source.type;
      if (type !== undefined && String(type) !== 'bytes') {
        throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'source.type' is invalid. Received " + type);
      }
      if (String(type) === 'bytes') {
        if (strategy && strategy.size !== undefined) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'strategy.size' is invalid. Received " + strategy.size);
        setUpByteControllerFromSource(this, source, extractHighWaterMark(strategy, 0));
      } else {
        setUpDefaultControllerFromSource(this, source, extractHighWaterMark(strategy, 1), extractSizeAlgorithm(strategy));
      }
      void s;
    }
    get locked() { return isLocked(checkRS(this)); }
    cancel(reason = undefined) {
      const s = slots(this);
      if (!s || !('disturbed' in s)) return rejected(invalidThis('ReadableStream'));
      if (isLocked(this)) return rejected(invalidState('ReadableStream is locked'));
      return readableStreamCancel(this, reason);
    }
    getReader(options = undefined) {
      checkRS(this);
      const mode = options === undefined || options === null ? undefined : options.mode;
      if (mode === undefined) return construct(ReadableStreamDefaultReader, this);
      if (String(mode) !== 'byob') throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'options.mode' must be 'byob'. Received '" + mode + "'");
      return construct(ReadableStreamBYOBReader, this);
    }
    pipeThrough(transform, options = {}) {
      checkRS(this);
      if (!transform || !(transform.readable instanceof ReadableStream)) throw invalidArgType('transform.readable', 'an instance of ReadableStream', transform && transform.readable);
      if (!(transform.writable instanceof WritableStream)) throw invalidArgType('transform.writable', 'an instance of WritableStream', transform.writable);
      if (isLocked(this)) throw invalidState('The ReadableStream is locked');
      if (isWritableLocked(transform.writable)) throw invalidState('The WritableStream is locked');
      handled(pipeTo(this, transform.writable, options));
      return transform.readable;
    }
    pipeTo(destination, options = {}) {
      if (!slots(this) || !('disturbed' in slots(this))) return rejected(invalidThis('ReadableStream'));
      if (!(destination instanceof WritableStream)) return rejected(invalidArgType('transform.writable', 'an instance of WritableStream', destination));
      if (isLocked(this)) return rejected(invalidState('The ReadableStream is locked'));
      if (isWritableLocked(destination)) return rejected(invalidState('The WritableStream is locked'));
      return pipeTo(this, destination, options || {});
    }
    tee() { checkRS(this); return readableStreamTee(this); }
    values(options = undefined) {
      checkRS(this);
      const preventCancel = !!(options && options.preventCancel);
      return makeAsyncIterator(this, preventCancel);
    }
    [Symbol.asyncIterator](options) { return this.values(options); }
    static from(iterable) { return readableStreamFromIterable(iterable); }
    [inspect](depth, options, insp) {
      const s = slots(this);
      return 'ReadableStream ' + insp({ locked: isLocked(this), state: s.state, supportsBYOB: s.controller instanceof ReadableByteStreamController }, options);
    }
  }
  defineProperty(ReadableStream.prototype, Symbol.toStringTag, { value: 'ReadableStream', configurable: true });

  const checkRS = (rs) => {
    const s = slots(rs);
    if (!s || !('disturbed' in s)) throw invalidThis('ReadableStream');
    return rs;
  };
  const isLocked = (rs) => slots(rs).reader !== undefined;

  function readableStreamCancel(stream, reason) {
    const s = slots(stream);
    s.disturbed = true;
    if (s.state === 'closed') return resolved(undefined);
    if (s.state === 'errored') return rejected(s.storedError);
    readableStreamClose(stream);
    const reader = s.reader;
    if (reader !== undefined && slots(reader).kind === 'byob') {
      const rr = slots(reader).readIntoRequests;
      slots(reader).readIntoRequests = [];
      for (const r of rr) r.close(undefined);
    }
    const sourceCancel = slots(s.controller).cancelSteps(reason);
    return react(sourceCancel, () => undefined);
  }

  function readableStreamClose(stream) {
    const s = slots(stream);
    s.state = 'closed';
    const reader = s.reader;
    if (reader === undefined) return;
    const rs = slots(reader);
    rs.closed.resolve(undefined);
    if (rs.kind === 'default') {
      const reqs = rs.readRequests;
      rs.readRequests = [];
      for (const r of reqs) r.close();
    }
  }

  function readableStreamError(stream, e) {
    const s = slots(stream);
    s.state = 'errored';
    s.storedError = e;
    const reader = s.reader;
    if (reader === undefined) return;
    const rs = slots(reader);
    rs.closed.reject(e);
    handled(rs.closed.promise);
    if (rs.kind === 'default') {
      const reqs = rs.readRequests;
      rs.readRequests = [];
      for (const r of reqs) r.error(e);
    } else {
      const reqs = rs.readIntoRequests;
      rs.readIntoRequests = [];
      for (const r of reqs) r.error(e);
    }
  }

  const numReadRequests = (stream) => {
    const r = slots(stream).reader;
    return r === undefined ? 0 : (slots(r).readRequests || slots(r).readIntoRequests).length;
  };
  const hasDefaultReader = (stream) => { const r = slots(stream).reader; return r !== undefined && slots(r).kind === 'default'; };
  const hasBYOBReader = (stream) => { const r = slots(stream).reader; return r !== undefined && slots(r).kind === 'byob'; };
  function fulfillReadRequest(stream, chunk, done) {
    const r = slots(slots(stream).reader);
    const req = r.readRequests.shift();
    if (done) req.close(); else req.chunk(chunk);
  }

  // ---- readers ----------------------------------------------------------------------------------
  function genericReaderInitialize(reader, stream) {
    const rs = slots(reader);
    rs.stream = stream;
    slots(stream).reader = reader;
    rs.closed = deferred();
    const st = slots(stream).state;
    if (st === 'closed') rs.closed.resolve(undefined);
    else if (st === 'errored') { rs.closed.reject(slots(stream).storedError); handled(rs.closed.promise); }
  }
  function genericReaderRelease(reader) {
    const rs = slots(reader);
    const stream = rs.stream;
    const err = invalidState('Releasing reader');
    if (slots(stream).state === 'readable') rs.closed.reject(err);
    else { rs.closed = deferred(); rs.closed.reject(err); }
    handled(rs.closed.promise);
    slots(slots(stream).controller).releaseSteps();
    slots(stream).reader = undefined;
    rs.stream = undefined;
  }
  function genericReaderCancel(reader, reason) {
    return readableStreamCancel(slots(reader).stream, reason);
  }

  class ReadableStreamDefaultReader {
    constructor(stream) {
      if (!(stream instanceof ReadableStream)) throw invalidArgType('stream', 'an instance of ReadableStream', stream);
      if (isLocked(stream)) throw invalidState('ReadableStream is locked');
      setSlots(this, { kind: 'default', readRequests: [], stream: undefined, closed: undefined });
      genericReaderInitialize(this, stream);
    }
    get closed() { return checkReader(this, 'default') ? slots(this).closed.promise : rejected(invalidThis('ReadableStreamDefaultReader')); }
    read() {
      if (!checkReader(this, 'default')) return rejected(invalidThis('ReadableStreamDefaultReader'));
      const rs = slots(this);
      if (rs.stream === undefined) return rejected(invalidState('The reader is not attached to a stream'));
      const d = deferred();
      readerRead(this, settlingRequest(d));
      return d.promise;
    }
    releaseLock() {
      if (!checkReader(this, 'default')) throw invalidThis('ReadableStreamDefaultReader');
      releaseReader(this, 'readRequests');
    }
    cancel(reason = undefined) {
      if (!checkReader(this, 'default')) return rejected(invalidThis('ReadableStreamDefaultReader'));
      if (slots(this).stream === undefined) return rejected(invalidState('The reader is not attached to a stream'));
      return genericReaderCancel(this, reason);
    }
    [inspect](depth, options, insp) {
      const rs = slots(this);
      return 'ReadableStreamDefaultReader ' + insp({ stream: rs.stream, readRequests: rs.readRequests.length, close: rs.closed.promise }, options);
    }
  }
  defineProperty(ReadableStreamDefaultReader.prototype, Symbol.toStringTag, { value: 'ReadableStreamDefaultReader', configurable: true });
  const checkReader = (r, kind) => { const s = slots(r); return s !== undefined && s.kind === kind; };

  // settlingRequest is a read request that settles the deferred d of a reader's read():
  // { value, done } with the chunk, done with what a close gives (undefined, or a BYOB
  // reader's empty view), or the error.
  const settlingRequest = (d) => ({
    chunk: (value) => d.resolve(readResult(value, false)),
    close: (value) => d.resolve(readResult(value, true)),
    error: (e) => d.reject(e),
  });

  // releaseReader is releaseLock() of either reader: its pending requests (listed in its
  // slot named requests) fail with 'Releasing reader'.
  function releaseReader(reader, requests) {
    const rs = slots(reader);
    if (rs.stream === undefined) return;
    genericReaderRelease(reader);
    const e = invalidState('Releasing reader');
    const reqs = rs[requests];
    rs[requests] = [];
    for (const r of reqs) r.error(e);
  }

  function readerRead(reader, req) {
    const rs = slots(reader);
    const stream = rs.stream;
    const s = slots(stream);
    s.disturbed = true;
    if (s.state === 'closed') req.close();
    else if (s.state === 'errored') req.error(s.storedError);
    else slots(s.controller).pullSteps(req);
  }

  class ReadableStreamBYOBReader {
    constructor(stream) {
      if (!(stream instanceof ReadableStream)) throw invalidArgType('stream', 'an instance of ReadableStream', stream);
      if (!(slots(stream).controller instanceof ReadableByteStreamController)) {
        throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'stream' must be a byte stream. Received ReadableStream");
      }
      if (isLocked(stream)) throw invalidState('ReadableStream is locked');
      setSlots(this, { kind: 'byob', readIntoRequests: [], stream: undefined, closed: undefined });
      genericReaderInitialize(this, stream);
    }
    get closed() { return checkReader(this, 'byob') ? slots(this).closed.promise : rejected(invalidThis('ReadableStreamBYOBReader')); }
    read(view, options = undefined) {
      if (!checkReader(this, 'byob')) return rejected(invalidThis('ReadableStreamBYOBReader'));
      if (!isBufferSource(view)) return rejected(invalidArgType('view', 'an instance of ArrayBufferView', view));
      if (view.byteLength === 0) return rejected(makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: View or Viewed ArrayBuffer is zero-length or detached'));
      const min = options && options.min !== undefined ? Number(options.min) : 1;
      const rs = slots(this);
      if (rs.stream === undefined) return rejected(invalidState('The reader is not attached to a stream'));
      const d = deferred();
      const stream = rs.stream;
      slots(stream).disturbed = true;
      if (slots(stream).state === 'errored') d.reject(slots(stream).storedError);
      else byteControllerPullInto(slots(stream).controller, view, min, settlingRequest(d));
      return d.promise;
    }
    releaseLock() {
      if (!checkReader(this, 'byob')) throw invalidThis('ReadableStreamBYOBReader');
      releaseReader(this, 'readIntoRequests');
    }
    cancel(reason = undefined) {
      if (!checkReader(this, 'byob')) return rejected(invalidThis('ReadableStreamBYOBReader'));
      if (slots(this).stream === undefined) return rejected(invalidState('The reader is not attached to a stream'));
      return genericReaderCancel(this, reason);
    }
    [inspect](depth, options, insp) {
      const rs = slots(this);
      return 'ReadableStreamBYOBReader ' + insp({ stream: rs.stream, requestIntoRequests: rs.readIntoRequests.length, close: rs.closed.promise }, options);
    }
  }
  defineProperty(ReadableStreamBYOBReader.prototype, Symbol.toStringTag, { value: 'ReadableStreamBYOBReader', configurable: true });

  // ---- the default controller ------------------------------------------------------------------
  class ReadableStreamDefaultController {
    constructor() { if (!constructing) throw illegal(); }
    get desiredSize() { return defaultDesiredSize(this); }
    close() {
      if (!defaultCanCloseOrEnqueue(this)) throw invalidState('Controller is already closed');
      defaultControllerClose(this);
    }
    enqueue(chunk = undefined) {
      if (!defaultCanCloseOrEnqueue(this)) throw invalidState('Controller is already closed');
      defaultControllerEnqueue(this, chunk);
    }
    error(e = undefined) { defaultControllerError(this, e); }
    [inspect](depth, options, insp) { return 'ReadableStreamDefaultController ' + insp({}, options); }
  }
  defineProperty(ReadableStreamDefaultController.prototype, Symbol.toStringTag, { value: 'ReadableStreamDefaultController', configurable: true });

  function setUpDefaultControllerFromSource(stream, source, hwm, sizeAlgorithm) {
    const controller = construct(ReadableStreamDefaultController);
    const start = source.start, pull = source.pull, cancel = source.cancel;
    setUpDefaultController(stream, controller,
      () => (start === undefined ? undefined : Reflect.apply(start, source, [controller])),
      () => promiseCall(pull, source, [controller]),
      (reason) => promiseCall(cancel, source, [reason]),
      hwm, sizeAlgorithm);
  }
  function setUpDefaultController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, hwm, sizeAlgorithm) {
    const c = setSlots(controller, {
      stream, queue: [], queueTotalSize: 0, started: false, closeRequested: false, pullAgain: false, pulling: false,
      strategySizeAlgorithm: sizeAlgorithm, strategyHWM: hwm, pullAlgorithm, cancelAlgorithm,
    });
    c.cancelSteps = (reason) => {
      resetQueue(c);
      const result = c.cancelAlgorithm(reason);
      defaultClearAlgorithms(c);
      return result;
    };
    c.pullSteps = (req) => {
      if (c.queue.length > 0) {
        const chunk = dequeueValue(c);
        if (c.closeRequested && c.queue.length === 0) {
          defaultClearAlgorithms(c);
          readableStreamClose(stream);
        } else defaultCallPullIfNeeded(controller);
        req.chunk(chunk);
      } else {
        slots(slots(stream).reader).readRequests.push(req);
        defaultCallPullIfNeeded(controller);
      }
    };
    c.releaseSteps = () => {};
    slots(stream).controller = controller;
    const startResult = startAlgorithm();
    react(resolved(startResult), () => {
      c.started = true;
      defaultCallPullIfNeeded(controller);
    }, (r) => defaultControllerError(controller, r));
  }
  function defaultCallPullIfNeeded(controller) {
    const c = slots(controller);
    if (!defaultShouldCallPull(controller)) return;
    if (c.pulling) { c.pullAgain = true; return; }
    c.pulling = true;
    react(c.pullAlgorithm(), () => {
      c.pulling = false;
      if (c.pullAgain) { c.pullAgain = false; defaultCallPullIfNeeded(controller); }
    }, (e) => defaultControllerError(controller, e));
  }
  function defaultShouldCallPull(controller) {
    const c = slots(controller);
    if (!defaultCanCloseOrEnqueue(controller) || !c.started) return false;
    if (isLocked(c.stream) && numReadRequests(c.stream) > 0) return true;
    return defaultDesiredSize(controller) > 0;
  }
  function defaultClearAlgorithms(c) {
    c.pullAlgorithm = undefined;
    c.cancelAlgorithm = undefined;
    c.strategySizeAlgorithm = undefined;
  }
  function defaultControllerClose(controller) {
    const c = slots(controller);
    if (!defaultCanCloseOrEnqueue(controller)) return;
    c.closeRequested = true;
    if (c.queue.length === 0) {
      defaultClearAlgorithms(c);
      readableStreamClose(c.stream);
    }
  }
  function defaultControllerEnqueue(controller, chunk) {
    const c = slots(controller);
    if (!defaultCanCloseOrEnqueue(controller)) return;
    const stream = c.stream;
    if (isLocked(stream) && numReadRequests(stream) > 0) {
      fulfillReadRequest(stream, chunk, false);
    } else {
      let size;
      try {
        size = c.strategySizeAlgorithm(chunk);
      } catch (e) {
        defaultControllerError(controller, e);
        throw e;
      }
      try {
        enqueueValueWithSize(c, chunk, size);
      } catch (e) {
        defaultControllerError(controller, e);
        throw e;
      }
    }
    defaultCallPullIfNeeded(controller);
  }
  function defaultControllerError(controller, e) {
    const c = slots(controller);
    if (slots(c.stream).state !== 'readable') return;
    resetQueue(c);
    defaultClearAlgorithms(c);
    readableStreamError(c.stream, e);
  }
  function defaultDesiredSize(controller) {
    const c = slots(controller);
    const st = slots(c.stream).state;
    if (st === 'errored') return null;
    if (st === 'closed') return 0;
    return c.strategyHWM - c.queueTotalSize;
  }
  function defaultCanCloseOrEnqueue(controller) {
    const c = slots(controller);
    return !c.closeRequested && slots(c.stream).state === 'readable';
  }

  // ---- the byte stream controller -------------------------------------------------------------
  class ReadableByteStreamController {
    constructor() { if (!constructing) throw illegal(); }
    get byobRequest() {
      const c = slots(this);
      if (c.byobRequest === null && c.pendingPullIntos.length > 0) {
        const d = c.pendingPullIntos[0];
        const view = new Uint8Array(d.buffer, d.byteOffset + d.bytesFilled, d.byteLength - d.bytesFilled);
        const req = construct(ReadableStreamBYOBRequest);
        setSlots(req, { controller: this, view });
        c.byobRequest = req;
      }
      return c.byobRequest;
    }
    get desiredSize() { return byteDesiredSize(this); }
    close() {
      const c = slots(this);
      if (c.closeRequested) throw invalidState('Controller is already closed');
      if (slots(c.stream).state !== 'readable') throw invalidState('ReadableStream is already closed');
      byteControllerClose(this);
    }
    enqueue(chunk) {
      if (!isBufferSource(chunk)) throw invalidArgType('chunk', 'an instance of ArrayBufferView', chunk);
      if (chunk.byteLength === 0) throw makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: chunk ArrayBuffer is zero-length or detached');
      const c = slots(this);
      if (c.closeRequested) throw invalidState('Controller is already closed');
      if (slots(c.stream).state !== 'readable') throw invalidState('ReadableStream is already closed');
      byteControllerEnqueue(this, chunk);
    }
    error(e = undefined) { byteControllerError(this, e); }
    [inspect](depth, options, insp) { return 'ReadableByteStreamController ' + insp({}, options); }
  }
  defineProperty(ReadableByteStreamController.prototype, Symbol.toStringTag, { value: 'ReadableByteStreamController', configurable: true });

  class ReadableStreamBYOBRequest {
    constructor() { if (!constructing) throw illegal(); }
    get view() { return slots(this).view; }
    respond(bytesWritten) {
      const s = slots(this);
      if (s.controller === undefined) throw invalidState('This BYOB request has been invalidated');
      byteControllerRespond(s.controller, Number(bytesWritten));
    }
    respondWithNewView(view) {
      const s = slots(this);
      if (s.controller === undefined) throw invalidState('This BYOB request has been invalidated');
      if (!isBufferSource(view)) throw invalidArgType('view', 'an instance of ArrayBufferView', view);
      const d = slots(s.controller).pendingPullIntos[0];
      new Uint8Array(d.buffer, d.byteOffset + d.bytesFilled, view.byteLength).set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
      byteControllerRespond(s.controller, view.byteLength);
    }
    [inspect](depth, options, insp) { return 'ReadableStreamBYOBRequest ' + insp({ view: this.view, controller: slots(this).controller }, options); }
  }
  defineProperty(ReadableStreamBYOBRequest.prototype, Symbol.toStringTag, { value: 'ReadableStreamBYOBRequest', configurable: true });

  function setUpByteControllerFromSource(stream, source, hwm) {
    const controller = construct(ReadableByteStreamController);
    const start = source.start, pull = source.pull, cancel = source.cancel;
    let autoAllocate = source.autoAllocateChunkSize;
    if (autoAllocate !== undefined) {
      autoAllocate = Number(autoAllocate);
      if (!(autoAllocate > 0)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The property 'source.autoAllocateChunkSize' is invalid. Received " + source.autoAllocateChunkSize);
    }
    setUpByteController(stream, controller,
      () => (start === undefined ? undefined : Reflect.apply(start, source, [controller])),
      () => promiseCall(pull, source, [controller]),
      (reason) => promiseCall(cancel, source, [reason]),
      hwm, autoAllocate);
  }
  function setUpByteController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, hwm, autoAllocate) {
    const c = setSlots(controller, {
      stream, queue: [], queueTotalSize: 0, started: false, closeRequested: false, pullAgain: false, pulling: false,
      byobRequest: null, pendingPullIntos: [], strategyHWM: hwm, pullAlgorithm, cancelAlgorithm, autoAllocateChunkSize: autoAllocate,
    });
    c.cancelSteps = (reason) => {
      byteClearPendingPullIntos(c);
      resetQueue(c);
      const result = c.cancelAlgorithm(reason);
      byteClearAlgorithms(c);
      return result;
    };
    c.pullSteps = (req) => {
      if (c.queueTotalSize > 0) {
        byteFillReadRequestFromQueue(controller, req);
        return;
      }
      if (c.autoAllocateChunkSize !== undefined) {
        const buffer = new ArrayBuffer(c.autoAllocateChunkSize);
        c.pendingPullIntos.push({ buffer, bufferByteLength: c.autoAllocateChunkSize, byteOffset: 0, byteLength: c.autoAllocateChunkSize,
          bytesFilled: 0, minimumFill: 1, elementSize: 1, viewConstructor: Uint8Array, readerType: 'default' });
      }
      slots(slots(stream).reader).readRequests.push(req);
      byteCallPullIfNeeded(controller);
    };
    c.releaseSteps = () => {
      if (c.pendingPullIntos.length > 0) {
        const first = c.pendingPullIntos[0];
        first.readerType = 'none';
        c.pendingPullIntos = [first];
      }
    };
    slots(stream).controller = controller;
    const startResult = startAlgorithm();
    react(resolved(startResult), () => {
      c.started = true;
      byteCallPullIfNeeded(controller);
    }, (r) => byteControllerError(controller, r));
  }
  function byteFillReadRequestFromQueue(controller, req) {
    const c = slots(controller);
    const entry = c.queue.shift();
    c.queueTotalSize -= entry.byteLength;
    byteHandleQueueDrain(controller);
    req.chunk(new Uint8Array(entry.buffer, entry.byteOffset, entry.byteLength));
  }
  function byteHandleQueueDrain(controller) {
    const c = slots(controller);
    if (c.queueTotalSize === 0 && c.closeRequested) {
      byteClearAlgorithms(c);
      readableStreamClose(c.stream);
    } else byteCallPullIfNeeded(controller);
  }
  function byteCallPullIfNeeded(controller) {
    const c = slots(controller);
    if (!byteShouldCallPull(controller)) return;
    if (c.pulling) { c.pullAgain = true; return; }
    c.pulling = true;
    react(c.pullAlgorithm(), () => {
      c.pulling = false;
      if (c.pullAgain) { c.pullAgain = false; byteCallPullIfNeeded(controller); }
    }, (e) => byteControllerError(controller, e));
  }
  function byteShouldCallPull(controller) {
    const c = slots(controller);
    const stream = c.stream;
    if (slots(stream).state !== 'readable' || c.closeRequested || !c.started) return false;
    if (hasDefaultReader(stream) && numReadRequests(stream) > 0) return true;
    if (hasBYOBReader(stream) && numReadRequests(stream) > 0) return true;
    return byteDesiredSize(controller) > 0;
  }
  function byteClearAlgorithms(c) { c.pullAlgorithm = undefined; c.cancelAlgorithm = undefined; }
  function byteClearPendingPullIntos(c) {
    if (c.byobRequest !== null) { slots(c.byobRequest).controller = undefined; slots(c.byobRequest).view = null; c.byobRequest = null; }
    c.pendingPullIntos = [];
  }
  function byteDesiredSize(controller) {
    const c = slots(controller);
    const st = slots(c.stream).state;
    if (st === 'errored') return null;
    if (st === 'closed') return 0;
    return c.strategyHWM - c.queueTotalSize;
  }
  function byteControllerClose(controller) {
    const c = slots(controller);
    if (c.closeRequested || slots(c.stream).state !== 'readable') return;
    if (c.queueTotalSize > 0) { c.closeRequested = true; return; }
    if (c.pendingPullIntos.length > 0) {
      const first = c.pendingPullIntos[0];
      if (first.bytesFilled % first.elementSize !== 0) {
        const e = invalidState('Partial read');
        byteControllerError(controller, e);
        throw e;
      }
    }
    byteClearAlgorithms(c);
    readableStreamClose(c.stream);
  }
  function byteControllerError(controller, e) {
    const c = slots(controller);
    if (slots(c.stream).state !== 'readable') return;
    byteClearPendingPullIntos(c);
    resetQueue(c);
    byteClearAlgorithms(c);
    readableStreamError(c.stream, e);
  }
  function byteInvalidateRequest(c) {
    if (c.byobRequest === null) return;
    slots(c.byobRequest).controller = undefined;
    slots(c.byobRequest).view = null;
    c.byobRequest = null;
  }
  function byteControllerEnqueue(controller, chunk) {
    const c = slots(controller);
    const stream = c.stream;
    const buffer = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
    const byteOffset = 0, byteLength = chunk.byteLength;
    if (c.pendingPullIntos.length > 0) byteInvalidateRequest(c);
    if (hasDefaultReader(stream)) {
      byteProcessReadRequestsUsingQueue(controller);
      if (numReadRequests(stream) === 0) {
        c.queue.push({ buffer, byteOffset, byteLength });
        c.queueTotalSize += byteLength;
      } else {
        if (c.pendingPullIntos.length > 0 && c.pendingPullIntos[0].readerType === 'default') c.pendingPullIntos.shift();
        fulfillReadRequest(stream, new Uint8Array(buffer, byteOffset, byteLength), false);
      }
    } else if (hasBYOBReader(stream)) {
      c.queue.push({ buffer, byteOffset, byteLength });
      c.queueTotalSize += byteLength;
      byteProcessPullIntosUsingQueue(controller);
    } else {
      c.queue.push({ buffer, byteOffset, byteLength });
      c.queueTotalSize += byteLength;
    }
    byteCallPullIfNeeded(controller);
  }
  function byteProcessReadRequestsUsingQueue(controller) {
    const c = slots(controller);
    const reader = slots(c.stream).reader;
    const rs = slots(reader);
    while (rs.readRequests.length > 0) {
      if (c.queueTotalSize === 0) return;
      const req = rs.readRequests.shift();
      byteFillReadRequestFromQueue(controller, req);
    }
  }
  // byteFillPullIntoFromQueue copies queued bytes into a pending BYOB read; true when it
  // reached its minimum.
  function byteFillPullIntoFromQueue(c, d) {
    const maxBytesToCopy = Math.min(c.queueTotalSize, d.byteLength - d.bytesFilled);
    const maxBytesFilled = d.bytesFilled + maxBytesToCopy;
    let totalBytesToCopyRemaining = maxBytesToCopy;
    let ready = false;
    const remainderBytes = maxBytesFilled % d.elementSize;
    const maxAlignedBytes = maxBytesFilled - remainderBytes;
    if (maxAlignedBytes >= d.minimumFill) {
      totalBytesToCopyRemaining = maxAlignedBytes - d.bytesFilled;
      ready = true;
    }
    while (totalBytesToCopyRemaining > 0) {
      const head = c.queue[0];
      const n = Math.min(totalBytesToCopyRemaining, head.byteLength);
      new Uint8Array(d.buffer, d.byteOffset + d.bytesFilled, n).set(new Uint8Array(head.buffer, head.byteOffset, n));
      if (head.byteLength === n) c.queue.shift();
      else { head.byteOffset += n; head.byteLength -= n; }
      c.queueTotalSize -= n;
      d.bytesFilled += n;
      totalBytesToCopyRemaining -= n;
    }
    return ready;
  }
  function byteProcessPullIntosUsingQueue(controller) {
    const c = slots(controller);
    while (c.pendingPullIntos.length > 0) {
      if (c.queueTotalSize === 0) return;
      const d = c.pendingPullIntos[0];
      if (byteFillPullIntoFromQueue(c, d)) {
        c.pendingPullIntos.shift();
        byteInvalidateRequest(c);
        byteCommitPullInto(c, d);
      }
    }
  }
  function byteConvertPullInto(d) {
    return new d.viewConstructor(d.buffer, d.byteOffset, d.bytesFilled / d.elementSize);
  }
  function byteCommitPullInto(c, d) {
    const stream = c.stream;
    let done = false;
    if (slots(stream).state === 'closed') done = true;
    const value = byteConvertPullInto(d);
    if (d.readerType === 'default') fulfillReadRequest(stream, value, done);
    else if (d.readerType === 'byob') {
      const req = slots(slots(stream).reader).readIntoRequests.shift();
      if (done) req.close(value); else req.chunk(value);
    }
  }
  function byteControllerPullInto(controller, view, min, req) {
    const c = slots(controller);
    const stream = c.stream;
    const elementSize = view.BYTES_PER_ELEMENT || 1;
    const ctor = view.constructor === DataView ? DataView : view.constructor;
    const d = { buffer: view.buffer, bufferByteLength: view.buffer.byteLength, byteOffset: view.byteOffset, byteLength: view.byteLength,
      bytesFilled: 0, minimumFill: min * elementSize, elementSize, viewConstructor: ctor, readerType: 'byob' };
    if (c.pendingPullIntos.length > 0) {
      c.pendingPullIntos.push(d);
      slots(slots(stream).reader).readIntoRequests.push(req);
      return;
    }
    if (slots(stream).state === 'closed') {
      req.close(new ctor(d.buffer, d.byteOffset, 0));
      return;
    }
    if (c.queueTotalSize > 0) {
      if (byteFillPullIntoFromQueue(c, d)) {
        const filled = byteConvertPullInto(d);
        byteHandleQueueDrain(controller);
        req.chunk(filled);
        return;
      }
      if (c.closeRequested) {
        const e = invalidState('Partial read');
        byteControllerError(controller, e);
        req.error(e);
        return;
      }
    }
    c.pendingPullIntos.push(d);
    slots(slots(stream).reader).readIntoRequests.push(req);
    byteCallPullIfNeeded(controller);
  }
  function byteControllerRespond(controller, bytesWritten) {
    const c = slots(controller);
    const d = c.pendingPullIntos[0];
    const state = slots(c.stream).state;
    if (state === 'closed') {
      if (bytesWritten !== 0) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', 'bytesWritten must be 0 when the stream is closed');
    } else if (bytesWritten === 0 || d.bytesFilled + bytesWritten > d.byteLength) {
      throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'bytesWritten' is invalid. Received " + bytesWritten);
    }
    byteInvalidateRequest(c);
    if (state === 'closed') {
      if (hasBYOBReader(c.stream)) {
        while (numReadRequests(c.stream) > 0) byteCommitPullInto(c, c.pendingPullIntos.shift());
      }
    } else {
      d.bytesFilled += bytesWritten;
      if (d.readerType === 'none') {
        c.pendingPullIntos.shift();
      } else if (d.bytesFilled >= d.minimumFill) {
        c.pendingPullIntos.shift();
        const remainder = d.bytesFilled % d.elementSize;
        if (remainder > 0) {
          const end = d.byteOffset + d.bytesFilled;
          c.queue.push({ buffer: d.buffer.slice(end - remainder, end), byteOffset: 0, byteLength: remainder });
          c.queueTotalSize += remainder;
          d.bytesFilled -= remainder;
        }
        byteCommitPullInto(c, d);
        byteProcessPullIntosUsingQueue(controller);
      }
    }
    byteCallPullIfNeeded(controller);
  }

  // ---- tee, pipeTo, async iteration, from ----------------------------------------------------
  function readableStreamTee(stream) {
    const reader = construct(ReadableStreamDefaultReader, stream);
    let reading = false, readAgain = false, canceled1 = false, canceled2 = false, reason1, reason2;
    let branch1, branch2;
    const cancelPromise = deferred();
    const pullAlgorithm = () => {
      if (reading) { readAgain = true; return resolved(undefined); }
      reading = true;
      readerRead(reader, {
        chunk: (chunk) => {
          queueMicrotask(() => {
            readAgain = false;
            const c1 = chunk, c2 = chunk;
            if (!canceled1) defaultControllerEnqueue(slots(branch1).controller, c1);
            if (!canceled2) defaultControllerEnqueue(slots(branch2).controller, c2);
            reading = false;
            if (readAgain) pullAlgorithm();
          });
        },
        close: () => {
          reading = false;
          if (!canceled1) defaultControllerClose(slots(branch1).controller);
          if (!canceled2) defaultControllerClose(slots(branch2).controller);
          if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
        },
        error: () => { reading = false; },
      });
      return resolved(undefined);
    };
    const cancel1 = (reason) => {
      canceled1 = true;
      reason1 = reason;
      if (canceled2) cancelPromise.resolve(readableStreamCancel(stream, [reason1, reason2]));
      return cancelPromise.promise;
    };
    const cancel2 = (reason) => {
      canceled2 = true;
      reason2 = reason;
      if (canceled1) cancelPromise.resolve(readableStreamCancel(stream, [reason1, reason2]));
      return cancelPromise.promise;
    };
    const make = (cancel) => {
      const rs = Object.create(ReadableStream.prototype);
      setSlots(rs, { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined });
      setUpDefaultController(rs, construct(ReadableStreamDefaultController), () => undefined, pullAlgorithm, cancel, 1, () => 1);
      return rs;
    };
    branch1 = make(cancel1);
    branch2 = make(cancel2);
    react(slots(reader).closed.promise, undefined, (r) => {
      defaultControllerError(slots(branch1).controller, r);
      defaultControllerError(slots(branch2).controller, r);
      if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
    });
    return [branch1, branch2];
  }

  function pipeTo(source, dest, options) {
    const preventClose = !!options.preventClose, preventAbort = !!options.preventAbort, preventCancel = !!options.preventCancel;
    const signal = options.signal;
    if (signal !== undefined && !(signal instanceof internals.AbortSignal)) return rejected(invalidArgType('options.signal', 'an instance of AbortSignal', signal));
    const reader = construct(ReadableStreamDefaultReader, source);
    const writer = construct(WritableStreamDefaultWriter, dest);
    slots(source).disturbed = true;
    let shuttingDown = false;
    let currentWrite = resolved(undefined);
    const d = deferred();
    let onAbort;
    const finalize = (isError, error) => {
      writerRelease(writer);
      genericReaderReleaseDefault(reader);
      if (signal !== undefined) signal.removeEventListener('abort', onAbort);
      if (isError) d.reject(error); else d.resolve(undefined);
    };
    const waitWrites = () => {
      const old = currentWrite;
      return react(old, () => (old !== currentWrite ? waitWrites() : undefined));
    };
    const shutdownWithAction = (action, originalIsError, originalError) => {
      if (shuttingDown) return;
      shuttingDown = true;
      const doAction = () => react(action(), () => finalize(originalIsError, originalError), (e) => finalize(true, e));
      if (slots(dest).state === 'writable' && !writableCloseQueuedOrInFlight(dest)) react(waitWrites(), doAction);
      else doAction();
    };
    const shutdown = (isError, error) => {
      if (shuttingDown) return;
      shuttingDown = true;
      if (slots(dest).state === 'writable' && !writableCloseQueuedOrInFlight(dest)) react(waitWrites(), () => finalize(isError, error));
      else finalize(isError, error);
    };
    if (signal !== undefined) {
      onAbort = () => {
        const error = signal.reason;
        const actions = [];
        if (!preventAbort) actions.push(() => (slots(dest).state === 'writable' ? writableStreamAbort(dest, error) : resolved(undefined)));
        if (!preventCancel) actions.push(() => (slots(source).state === 'readable' ? readableStreamCancel(source, error) : resolved(undefined)));
        shutdownWithAction(() => Promise.all(actions.map((a) => a())), true, error);
      };
      if (signal.aborted) { onAbort(); return d.promise; }
      signal.addEventListener('abort', onAbort);
    }
    const isOrBecomes = (stream, state, action) => {
      if (slots(stream).state === state) action();
    };
    // Errors forward
    const checkStates = () => {
      const ss = slots(source), ds = slots(dest);
      if (ss.state === 'errored') {
        if (!preventAbort) shutdownWithAction(() => writableStreamAbort(dest, ss.storedError), true, ss.storedError);
        else shutdown(true, ss.storedError);
        return true;
      }
      if (ds.state === 'errored' || ds.state === 'erroring') {
        if (!preventCancel) shutdownWithAction(() => readableStreamCancel(source, ds.storedError), true, ds.storedError);
        else shutdown(true, ds.storedError);
        return true;
      }
      if (ss.state === 'closed') {
        if (!preventClose) shutdownWithAction(() => writerCloseWithErrorPropagation(writer));
        else shutdown();
        return true;
      }
      if (writableCloseQueuedOrInFlight(dest) || ds.state === 'closed') {
        const e = makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: Destination WritableStream closed');
        if (!preventCancel) shutdownWithAction(() => readableStreamCancel(source, e), true, e);
        else shutdown(true, e);
        return true;
      }
      return false;
    };
    void isOrBecomes;
    react(slots(reader).closed.promise, () => checkStates(), () => checkStates());
    react(slots(writer).closed.promise, () => checkStates(), () => checkStates());
    const pipeStep = () => {
      if (shuttingDown) return;
      if (checkStates()) return;
      react(slots(writer).ready.promise, () => {
        if (shuttingDown) return;
        readerRead(reader, {
          chunk: (chunk) => {
            currentWrite = handled(writerWrite(writer, chunk));
            queueMicrotask(pipeStep);
          },
          close: () => checkStates(),
          error: () => checkStates(),
        });
      }, () => checkStates());
    };
    queueMicrotask(pipeStep);
    return d.promise;
  }
  function genericReaderReleaseDefault(reader) {
    if (slots(reader).stream !== undefined) reader.releaseLock();
  }

  function makeAsyncIterator(stream, preventCancel) {
    const reader = construct(ReadableStreamDefaultReader, stream);
    let ongoing;
    let finished = false;
    const nextSteps = () => {
      if (finished) return resolved({ value: undefined, done: true });
      const d = deferred();
      readerRead(reader, {
        chunk: (value) => d.resolve({ value, done: false }),
        close: () => { finished = true; genericReaderReleaseDefault(reader); d.resolve({ value: undefined, done: true }); },
        error: (e) => { finished = true; genericReaderReleaseDefault(reader); d.reject(e); },
      });
      return d.promise;
    };
    const returnSteps = (value) => {
      if (finished) return resolved({ value, done: true });
      finished = true;
      if (!preventCancel) {
        const result = genericReaderCancel(reader, value);
        genericReaderReleaseDefault(reader);
        return react(result, () => ({ value, done: true }));
      }
      genericReaderReleaseDefault(reader);
      return resolved({ value, done: true });
    };
    const it = Object.create(asyncIteratorPrototype, {
      next: { value() {
        ongoing = ongoing ? react(ongoing, nextSteps, nextSteps) : nextSteps();
        return ongoing;
      }, writable: true, configurable: true },
      return: { value(value) {
        const steps = () => returnSteps(value);
        ongoing = ongoing ? react(ongoing, steps, steps) : steps();
        return ongoing;
      }, writable: true, configurable: true },
    });
    return it;
  }
  const asyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);

  function readableStreamFromIterable(iterable) {
    if (iterable === null || iterable === undefined) throw invalidArgType('iterable', 'an iterable', iterable);
    let iterator;
    const asyncMethod = iterable[Symbol.asyncIterator];
    if (asyncMethod !== undefined && asyncMethod !== null) iterator = Reflect.apply(asyncMethod, iterable, []);
    else {
      const syncMethod = iterable[Symbol.iterator];
      if (typeof syncMethod !== 'function') throw makeError(TypeError, 'ERR_ARG_NOT_ITERABLE', 'The "iterable" argument must be an iterable');
      const syncIt = Reflect.apply(syncMethod, iterable, []);
      iterator = {
        next: () => { const r = syncIt.next(); return resolved(r.value).then((value) => ({ value, done: r.done })); },
        return: (v) => resolved(typeof syncIt.return === 'function' ? syncIt.return(v) : { value: v, done: true }),
      };
    }
    if (iterator === null || typeof iterator !== 'object') throw makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: The iterator method must return an object');
    const stream = Object.create(ReadableStream.prototype);
    setSlots(stream, { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined });
    const controller = construct(ReadableStreamDefaultController);
    setUpDefaultController(stream, controller, () => undefined, () => {
      let nextResult;
      try {
        nextResult = iterator.next();
      } catch (e) {
        return rejected(e);
      }
      return react(resolved(nextResult), (r) => {
        if (r === null || typeof r !== 'object') throw makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: The promise returned by the iterator.next() method must fulfill with an object');
        if (r.done) defaultControllerClose(controller);
        else defaultControllerEnqueue(controller, r.value);
      });
    }, (reason) => {
      const ret = iterator.return;
      if (ret === undefined || ret === null) return resolved(undefined);
      let r;
      try {
        r = Reflect.apply(ret, iterator, [reason]);
      } catch (e) {
        return rejected(e);
      }
      return react(resolved(r), (x) => {
        if (x === null || typeof x !== 'object') throw makeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: The promise returned by the iterator.return() method must fulfill with an object');
      });
    }, 0, () => 1);
    return stream;
  }

  // ==== WritableStream ========================================================================
  class WritableStream {
    constructor(underlyingSink = undefined, strategy = undefined) {
      if (underlyingSink === null) throw invalidArgType('sink', 'of type object', underlyingSink);
      const sink = underlyingSink === undefined ? {} : underlyingSink;
      if (sink.type !== undefined) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'sink.type' is invalid. Received " + sink.type);
      setSlots(this, { state: 'writable', storedError: undefined, writer: undefined, controller: undefined, inFlightWriteRequest: undefined,
        closeRequest: undefined, inFlightCloseRequest: undefined, pendingAbortRequest: undefined, writeRequests: [], backpressure: false });
      const hwm = extractHighWaterMark(strategy, 1);
      const size = extractSizeAlgorithm(strategy);
      const controller = construct(WritableStreamDefaultController);
      const start = sink.start, write = sink.write, close = sink.close, abort = sink.abort;
      setUpWritableController(this, controller,
        () => (start === undefined ? undefined : Reflect.apply(start, sink, [controller])),
        (chunk) => promiseCall(write, sink, [chunk, controller]),
        () => promiseCall(close, sink, []),
        (reason) => promiseCall(abort, sink, [reason]),
        hwm, size);
    }
    get locked() { checkWS(this); return isWritableLocked(this); }
    abort(reason = undefined) {
      if (!isWS(this)) return rejected(invalidThis('WritableStream'));
      if (isWritableLocked(this)) return rejected(invalidState('WritableStream is locked'));
      return writableStreamAbort(this, reason);
    }
    close() {
      if (!isWS(this)) return rejected(invalidThis('WritableStream'));
      if (isWritableLocked(this)) return rejected(invalidState('WritableStream is locked'));
      if (writableCloseQueuedOrInFlight(this)) return rejected(invalidState('Failure closing WritableStream'));
      return writableStreamClose(this);
    }
    getWriter() { checkWS(this); return construct(WritableStreamDefaultWriter, this); }
    [inspect](depth, options, insp) {
      return 'WritableStream ' + insp({ locked: isWritableLocked(this), state: slots(this).state }, options);
    }
  }
  defineProperty(WritableStream.prototype, Symbol.toStringTag, { value: 'WritableStream', configurable: true });
  const isWS = (w) => { const s = slots(w); return s !== undefined && 'writeRequests' in s; };
  const checkWS = (w) => { if (!isWS(w)) throw invalidThis('WritableStream'); return w; };
  const isWritableLocked = (w) => slots(w).writer !== undefined;
  const writableCloseQueuedOrInFlight = (w) => { const s = slots(w); return s.closeRequest !== undefined || s.inFlightCloseRequest !== undefined; };
  const writableHasInFlight = (w) => { const s = slots(w); return s.inFlightWriteRequest !== undefined || s.inFlightCloseRequest !== undefined; };

  function writableStreamAbort(stream, reason) {
    const s = slots(stream);
    if (s.state === 'closed' || s.state === 'errored') return resolved(undefined);
    slots(s.controller).abortController.abort(reason);
    const state = s.state;
    if (state === 'closed' || state === 'errored') return resolved(undefined);
    if (s.pendingAbortRequest !== undefined) return s.pendingAbortRequest.promise.promise;
    let wasAlreadyErroring = false;
    if (state === 'erroring') { wasAlreadyErroring = true; reason = undefined; }
    const d = deferred();
    s.pendingAbortRequest = { promise: d, reason, wasAlreadyErroring };
    if (!wasAlreadyErroring) writableStartErroring(stream, reason);
    return d.promise;
  }
  function writableStreamClose(stream) {
    const s = slots(stream);
    if (s.state === 'closed' || s.state === 'errored') return rejected(invalidState('WritableStream is closed'));
    const d = deferred();
    s.closeRequest = d;
    const writer = s.writer;
    if (writer !== undefined && s.backpressure && s.state === 'writable') slots(writer).ready.resolve(undefined);
    writableControllerClose(s.controller);
    return d.promise;
  }
  function writableAddWriteRequest(stream) {
    const d = deferred();
    slots(stream).writeRequests.push(d);
    return d.promise;
  }
  function writableDealWithRejection(stream, error) {
    if (slots(stream).state === 'writable') { writableStartErroring(stream, error); return; }
    writableFinishErroring(stream);
  }
  function writableStartErroring(stream, reason) {
    const s = slots(stream);
    const controller = s.controller;
    s.state = 'erroring';
    s.storedError = reason;
    const writer = s.writer;
    if (writer !== undefined) writerEnsureReadyRejected(writer, reason);
    if (!writableHasInFlight(stream) && slots(controller).started) writableFinishErroring(stream);
  }
  function writableFinishErroring(stream) {
    const s = slots(stream);
    s.state = 'errored';
    slots(s.controller).errorSteps();
    const storedError = s.storedError;
    for (const r of s.writeRequests) r.reject(storedError);
    s.writeRequests = [];
    if (s.pendingAbortRequest === undefined) { writableRejectCloseAndClosedIfNeeded(stream); return; }
    const abortRequest = s.pendingAbortRequest;
    s.pendingAbortRequest = undefined;
    if (abortRequest.wasAlreadyErroring) {
      abortRequest.promise.reject(storedError);
      writableRejectCloseAndClosedIfNeeded(stream);
      return;
    }
    const promise = slots(s.controller).abortSteps(abortRequest.reason);
    react(promise, () => {
      abortRequest.promise.resolve(undefined);
      writableRejectCloseAndClosedIfNeeded(stream);
    }, (reason) => {
      abortRequest.promise.reject(reason);
      writableRejectCloseAndClosedIfNeeded(stream);
    });
  }
  function writableFinishInFlightWrite(stream) {
    const s = slots(stream);
    s.inFlightWriteRequest.resolve(undefined);
    s.inFlightWriteRequest = undefined;
  }
  function writableFinishInFlightWriteWithError(stream, error) {
    const s = slots(stream);
    s.inFlightWriteRequest.reject(error);
    s.inFlightWriteRequest = undefined;
    writableDealWithRejection(stream, error);
  }
  function writableFinishInFlightClose(stream) {
    const s = slots(stream);
    s.inFlightCloseRequest.resolve(undefined);
    s.inFlightCloseRequest = undefined;
    if (s.state === 'erroring') {
      s.storedError = undefined;
      if (s.pendingAbortRequest !== undefined) {
        s.pendingAbortRequest.promise.resolve(undefined);
        s.pendingAbortRequest = undefined;
      }
    }
    s.state = 'closed';
    const writer = s.writer;
    if (writer !== undefined) slots(writer).closed.resolve(undefined);
  }
  function writableFinishInFlightCloseWithError(stream, error) {
    const s = slots(stream);
    s.inFlightCloseRequest.reject(error);
    s.inFlightCloseRequest = undefined;
    if (s.pendingAbortRequest !== undefined) {
      s.pendingAbortRequest.promise.reject(error);
      s.pendingAbortRequest = undefined;
    }
    writableDealWithRejection(stream, error);
  }
  function writableRejectCloseAndClosedIfNeeded(stream) {
    const s = slots(stream);
    if (s.closeRequest !== undefined) {
      s.closeRequest.reject(s.storedError);
      s.closeRequest = undefined;
    }
    const writer = s.writer;
    if (writer !== undefined) {
      slots(writer).closed.reject(s.storedError);
      handled(slots(writer).closed.promise);
    }
  }
  function writableUpdateBackpressure(stream, backpressure) {
    const s = slots(stream);
    const writer = s.writer;
    if (writer !== undefined && backpressure !== s.backpressure) {
      if (backpressure) slots(writer).ready = deferred();
      else slots(writer).ready.resolve(undefined);
    }
    s.backpressure = backpressure;
  }

  class WritableStreamDefaultWriter {
    constructor(stream) {
      if (!isWS(stream)) throw invalidArgType('stream', 'an instance of WritableStream', stream);
      if (isWritableLocked(stream)) throw invalidState('WritableStream is locked');
      const w = setSlots(this, { stream, ready: deferred(), closed: deferred() });
      const s = slots(stream);
      s.writer = this;
      const state = s.state;
      if (state === 'writable') {
        if (!writableCloseQueuedOrInFlight(stream) && s.backpressure) { /* pending */ } else w.ready.resolve(undefined);
      } else if (state === 'erroring') {
        w.ready.reject(s.storedError);
        handled(w.ready.promise);
      } else if (state === 'closed') {
        w.ready.resolve(undefined);
        w.closed.resolve(undefined);
      } else {
        w.ready.reject(s.storedError);
        handled(w.ready.promise);
        w.closed.reject(s.storedError);
        handled(w.closed.promise);
      }
    }
    get closed() { return isWriter(this) ? slots(this).closed.promise : rejected(invalidThis('WritableStreamDefaultWriter')); }
    get desiredSize() {
      if (!isWriter(this)) throw invalidThis('WritableStreamDefaultWriter');
      if (slots(this).stream === undefined) throw invalidState('Writer is not bound to a WritableStream');
      return writerDesiredSize(this);
    }
    get ready() { return isWriter(this) ? slots(this).ready.promise : rejected(invalidThis('WritableStreamDefaultWriter')); }
    abort(reason = undefined) {
      if (!isWriter(this)) return rejected(invalidThis('WritableStreamDefaultWriter'));
      if (slots(this).stream === undefined) return rejected(invalidState('Writer is not bound to a WritableStream'));
      return writableStreamAbort(slots(this).stream, reason);
    }
    close() {
      if (!isWriter(this)) return rejected(invalidThis('WritableStreamDefaultWriter'));
      const stream = slots(this).stream;
      if (stream === undefined) return rejected(invalidState('Writer is not bound to a WritableStream'));
      if (writableCloseQueuedOrInFlight(stream)) return rejected(invalidState('Failure to close WritableStream'));
      return writableStreamClose(stream);
    }
    releaseLock() {
      if (!isWriter(this)) throw invalidThis('WritableStreamDefaultWriter');
      if (slots(this).stream === undefined) return;
      writerRelease(this);
    }
    write(chunk = undefined) {
      if (!isWriter(this)) return rejected(invalidThis('WritableStreamDefaultWriter'));
      if (slots(this).stream === undefined) return rejected(invalidState('Writer is not bound to a WritableStream'));
      return writerWrite(this, chunk);
    }
    [inspect](depth, options, insp) {
      const w = slots(this);
      return 'WritableStreamDefaultWriter ' + insp({ stream: w.stream, close: w.closed.promise, ready: w.ready.promise, desiredSize: w.stream ? writerDesiredSize(this) : null }, options);
    }
  }
  defineProperty(WritableStreamDefaultWriter.prototype, Symbol.toStringTag, { value: 'WritableStreamDefaultWriter', configurable: true });
  const isWriter = (w) => { const s = slots(w); return s !== undefined && 'ready' in s && 'closed' in s; };

  function writerEnsureReadyRejected(writer, error) {
    const w = slots(writer);
    if (w.ready.state !== 'pending') w.ready = deferred();
    w.ready.reject(error);
    handled(w.ready.promise);
  }
  function writerEnsureClosedRejected(writer, error) {
    const w = slots(writer);
    if (w.closed.state !== 'pending') w.closed = deferred();
    w.closed.reject(error);
    handled(w.closed.promise);
  }
  function writerDesiredSize(writer) {
    const stream = slots(writer).stream;
    const state = slots(stream).state;
    if (state === 'errored' || state === 'erroring') return null;
    if (state === 'closed') return 0;
    return writableControllerDesiredSize(slots(stream).controller);
  }
  function writerRelease(writer) {
    const stream = slots(writer).stream;
    const e = invalidState('Writer has been released');
    writerEnsureReadyRejected(writer, e);
    writerEnsureClosedRejected(writer, e);
    slots(stream).writer = undefined;
    slots(writer).stream = undefined;
  }
  function writerWrite(writer, chunk) {
    const stream = slots(writer).stream;
    const s = slots(stream);
    const controller = s.controller;
    const chunkSize = writableControllerGetChunkSize(controller, chunk);
    if (stream !== slots(writer).stream) return rejected(invalidState('Writer has been released'));
    const state = s.state;
    if (state === 'errored') return rejected(s.storedError);
    if (writableCloseQueuedOrInFlight(stream) || state === 'closed') return rejected(invalidState('WritableStream is closed'));
    if (state === 'erroring') return rejected(s.storedError);
    const promise = writableAddWriteRequest(stream);
    writableControllerWrite(controller, chunk, chunkSize);
    return promise;
  }
  function writerCloseWithErrorPropagation(writer) {
    const stream = slots(writer).stream;
    const state = slots(stream).state;
    if (writableCloseQueuedOrInFlight(stream) || state === 'closed') return resolved(undefined);
    if (state === 'errored') return rejected(slots(stream).storedError);
    return writableStreamClose(stream);
  }

  class WritableStreamDefaultController {
    constructor() { if (!constructing) throw illegal(); }
    get signal() { return slots(this).abortController.signal; }
    error(e = undefined) {
      const c = slots(this);
      if (slots(c.stream).state !== 'writable') return;
      writableControllerError(this, e);
    }
    [inspect](depth, options, insp) { return 'WritableStreamDefaultController ' + insp({}, options); }
  }
  defineProperty(WritableStreamDefaultController.prototype, Symbol.toStringTag, { value: 'WritableStreamDefaultController', configurable: true });
  const closeSentinel = Symbol('close');

  function setUpWritableController(stream, controller, startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm, hwm, sizeAlgorithm) {
    const c = setSlots(controller, {
      stream, queue: [], queueTotalSize: 0, started: false, strategySizeAlgorithm: sizeAlgorithm, strategyHWM: hwm,
      writeAlgorithm, closeAlgorithm, abortAlgorithm, abortController: new (internals.AbortController)(),
    });
    c.abortSteps = (reason) => {
      const result = c.abortAlgorithm(reason);
      writableClearAlgorithms(c);
      return result;
    };
    c.errorSteps = () => resetQueue(c);
    slots(stream).controller = controller;
    writableUpdateBackpressure(stream, writableGetBackpressure(controller));
    const startResult = startAlgorithm();
    react(resolved(startResult), () => {
      c.started = true;
      writableAdvanceQueueIfNeeded(controller);
    }, (r) => {
      c.started = true;
      writableDealWithRejection(stream, r);
    });
  }
  function writableClearAlgorithms(c) {
    c.writeAlgorithm = undefined;
    c.closeAlgorithm = undefined;
    c.abortAlgorithm = undefined;
    c.strategySizeAlgorithm = undefined;
  }
  function writableControllerClose(controller) {
    const c = slots(controller);
    c.queue.push({ value: closeSentinel, size: 0 });
    writableAdvanceQueueIfNeeded(controller);
  }
  function writableControllerGetChunkSize(controller, chunk) {
    const c = slots(controller);
    if (c.strategySizeAlgorithm === undefined) return 1;
    try {
      return c.strategySizeAlgorithm(chunk);
    } catch (e) {
      writableControllerErrorIfNeeded(controller, e);
      return 1;
    }
  }
  function writableControllerDesiredSize(controller) {
    const c = slots(controller);
    return c.strategyHWM - c.queueTotalSize;
  }
  function writableControllerWrite(controller, chunk, chunkSize) {
    const c = slots(controller);
    try {
      enqueueValueWithSize(c, chunk, chunkSize);
    } catch (e) {
      writableControllerErrorIfNeeded(controller, e);
      return;
    }
    const stream = c.stream;
    if (!writableCloseQueuedOrInFlight(stream) && slots(stream).state === 'writable') {
      writableUpdateBackpressure(stream, writableGetBackpressure(controller));
    }
    writableAdvanceQueueIfNeeded(controller);
  }
  function writableAdvanceQueueIfNeeded(controller) {
    const c = slots(controller);
    const stream = c.stream;
    const s = slots(stream);
    if (!c.started || s.inFlightWriteRequest !== undefined) return;
    if (s.state === 'erroring') { writableFinishErroring(stream); return; }
    if (c.queue.length === 0) return;
    const value = c.queue[0].value;
    if (value === closeSentinel) writableProcessClose(controller);
    else writableProcessWrite(controller, value);
  }
  function writableControllerErrorIfNeeded(controller, error) {
    if (slots(slots(controller).stream).state === 'writable') writableControllerError(controller, error);
  }
  function writableProcessClose(controller) {
    const c = slots(controller);
    const stream = c.stream;
    const s = slots(stream);
    s.inFlightCloseRequest = s.closeRequest;
    s.closeRequest = undefined;
    dequeueValue(c);
    const sinkClosePromise = c.closeAlgorithm();
    writableClearAlgorithms(c);
    react(sinkClosePromise, () => writableFinishInFlightClose(stream), (r) => writableFinishInFlightCloseWithError(stream, r));
  }
  function writableProcessWrite(controller, chunk) {
    const c = slots(controller);
    const stream = c.stream;
    const s = slots(stream);
    s.inFlightWriteRequest = s.writeRequests.shift();
    const sinkWritePromise = c.writeAlgorithm(chunk);
    react(sinkWritePromise, () => {
      writableFinishInFlightWrite(stream);
      dequeueValue(c);
      if (!writableCloseQueuedOrInFlight(stream) && s.state === 'writable') {
        writableUpdateBackpressure(stream, writableGetBackpressure(controller));
      }
      writableAdvanceQueueIfNeeded(controller);
    }, (reason) => {
      if (s.state === 'writable') writableClearAlgorithms(c);
      writableFinishInFlightWriteWithError(stream, reason);
    });
  }
  function writableGetBackpressure(controller) { return writableControllerDesiredSize(controller) <= 0; }
  function writableControllerError(controller, error) {
    const c = slots(controller);
    writableClearAlgorithms(c);
    writableStartErroring(c.stream, error);
  }

  // ==== TransformStream =========================================================================
  class TransformStream {
    constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
      if (transformer === null) throw invalidArgType('transformer', 'of type object', transformer);
      const t = transformer === undefined ? {} : transformer;
      if (t.readableType !== undefined) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'transformer.readableType' is invalid. Received " + t.readableType);
      if (t.writableType !== undefined) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'transformer.writableType' is invalid. Received " + t.writableType);
      const readableHWM = extractHighWaterMark(readableStrategy, 0);
      const readableSize = extractSizeAlgorithm(readableStrategy);
      const writableHWM = extractHighWaterMark(writableStrategy, 1);
      const writableSize = extractSizeAlgorithm(writableStrategy);
      const startPromise = deferred();
      initializeTransformStream(this, startPromise.promise, writableHWM, writableSize, readableHWM, readableSize);
      const controller = construct(TransformStreamDefaultController);
      const transform = t.transform, flush = t.flush, cancel = t.cancel;
      setUpTransformController(this, controller,
        transform === undefined ? (chunk) => {
          try {
            transformControllerEnqueue(controller, chunk);
            return resolved(undefined);
          } catch (e) {
            return rejected(e);
          }
        } : (chunk) => promiseCall(transform, t, [chunk, controller]),
        () => promiseCall(flush, t, [controller]),
        (reason) => promiseCall(cancel, t, [reason]));
      startPromise.resolve(t.start === undefined ? undefined : Reflect.apply(t.start, t, [controller]));
    }
    get readable() { return checkTS(this).readable; }
    get writable() { return checkTS(this).writable; }
    [inspect](depth, options, insp) {
      const s = slots(this);
      return 'TransformStream ' + insp({ readable: s.readable, writable: s.writable, backpressure: s.backpressure }, options);
    }
  }
  defineProperty(TransformStream.prototype, Symbol.toStringTag, { value: 'TransformStream', configurable: true });
  const checkTS = (t) => { const s = slots(t); if (!s || !('backpressureChangePromise' in s)) throw invalidThis('TransformStream'); return s; };

  function initializeTransformStream(stream, startPromise, writableHWM, writableSize, readableHWM, readableSize) {
    const ts = setSlots(stream, { backpressure: undefined, backpressureChangePromise: undefined, controller: undefined, readable: undefined, writable: undefined });
    const writable = Object.create(WritableStream.prototype);
    setSlots(writable, { state: 'writable', storedError: undefined, writer: undefined, controller: undefined, inFlightWriteRequest: undefined,
      closeRequest: undefined, inFlightCloseRequest: undefined, pendingAbortRequest: undefined, writeRequests: [], backpressure: false });
    setUpWritableController(writable, construct(WritableStreamDefaultController), () => startPromise,
      (chunk) => transformSinkWrite(stream, chunk),
      () => transformSinkClose(stream),
      (reason) => transformSinkAbort(stream, reason),
      writableHWM, writableSize);
    const readable = Object.create(ReadableStream.prototype);
    setSlots(readable, { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined });
    setUpDefaultController(readable, construct(ReadableStreamDefaultController), () => startPromise,
      () => transformSourcePull(stream),
      (reason) => transformSourceCancel(stream, reason),
      readableHWM, readableSize);
    ts.readable = readable;
    ts.writable = writable;
    ts.backpressure = undefined;
    ts.backpressureChangePromise = undefined;
    transformSetBackpressure(stream, true);
  }
  function transformError(stream, e) {
    const ts = slots(stream);
    defaultControllerError(slots(ts.readable).controller, e);
    transformErrorWritableAndUnblockWrite(stream, e);
  }
  function transformErrorWritableAndUnblockWrite(stream, e) {
    const ts = slots(stream);
    transformClearAlgorithms(slots(ts.controller));
    writableControllerErrorIfNeeded(slots(ts.writable).controller, e);
    transformUnblockWrite(stream);
  }
  function transformUnblockWrite(stream) {
    if (slots(stream).backpressure) transformSetBackpressure(stream, false);
  }
  function transformSetBackpressure(stream, backpressure) {
    const ts = slots(stream);
    if (ts.backpressureChangePromise !== undefined) ts.backpressureChangePromise.resolve(undefined);
    ts.backpressureChangePromise = deferred();
    ts.backpressure = backpressure;
  }

  class TransformStreamDefaultController {
    constructor() { if (!constructing) throw illegal(); }
    get desiredSize() {
      const readableController = slots(slots(slots(this).stream).readable).controller;
      return defaultDesiredSize(readableController);
    }
    enqueue(chunk = undefined) { transformControllerEnqueue(this, chunk); }
    error(reason = undefined) { transformError(slots(this).stream, reason); }
    terminate() { transformControllerTerminate(this); }
    [inspect](depth, options, insp) { return 'TransformStreamDefaultController ' + insp({ stream: slots(this).stream }, options); }
  }
  defineProperty(TransformStreamDefaultController.prototype, Symbol.toStringTag, { value: 'TransformStreamDefaultController', configurable: true });

  function setUpTransformController(stream, controller, transformAlgorithm, flushAlgorithm, cancelAlgorithm) {
    setSlots(controller, { stream, transformAlgorithm, flushAlgorithm, cancelAlgorithm, finishPromise: undefined });
    slots(stream).controller = controller;
  }
  function transformClearAlgorithms(c) {
    c.transformAlgorithm = undefined;
    c.flushAlgorithm = undefined;
    c.cancelAlgorithm = undefined;
  }
  function transformControllerEnqueue(controller, chunk) {
    const stream = slots(controller).stream;
    const readableController = slots(slots(stream).readable).controller;
    if (!defaultCanCloseOrEnqueue(readableController)) throw invalidState('Unable to enqueue');
    try {
      defaultControllerEnqueue(readableController, chunk);
    } catch (e) {
      transformErrorWritableAndUnblockWrite(stream, e);
      throw slots(slots(stream).readable).storedError;
    }
    const backpressure = !defaultShouldCallPull(readableController);
    if (backpressure !== slots(stream).backpressure) transformSetBackpressure(stream, true);
  }
  function transformControllerTerminate(controller) {
    const stream = slots(controller).stream;
    defaultControllerClose(slots(slots(stream).readable).controller);
    transformErrorWritableAndUnblockWrite(stream, invalidState('TransformStream has been terminated'));
  }
  function transformPerformTransform(controller, chunk) {
    const c = slots(controller);
    return react(c.transformAlgorithm(chunk), undefined, (r) => {
      transformError(c.stream, r);
      throw r;
    });
  }
  function transformSinkWrite(stream, chunk) {
    const ts = slots(stream);
    const controller = ts.controller;
    if (ts.backpressure) {
      return react(ts.backpressureChangePromise.promise, () => {
        const ws = slots(ts.writable);
        if (ws.state === 'erroring') throw ws.storedError;
        return transformPerformTransform(controller, chunk);
      });
    }
    return transformPerformTransform(controller, chunk);
  }
  function transformSinkAbort(stream, reason) {
    const ts = slots(stream);
    const c = slots(ts.controller);
    if (c.finishPromise !== undefined) return c.finishPromise.promise;
    const readable = ts.readable;
    c.finishPromise = deferred();
    const cancelPromise = c.cancelAlgorithm(reason);
    transformClearAlgorithms(c);
    react(cancelPromise, () => {
      if (slots(readable).state === 'errored') c.finishPromise.reject(slots(readable).storedError);
      else {
        defaultControllerError(slots(readable).controller, reason);
        c.finishPromise.resolve(undefined);
      }
    }, (r) => {
      defaultControllerError(slots(readable).controller, r);
      c.finishPromise.reject(r);
    });
    return c.finishPromise.promise;
  }
  function transformSinkClose(stream) {
    const ts = slots(stream);
    const c = slots(ts.controller);
    if (c.finishPromise !== undefined) return c.finishPromise.promise;
    const readable = ts.readable;
    c.finishPromise = deferred();
    const flushPromise = c.flushAlgorithm();
    transformClearAlgorithms(c);
    react(flushPromise, () => {
      if (slots(readable).state === 'errored') c.finishPromise.reject(slots(readable).storedError);
      else {
        defaultControllerClose(slots(readable).controller);
        c.finishPromise.resolve(undefined);
      }
    }, (r) => {
      defaultControllerError(slots(readable).controller, r);
      c.finishPromise.reject(r);
    });
    return c.finishPromise.promise;
  }
  function transformSourcePull(stream) {
    transformSetBackpressure(stream, false);
    return slots(stream).backpressureChangePromise.promise;
  }
  function transformSourceCancel(stream, reason) {
    const ts = slots(stream);
    const c = slots(ts.controller);
    if (c.finishPromise !== undefined) return c.finishPromise.promise;
    const writable = ts.writable;
    c.finishPromise = deferred();
    const cancelPromise = c.cancelAlgorithm(reason);
    transformClearAlgorithms(c);
    react(cancelPromise, () => {
      if (slots(writable).state === 'errored') c.finishPromise.reject(slots(writable).storedError);
      else {
        writableControllerErrorIfNeeded(slots(writable).controller, reason);
        transformUnblockWrite(stream);
        c.finishPromise.resolve(undefined);
      }
    }, (r) => {
      writableControllerErrorIfNeeded(slots(writable).controller, r);
      transformUnblockWrite(stream);
      c.finishPromise.reject(r);
    });
    return c.finishPromise.promise;
  }

  // ==== queuing strategies =====================================================================
  const byteLengthSize = function size(chunk) { return chunk.byteLength; };
  const countSize = function size() { return 1; };
  class ByteLengthQueuingStrategy {
    #hwm;
    constructor(init) {
      if (init === null || typeof init !== 'object') throw invalidArgType('init', 'of type object', init);
      if (init.highWaterMark === undefined) throw makeError(TypeError, 'ERR_MISSING_OPTION', 'init.highWaterMark is required');
      this.#hwm = Number(init.highWaterMark);
    }
    get highWaterMark() { return this.#hwm; }
    get size() { return byteLengthSize; }
    [inspect](depth, options, insp) { return 'ByteLengthQueuingStrategy ' + insp({ highWaterMark: this.#hwm }, options); }
  }
  class CountQueuingStrategy {
    #hwm;
    constructor(init) {
      if (init === null || typeof init !== 'object') throw invalidArgType('init', 'of type object', init);
      if (init.highWaterMark === undefined) throw makeError(TypeError, 'ERR_MISSING_OPTION', 'init.highWaterMark is required');
      this.#hwm = Number(init.highWaterMark);
    }
    get highWaterMark() { return this.#hwm; }
    get size() { return countSize; }
    [inspect](depth, options, insp) { return 'CountQueuingStrategy ' + insp({ highWaterMark: this.#hwm }, options); }
  }

  // ==== text and compression streams ============================================================
  class TextEncoderStream {
    #transform;
    constructor() {
      const encoder = new (internals.builtin('util').TextEncoder)();
      let pending = '';
      this.#transform = new TransformStream({
        transform(chunk, controller) {
          let s = pending + String(chunk);
          pending = '';
          const last = s.charCodeAt(s.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) { pending = s.slice(-1); s = s.slice(0, -1); }
          if (s.length > 0) controller.enqueue(encoder.encode(s));
        },
        flush(controller) { if (pending) controller.enqueue(new Uint8Array([0xef, 0xbf, 0xbd])); },
      });
    }
    get encoding() { return 'utf-8'; }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    [inspect](depth, options, insp) {
      return 'TextEncoderStream ' + insp({ encoding: 'utf-8', readable: this.readable, writable: this.writable }, options);
    }
  }
  class TextDecoderStream {
    #transform; #decoder;
    constructor(encoding = 'utf-8', options = {}) {
      const decoder = this.#decoder = new (internals.builtin('util').TextDecoder)(encoding, options);
      this.#transform = new TransformStream({
        transform(chunk, controller) {
          const s = decoder.decode(chunk, { stream: true });
          if (s) controller.enqueue(s);
        },
        flush(controller) {
          const s = decoder.decode();
          if (s) controller.enqueue(s);
        },
      });
    }
    get encoding() { return this.#decoder.encoding; }
    get fatal() { return this.#decoder.fatal; }
    get ignoreBOM() { return this.#decoder.ignoreBOM; }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    [inspect](depth, options, insp) {
      return 'TextDecoderStream ' + insp({ encoding: this.encoding, fatal: this.fatal, ignoreBOM: this.ignoreBOM, readable: this.readable, writable: this.writable }, options);
    }
  }
  // Compression streams gather their input and run zlib's one-shot form at the end: the
  // bytes are the same as chunked compression's once the output is read whole.
  const zlibFormats = { gzip: ['gzipSync', 'gunzipSync'], deflate: ['deflateSync', 'inflateSync'], 'deflate-raw': ['deflateRawSync', 'inflateRawSync'] };
  function zlibTransform(format, decompress, ctor) {
    const names = zlibFormats[format];
    if (names === undefined) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'format' is invalid. Received '" + format + "'");
    }
    const chunks = [];
    return new TransformStream({
      transform(chunk) {
        if (!isBufferSource(chunk) && !(chunk instanceof ArrayBuffer)) throw invalidArgType('chunk', 'an instance of ArrayBuffer or ArrayBufferView', chunk);
        chunks.push(chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : copyBytes(chunk));
      },
      flush(controller) {
        const zlib = internals.builtin('zlib');
        const fn = zlib[names[decompress ? 1 : 0]];
        if (typeof fn !== 'function') internals.unsupported(ctor + "('" + format + "')");
        const { Buffer } = internals.builtin('buffer');
        const out = fn(Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))));
        if (out.length > 0) controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.length));
      },
    });
  }
  class CompressionStream {
    #transform;
    constructor(format) { this.#transform = zlibTransform(String(format), false, 'CompressionStream'); }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    [inspect](depth, options, insp) { return 'CompressionStream ' + insp({ readable: this.readable, writable: this.writable }, options); }
  }
  class DecompressionStream {
    #transform;
    constructor(format) { this.#transform = zlibTransform(String(format), true, 'DecompressionStream'); }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    [inspect](depth, options, insp) { return 'DecompressionStream ' + insp({ readable: this.readable, writable: this.writable }, options); }
  }

  // ---- what other modules need --------------------------------------------------------------
  // readableFromBytes is a byte stream that the owner feeds: push(chunk) and end(err).
  function byteSource(onCancel) {
    let controller;
    const stream = new ReadableStream({
      type: 'bytes',
      start(c) { controller = c; },
      cancel(reason) { if (onCancel) onCancel(reason); },
    });
    return {
      stream,
      push(chunk) { if (slots(stream).state === 'readable' && !slots(controller).closeRequested) controller.enqueue(chunk); },
      end(err) {
        if (slots(stream).state !== 'readable' || slots(controller).closeRequested) return;
        if (err) controller.error(err); else controller.close();
      },
    };
  }
  const isDisturbed = (stream) => !!(slots(stream) && slots(stream).disturbed);
  const isErrored = (stream) => !!(slots(stream) && slots(stream).state === 'errored');

  Object.assign(exports, {
    ReadableStream, ReadableStreamDefaultReader, ReadableStreamBYOBReader, ReadableStreamBYOBRequest,
    ReadableByteStreamController, ReadableStreamDefaultController, TransformStream, TransformStreamDefaultController,
    WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController, ByteLengthQueuingStrategy,
    CountQueuingStrategy, TextEncoderStream, TextDecoderStream, CompressionStream, DecompressionStream,
  });
  defineProperty(exports, Symbol.for('looplab.streamweb.internals'), { value: { byteSource, isDisturbed, isErrored, isLocked: (s) => isLocked(s) } });
})
