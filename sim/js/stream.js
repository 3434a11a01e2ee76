// stream.js: the core of Node's `stream` module for the looplab simulator.
//
// Written for the simulator from the Node.js v20 documentation and the
// observed behaviour of node v20.20.2. The observable ordering of stream
// events depends on the details of Node's internal state machine, so the
// state transitions here deliberately follow those of Node's
// lib/internal/streams/* (MIT License, Copyright Node.js contributors) —
// including a few quirks, noted where they occur — and were checked against
// v20.20.2 with sim/testdata/jsmods/harness.cjs.
//
// The file is one function expression; the Go side evaluates it and calls it
// with (exports, hooks, events):
//   hooks.nextTick(fn, ...args)   process.nextTick; every deferral below goes
//                                 through it so that the order relative to
//                                 promise jobs and setImmediate matches Node
//   hooks.Buffer                  optional; when present, string chunks of
//                                 byte streams become Buffers as in Node
//   hooks.hasChange(id)           optional; whether the simulated release has
//                                 a change of sim/profile.go (absent: the newest
//                                 behaviour): R-V14 autoDestroy by default,
//                                 R-V15 the end() callback before 'finish'
//   events                        the exports object of events.js
//
// For `require('stream')` to look like Node's, hand out exports.default (the
// Stream function, which carries every other export as a property).
//
// Ordering the simulator relies on (node-semantics.md R-E2):
//   * 'close' of a handle-less stream comes from a nextTick queued by
//     destroy(): `after destroy (sync) | close | nextTick queued after
//     destroy | promise`.
//   * Writable#end(): end callback | 'finish' | 'close', all via nextTick,
//     before promise jobs queued after end().
//   * Readable: 'data' starts on a nextTick after a 'data' listener is added
//     (resume), 'end' is emitted from a nextTick after the last chunk, and
//     'close' (autoDestroy) from a nextTick after 'end'.
//
// Known simplifications: no Buffer/StringDecoder of our own (strings stay
// strings, lengths count UTF-16 units), pipeline()'s function stages get no
// AbortSignal ({ signal: undefined }), no Readable.prototype.compose nor asIndexedPairs, no
// Readable.wrap, no web-stream interop, no AbortSignal support.
(function (exports, hooks, events) {
  'use strict';

  hooks = hooks || {};
  const nextTick = hooks.nextTick;
  if (typeof nextTick !== 'function') throw new TypeError('stream.js needs hooks.nextTick');
  if (!events || typeof events.EventEmitter !== 'function') throw new TypeError('stream.js needs the events module');
  const EE = events.EventEmitter;
  const BufferImpl = typeof hooks.Buffer === 'function' ? hooks.Buffer : null;
  const hasChange = typeof hooks.hasChange === 'function' ? hooks.hasChange : () => true;
  // Node 14.0.0 (R-V14): a stream destroys itself (and emits 'close') once done, unless
  // told not to; before, only when told to.
  const autoDestroyByDefault = hasChange('R-V14');
  const autoDestroyOf = (options) => (autoDestroyByDefault
    ? !options || options.autoDestroy !== false
    : !!options && options.autoDestroy === true);
  // Node 15.0.0 (R-V15): end(cb)'s callback runs just before 'finish'; before, end()
  // added it as a 'finish' listener, after those already there.
  const endCallbackFirst = hasChange('R-V15');
  // Node 26.0.0 (R-V17): read() with no size returns the first buffered chunk
  const readsOneChunk = typeof hooks.hasChange === 'function' && hooks.hasChange('R-V17');
  // Node 24.0.0 (R-V29): pipe() catches what dest.write() throws and destroys dest with it
  const pipeCatchesWrite = typeof hooks.hasChange === 'function' && hooks.hasChange('R-V29');
  const asyncIteratorSymbol = typeof Symbol.asyncIterator === 'symbol' ? Symbol.asyncIterator : null;

  const kPaused = Symbol('kPaused');
  const kOnFinished = Symbol('kOnFinished');
  const kConstruct = Symbol('kConstruct');
  const kDestroy = Symbol('kDestroy');
  const kCallback = Symbol('kCallback');
  const kIsDestroyed = Symbol('kIsDestroyed');

  function nop() {}

  // ---- errors -----------------------------------------------------------

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

  const E = {
    pushAfterEOF: () => makeError(Error, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'),
    unshiftAfterEnd: () => makeError(Error, 'ERR_STREAM_UNSHIFT_AFTER_END_EVENT', 'stream.unshift() after end event'),
    writeAfterEnd: () => makeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end'),
    destroyed: (m) => makeError(Error, 'ERR_STREAM_DESTROYED', 'Cannot call ' + m + ' after a stream was destroyed'),
    alreadyFinished: (m) => makeError(Error, 'ERR_STREAM_ALREADY_FINISHED', 'Cannot call ' + m + ' after a stream was finished'),
    nullValues: () => makeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream'),
    notImplemented: (m) => makeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The ' + m + ' method is not implemented'),
    multipleCallback: () => makeError(Error, 'ERR_MULTIPLE_CALLBACK', 'Callback called multiple times'),
    prematureClose: () => makeError(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'),
    cannotPipe: () => makeError(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'),
    missingArgs: (name) => makeError(TypeError, 'ERR_MISSING_ARGS', 'The "' + name + '" argument must be specified'),
    invalidArgType: (name, what, value) => makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
      'The "' + name + '" argument must be ' + what + '.' + received(value)),
    unknownEncoding: (enc) => makeError(TypeError, 'ERR_UNKNOWN_ENCODING', 'Unknown encoding: ' + enc),
    invalidChunk: (value) => makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
      'The "chunk" argument must be of type string or an instance of Buffer, TypedArray, or DataView.' + received(value)),
    invalidReturnValue: (what, name, value) => makeError(TypeError, 'ERR_INVALID_RETURN_VALUE',
      'Expected ' + what + ' to be returned from the "' + name + '" function but got ' + describeValue(value) + '.'),
    invalidArgValue: (name, value) => makeError(TypeError, 'ERR_INVALID_ARG_VALUE',
      "The property '" + name + "' is invalid. Received " + String(value)),
  };
  function received(value) {
    return ' Received ' + describeValue(value);
  }
  // describeValue is how Node's errors name a value they got.
  function describeValue(value) {
    if (value == null) return String(value);
    if (typeof value === 'function') return 'function ' + (value.name || '<anonymous>');
    if (typeof value === 'object') {
      if (value.constructor && value.constructor.name) return 'an instance of ' + value.constructor.name;
      return 'an object';
    }
    const shown = typeof value === 'string' ? "'" + value + "'" : String(value);
    return 'type ' + typeof value + ' (' + shown + ')';
  }
  // abortError is Node's AbortError; with a signal, its reason is the cause.
  function abortError(signal) {
    if (typeof hooks.abortError === 'function') return hooks.abortError(signal);
    const err = new Error('The operation was aborted', signal === undefined ? undefined : { cause: signal.reason });
    err.name = 'AbortError';
    err.code = 'ABORT_ERR';
    return err;
  }

  // ---- chunks: strings, Uint8Arrays (and Buffers when provided) ---------

  function isUint8Array(x) {
    return x instanceof Uint8Array;
  }

  function utf8Encode(s) {
    const out = [];
    for (const ch of s) {
      let c = ch.codePointAt(0);
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }

  function utf8Decode(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i];
      let c;
      let n;
      if (b < 0x80) { c = b; n = 1; }
      else if (b >= 0xf0) { c = b & 7; n = 4; }
      else if (b >= 0xe0) { c = b & 15; n = 3; }
      else if (b >= 0xc0) { c = b & 31; n = 2; }
      else { c = 0xfffd; n = 1; }
      for (let k = 1; k < n; k++) c = (c << 6) | (bytes[i + k] & 63);
      s += String.fromCodePoint(n > 1 && i + n > bytes.length ? 0xfffd : c);
      i += n;
    }
    return s;
  }

  const encodings = ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'ascii', 'latin1', 'binary',
    'ucs2', 'ucs-2', 'utf16le', 'utf-16le'];
  function isEncoding(enc) {
    if (BufferImpl && typeof BufferImpl.isEncoding === 'function') return BufferImpl.isEncoding(enc);
    return typeof enc === 'string' && enc.length !== 0 && encodings.includes(enc.toLowerCase());
  }

  function checkedDefaultEncoding(options) {
    const enc = options ? options.defaultEncoding : null;
    if (enc == null || enc === 'utf8' || enc === 'utf-8') return 'utf8';
    if (!isEncoding(enc)) throw E.unknownEncoding(enc);
    return enc;
  }

  // A byte-stream chunk from any ArrayBuffer view.
  function toUint8(view) {
    if (BufferImpl) return BufferImpl.from(view.buffer, view.byteOffset, view.byteLength);
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  }

  // Streams pre-declare their common event names in `_events` (as Node
  // does), which puts the emitter in "shape mode" (see events.js) and fixes
  // the order of eventNames().
  function preDeclaredEvents(names) {
    const events = Object.create(null);
    for (const n of names) events[n] = undefined;
    return events;
  }

  function toBytes(chunk) {
    if (typeof chunk === 'string') return BufferImpl ? BufferImpl.from(chunk) : utf8Encode(chunk);
    return chunk;
  }

  function concatChunks(list, total) {
    if (list.every((c) => typeof c === 'string')) return list.join('');
    if (BufferImpl) return BufferImpl.concat(list.map(toBytes), total);
    const parts = list.map(toBytes);
    let len = 0;
    for (const p of parts) len += p.length;
    const out = new Uint8Array(len);
    let off = 0;
    for (const p of parts) { out.set(p, off); off += p.length; }
    return out;
  }

  function normalizeEncoding(enc) {
    const e = String(enc || 'utf8').toLowerCase();
    if (e === 'utf-8') return 'utf8';
    if (e === 'ucs2' || e === 'ucs-2' || e === 'utf-16le') return 'utf16le';
    return e;
  }

  // A minimal StringDecoder stand-in used by setEncoding().
  function Decoder(enc) {
    this.encoding = normalizeEncoding(enc);
  }
  Decoder.prototype.write = function (chunk) {
    if (typeof chunk === 'string') return chunk;
    if (BufferImpl && BufferImpl.isBuffer(chunk)) return chunk.toString(this.encoding);
    return utf8Decode(chunk);
  };
  Decoder.prototype.end = function () { return ''; };

  // ---- Stream (legacy base) ---------------------------------------------

  function Stream(opts) {
    EE.call(this, opts);
  }
  Object.setPrototypeOf(Stream.prototype, EE.prototype);
  Object.setPrototypeOf(Stream, EE);

  // Skip the pre-declared, listener-less names.
  Stream.prototype.eventNames = function eventNames() {
    const names = [];
    const events = this._events;
    if (events === undefined) return names;
    for (const key of Reflect.ownKeys(events)) {
      const l = events[key];
      if (typeof l === 'function' || (Array.isArray(l) && l.length > 0)) names.push(key);
    }
    return names;
  };

  // The old pre-streams2 pipe, used only by plain `Stream` instances.
  Stream.prototype.pipe = function (dest, options) {
    const source = this;
    function ondata(chunk) {
      if (dest.writable && dest.write(chunk) === false && source.pause) source.pause();
    }
    source.on('data', ondata);
    function ondrain() {
      if (source.readable && source.resume) source.resume();
    }
    dest.on('drain', ondrain);
    let didOnEnd = false;
    function onend() {
      if (didOnEnd) return;
      didOnEnd = true;
      dest.end();
    }
    function onclose() {
      if (didOnEnd) return;
      didOnEnd = true;
      if (typeof dest.destroy === 'function') dest.destroy();
    }
    if (!dest._isStdio && (!options || options.end !== false)) {
      source.on('end', onend);
      source.on('close', onclose);
    }
    function onerror(er) {
      cleanup();
      if (EE.listenerCount(this, 'error') === 0) this.emit('error', er);
    }
    source.prependListener('error', onerror);
    dest.prependListener('error', onerror);
    function cleanup() {
      source.removeListener('data', ondata);
      dest.removeListener('drain', ondrain);
      source.removeListener('end', onend);
      source.removeListener('close', onclose);
      source.removeListener('error', onerror);
      dest.removeListener('error', onerror);
      source.removeListener('end', cleanup);
      source.removeListener('close', cleanup);
      dest.removeListener('close', cleanup);
    }
    source.on('end', cleanup);
    source.on('close', cleanup);
    dest.on('close', cleanup);
    dest.emit('pipe', source);
    return dest;
  };

  // ---- highWaterMark ------------------------------------------------------

  let defaultHwmBytes = 16 * 1024;
  let defaultHwmObjects = 16;

  function getDefaultHighWaterMark(objectMode) {
    return objectMode ? defaultHwmObjects : defaultHwmBytes;
  }
  function setDefaultHighWaterMark(objectMode, value) {
    if (!Number.isInteger(value) || value < 0) throw E.invalidArgValue('value', value);
    if (objectMode) defaultHwmObjects = value; else defaultHwmBytes = value;
  }
  function getHighWaterMark(state, options, duplexKey, isDuplex) {
    let hwm = options.highWaterMark != null ? options.highWaterMark : (isDuplex ? options[duplexKey] : null);
    if (hwm != null) {
      if (!Number.isInteger(hwm) || hwm < 0) {
        throw E.invalidArgValue(isDuplex ? 'options.' + duplexKey : 'options.highWaterMark', hwm);
      }
      return Math.floor(hwm);
    }
    return getDefaultHighWaterMark(state.objectMode);
  }

  // ---- destroy / construct machinery (shared by all stream kinds) -------

  function checkError(err, w, r) {
    if (err) {
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
    }
  }

  function destroy(err, cb) {
    const r = this._readableState;
    const w = this._writableState;
    const s = w || r;
    if ((w && w.destroyed) || (r && r.destroyed)) {
      if (typeof cb === 'function') cb();
      return this;
    }
    checkError(err, w, r);
    if (w) w.destroyed = true;
    if (r) r.destroyed = true;
    if (!s.constructed) {
      this.once(kDestroy, function (er) {
        destroyNow(this, er || err, cb);
      });
    } else {
      destroyNow(this, err, cb);
    }
    return this;
  }

  function destroyNow(self, err, cb) {
    let called = false;
    function onDestroy(er) {
      if (called) return;
      called = true;
      const r = self._readableState;
      const w = self._writableState;
      checkError(er, w, r);
      if (w) w.closed = true;
      if (r) r.closed = true;
      if (typeof cb === 'function') cb(er);
      // R-E2: 'error' and 'close' come from a tick queued right here.
      if (er) nextTick(emitErrorCloseNT, self, er);
      else nextTick(emitCloseNT, self);
    }
    try {
      self._destroy(err || null, onDestroy);
    } catch (e) {
      onDestroy(e);
    }
  }

  function emitErrorCloseNT(self, err) {
    emitErrorNT(self, err);
    emitCloseNT(self);
  }

  function emitCloseNT(self) {
    const r = self._readableState;
    const w = self._writableState;
    if (w) w.closeEmitted = true;
    if (r) r.closeEmitted = true;
    if ((w && w.emitClose) || (r && r.emitClose)) self.emit('close');
  }

  function emitErrorNT(self, err) {
    const r = self._readableState;
    const w = self._writableState;
    if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
    if (w) w.errorEmitted = true;
    if (r) r.errorEmitted = true;
    self.emit('error', err);
  }

  function errorOrDestroy(stream, err, sync) {
    const r = stream._readableState;
    const w = stream._writableState;
    if ((w && w.destroyed) || (r && r.destroyed)) return;
    if ((r && r.autoDestroy) || (w && w.autoDestroy)) {
      stream.destroy(err);
    } else if (err) {
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
      if (sync) nextTick(emitErrorNT, stream, err);
      else emitErrorNT(stream, err);
    }
  }

  function construct(stream, cb) {
    if (typeof stream._construct !== 'function') return;
    const r = stream._readableState;
    const w = stream._writableState;
    if (r) r.constructed = false;
    if (w) w.constructed = false;
    stream.once(kConstruct, cb);
    if (stream.listenerCount(kConstruct) > 1) return; // a Duplex registers twice
    nextTick(constructNT, stream);
  }

  function constructNT(stream) {
    let called = false;
    function onConstruct(err) {
      if (called) {
        errorOrDestroy(stream, err != null ? err : E.multipleCallback());
        return;
      }
      called = true;
      const r = stream._readableState;
      const w = stream._writableState;
      const s = w || r;
      if (r) r.constructed = true;
      if (w) w.constructed = true;
      if (s.destroyed) stream.emit(kDestroy, err);
      else if (err) errorOrDestroy(stream, err, true);
      else stream.emit(kConstruct);
    }
    try {
      stream._construct((err) => { nextTick(onConstruct, err); });
    } catch (err) {
      nextTick(onConstruct, err);
    }
  }

  // ---- Readable -----------------------------------------------------------

  function ReadableState(options, stream, isDuplex) {
    if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof Duplex;
    this.objectMode = !!(options && options.objectMode);
    if (isDuplex) this.objectMode = this.objectMode || !!(options && options.readableObjectMode);
    this.highWaterMark = options
      ? getHighWaterMark(this, options, 'readableHighWaterMark', isDuplex)
      : getDefaultHighWaterMark(false);
    // Buffered chunks live in buffer[bufferIndex..]; consumed slots are nulled.
    this.buffer = [];
    this.bufferIndex = 0;
    this.length = 0;
    this.pipes = [];
    this.flowing = null;
    this.ended = false;
    this.endEmitted = false;
    this.reading = false;
    this.constructed = true;
    // True until the first read: anything that must happen "later" waits.
    this.sync = true;
    this.needReadable = false;
    this.emittedReadable = false;
    this.readableListening = false;
    this.resumeScheduled = false;
    this[kPaused] = null;
    this.errorEmitted = false;
    this.emitClose = !options || options.emitClose !== false;
    this.autoDestroy = autoDestroyOf(options);
    this.destroyed = false;
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this.defaultEncoding = checkedDefaultEncoding(options);
    this.awaitDrainWriters = null;
    this.multiAwaitDrain = false;
    this.readingMore = false;
    this.dataEmitted = false;
    // Set by on('data'), cleared when the last 'data' listener is removed
    // with removeListener/off (not by removeAllListeners, as in Node).
    this.dataListening = false;
    this.decoder = null;
    this.encoding = null;
    if (options && options.encoding) {
      this.decoder = new Decoder(options.encoding);
      this.encoding = options.encoding;
    }
  }

  function Readable(options) {
    if (!(this instanceof Readable)) return new Readable(options);
    if (this._events === undefined) this._events = preDeclaredEvents(['close', 'error', 'data', 'end', 'readable']);
    this._readableState = new ReadableState(options, this, false);
    if (options) {
      if (typeof options.read === 'function') this._read = options.read;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.construct === 'function') this._construct = options.construct;
    }
    Stream.call(this, options);
    if (this._construct != null) construct(this, () => readableConstructed(this, this._readableState));
  }

  function readableConstructed(stream, state) {
    if (state.needReadable) maybeReadMore(stream, state);
  }
  Object.setPrototypeOf(Readable.prototype, Stream.prototype);
  Object.setPrototypeOf(Readable, Stream);
  Readable.ReadableState = ReadableState;

  Readable.prototype.destroy = destroy;
  Readable.prototype._undestroy = function () {
    const r = this._readableState;
    const w = this._writableState;
    for (const s of [r, w]) {
      if (!s) continue;
      s.constructed = true;
      s.closed = false;
      s.closeEmitted = false;
      s.destroyed = false;
      s.errored = null;
      s.errorEmitted = false;
    }
    if (r) { r.reading = false; r.ended = r.readable === false; r.endEmitted = r.readable === false; }
    if (w) {
      w.finalCalled = false; w.prefinished = false;
      w.ended = w.writable === false; w.ending = w.writable === false; w.finished = w.writable === false;
    }
  };
  Readable.prototype._destroy = function (err, cb) {
    cb(err);
  };

  Readable.prototype.push = function (chunk, encoding) {
    const state = this._readableState;
    return state.objectMode ? pushObject(this, state, chunk, encoding) : pushBytes(this, state, chunk, encoding);
  };

  // unshift() should only put back something that came out of read().
  Readable.prototype.unshift = function (chunk, encoding) {
    const state = this._readableState;
    if (chunk === null) {
      state.reading = false;
      onEofChunk(this, state);
      return false;
    }
    if (!state.objectMode) {
      if (typeof chunk === 'string') {
        encoding = encoding || state.defaultEncoding;
        if (state.encoding !== encoding && BufferImpl) {
          chunk = state.encoding
            ? BufferImpl.from(chunk, encoding).toString(state.encoding)
            : BufferImpl.from(chunk, encoding);
        }
      } else if (ArrayBuffer.isView(chunk) && !(BufferImpl && BufferImpl.isBuffer(chunk))) {
        chunk = toUint8(chunk);
      } else if (chunk !== undefined && !(BufferImpl && BufferImpl.isBuffer(chunk))) {
        errorOrDestroy(this, E.invalidChunk(chunk));
        return false;
      }
      if (!(chunk && chunk.length > 0)) return canPushMore(state);
    }
    if (state.endEmitted) errorOrDestroy(this, E.unshiftAfterEnd());
    else if (state.destroyed || state.errored) return false;
    else addChunk(this, state, chunk, true);
    return canPushMore(state);
  };

  function pushBytes(stream, state, chunk, encoding) {
    if (chunk === null) {
      state.reading = false;
      onEofChunk(stream, state);
      return false;
    }
    if (typeof chunk === 'string') {
      encoding = encoding || state.defaultEncoding;
      if (state.encoding !== encoding) {
        if (BufferImpl) chunk = BufferImpl.from(chunk, encoding);
        encoding = '';
      }
    } else if (BufferImpl && BufferImpl.isBuffer(chunk)) {
      encoding = '';
    } else if (ArrayBuffer.isView(chunk)) {
      chunk = toUint8(chunk);
      encoding = '';
    } else if (chunk !== undefined) {
      errorOrDestroy(stream, E.invalidChunk(chunk));
      return false;
    }

    if (!chunk || chunk.length <= 0) {
      state.reading = false;
      maybeReadMore(stream, state);
      return canPushMore(state);
    }
    if (state.ended) {
      errorOrDestroy(stream, E.pushAfterEOF());
      return false;
    }
    if (state.destroyed || state.errored) return false;

    state.reading = false;
    if (state.decoder && !encoding) {
      chunk = state.decoder.write(chunk);
      if (chunk.length === 0) {
        maybeReadMore(stream, state);
        return canPushMore(state);
      }
    }
    addChunk(stream, state, chunk, false);
    return canPushMore(state);
  }

  function pushObject(stream, state, chunk, encoding) {
    if (chunk === null) {
      state.reading = false;
      onEofChunk(stream, state);
      return false;
    }
    if (state.ended) {
      errorOrDestroy(stream, E.pushAfterEOF());
      return false;
    }
    if (state.destroyed || state.errored) return false;
    state.reading = false;
    if (state.decoder && !encoding) chunk = state.decoder.write(chunk);
    addChunk(stream, state, chunk, false);
    return canPushMore(state);
  }

  // More may be pushed while below highWaterMark, or when nothing is
  // buffered at all (so that highWaterMark 0 still makes progress).
  function canPushMore(state) {
    return !state.ended && (state.length < state.highWaterMark || state.length === 0);
  }

  function addChunk(stream, state, chunk, addToFront) {
    if (state.flowing && state.dataListening && !state.sync && state.length === 0) {
      // Flowing with nothing buffered: hand the chunk straight to 'data'.
      if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
      else state.awaitDrainWriters = null;
      state.dataEmitted = true;
      stream.emit('data', chunk);
    } else {
      state.length += state.objectMode ? 1 : chunk.length;
      if (!addToFront) state.buffer.push(chunk);
      else if (state.bufferIndex > 0) state.buffer[--state.bufferIndex] = chunk;
      else state.buffer.unshift(chunk);
      if (state.needReadable) emitReadable(stream);
    }
    maybeReadMore(stream, state);
  }

  Readable.prototype.isPaused = function () {
    const state = this._readableState;
    return state[kPaused] === true || state.flowing === false;
  };

  Readable.prototype.setEncoding = function (enc) {
    const state = this._readableState;
    const decoder = new Decoder(enc);
    state.decoder = decoder;
    state.encoding = decoder.encoding;
    let content = '';
    for (const data of state.buffer.slice(state.bufferIndex)) content += decoder.write(data);
    state.buffer.length = 0;
    state.bufferIndex = 0;
    if (content !== '') state.buffer.push(content);
    state.length = content.length;
    return this;
  };

  const MAX_HWM = 0x40000000;
  function computeNewHighWaterMark(n) {
    if (n > MAX_HWM) throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "size" is out of range.');
    n--;
    n |= n >>> 1; n |= n >>> 2; n |= n >>> 4; n |= n >>> 8; n |= n >>> 16;
    return n + 1;
  }

  function howMuchToRead(n, state) {
    if (n <= 0 || (state.length === 0 && state.ended)) return 0;
    if (state.objectMode) return 1;
    if (Number.isNaN(n)) {
      // One chunk at a time when flowing, and for a paused read() too from Node 26 (R-V17);
      // before, a paused read() took everything buffered.
      if ((state.flowing || readsOneChunk) && state.length) return state.buffer[state.bufferIndex].length;
      return state.length;
    }
    if (n <= state.length) return n;
    return state.ended ? state.length : 0;
  }

  Readable.prototype.read = function (n) {
    if (n === undefined) n = NaN;
    else if (!Number.isInteger(n)) n = parseInt(n, 10);
    const state = this._readableState;
    const nOrig = n;

    if (n > state.highWaterMark) state.highWaterMark = computeNewHighWaterMark(n);
    if (n !== 0) state.emittedReadable = false;

    // read(0) with enough buffered (or at the end) just signals 'readable'/'end'.
    if (n === 0 && state.needReadable &&
        ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
      if (state.length === 0 && state.ended) endReadable(this);
      else emitReadable(this);
      return null;
    }

    n = howMuchToRead(n, state);
    if (n === 0 && state.ended) {
      if (state.length === 0) endReadable(this);
      return null;
    }

    let doRead = state.needReadable;
    if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
    if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) {
      doRead = false;
    } else if (doRead) {
      state.reading = true;
      state.sync = true;
      if (state.length === 0) state.needReadable = true;
      try {
        this._read(state.highWaterMark);
      } catch (error) {
        errorOrDestroy(this, error);
      }
      state.sync = false;
      // _read may have pushed synchronously: recompute.
      if (!state.reading) n = howMuchToRead(nOrig, state);
    }

    let ret = n > 0 ? fromList(n, state) : null;
    if (ret === null) {
      state.needReadable = state.length <= state.highWaterMark;
      n = 0;
    } else {
      state.length -= n;
      if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
      else state.awaitDrainWriters = null;
    }

    if (state.length === 0) {
      if (!state.ended) state.needReadable = true;
      if (nOrig !== n && state.ended) endReadable(this);
    }

    if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
      state.dataEmitted = true;
      this.emit('data', ret);
    }
    return ret;
  };

  // Take n units (bytes/characters, or one object) off the buffer.
  function fromList(n, state) {
    if (state.length === 0) return null;
    let idx = state.bufferIndex;
    let ret;
    const buf = state.buffer;
    const len = buf.length;

    if (state.objectMode) {
      ret = buf[idx];
      buf[idx++] = null;
    } else if (!n || n >= state.length) {
      // Everything.
      if (state.decoder) {
        ret = '';
        while (idx < len) {
          ret += buf[idx];
          buf[idx++] = null;
        }
      } else if (len - idx === 1) {
        ret = buf[idx];
        buf[idx++] = null;
      } else {
        ret = concatChunks(buf.slice(idx), state.length);
        while (idx < len) buf[idx++] = null;
      }
    } else if (n < buf[idx].length) {
      ret = buf[idx].slice(0, n);
      buf[idx] = buf[idx].slice(n);
    } else if (n === buf[idx].length) {
      ret = buf[idx];
      buf[idx++] = null;
    } else if (state.decoder) {
      ret = '';
      while (idx < len) {
        const str = buf[idx];
        if (n > str.length) {
          ret += str;
          n -= str.length;
          buf[idx++] = null;
        } else {
          // (Node compares with the array length here, so an exact fit
          // usually leaves an empty string behind; kept for fidelity.)
          if (n === buf.length) {
            ret += str;
            buf[idx++] = null;
          } else {
            ret += str.slice(0, n);
            buf[idx] = str.slice(n);
          }
          break;
        }
      }
    } else {
      const parts = [];
      const total = n;
      while (idx < len) {
        const data = buf[idx];
        if (n > data.length) {
          parts.push(data);
          n -= data.length;
          buf[idx++] = null;
        } else {
          if (n === data.length) {
            parts.push(data);
            buf[idx++] = null;
          } else {
            parts.push(data.slice(0, n));
            buf[idx] = data.slice(n);
          }
          break;
        }
      }
      ret = concatChunks(parts, total);
    }

    if (idx === len) {
      state.buffer.length = 0;
      state.bufferIndex = 0;
    } else if (idx > 1024) {
      state.buffer.splice(0, idx);
      state.bufferIndex = 0;
    } else {
      state.bufferIndex = idx;
    }
    return ret;
  }

  Readable.prototype._read = function () {
    throw E.notImplemented('_read()');
  };

  function onEofChunk(stream, state) {
    if (state.ended) return;
    if (state.decoder) {
      const chunk = state.decoder.end();
      if (chunk && chunk.length) {
        state.buffer.push(chunk);
        state.length += state.objectMode ? 1 : chunk.length;
      }
    }
    state.ended = true;
    if (state.sync) {
      emitReadable(stream);
    } else {
      state.needReadable = false;
      state.emittedReadable = true;
      emitReadable_(stream);
    }
  }

  function emitReadable(stream) {
    const state = stream._readableState;
    state.needReadable = false;
    if (!state.emittedReadable) {
      state.emittedReadable = true;
      nextTick(emitReadable_, stream);
    }
  }

  function emitReadable_(stream) {
    const state = stream._readableState;
    if (!state.destroyed && !state.errored && (state.length || state.ended)) {
      stream.emit('readable');
      state.emittedReadable = false;
    }
    state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
    flow(stream);
  }

  function maybeReadMore(stream, state) {
    if (!state.readingMore && state.constructed) {
      state.readingMore = true;
      nextTick(maybeReadMore_, stream, state);
    }
  }

  function maybeReadMore_(stream, state) {
    while (!state.reading && !state.ended &&
           (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
      const len = state.length;
      stream.read(0);
      if (len === state.length) break; // nothing came in
    }
    state.readingMore = false;
  }

  Readable.prototype.on = function (ev, fn) {
    const res = Stream.prototype.on.call(this, ev, fn);
    const state = this._readableState;
    if (ev === 'data') {
      state.dataListening = true;
      if (this.listenerCount('readable') > 0) state.readableListening = true;
      // Attaching 'data' switches to flowing mode unless paused explicitly.
      if (state.flowing !== false) this.resume();
    } else if (ev === 'readable') {
      if (!state.endEmitted && !state.readableListening) {
        state.readableListening = state.needReadable = true;
        state.flowing = false;
        state.emittedReadable = false;
        if (state.length) emitReadable(this);
        else if (!state.reading) nextTick((self) => self.read(0), this);
      }
    }
    return res;
  };
  Readable.prototype.addListener = Readable.prototype.on;

  Readable.prototype.removeListener = function (ev, fn) {
    const res = Stream.prototype.removeListener.call(this, ev, fn);
    if (ev === 'readable') nextTick(updateReadableListening, this);
    else if (ev === 'data' && this.listenerCount('data') === 0) this._readableState.dataListening = false;
    return res;
  };
  Readable.prototype.off = Readable.prototype.removeListener;

  Readable.prototype.removeAllListeners = function (ev) {
    const res = Stream.prototype.removeAllListeners.apply(this, arguments);
    if (ev === 'readable' || ev === undefined) nextTick(updateReadableListening, this);
    return res;
  };

  function updateReadableListening(self) {
    const state = self._readableState;
    state.readableListening = self.listenerCount('readable') > 0;
    if (state.resumeScheduled && state[kPaused] === false) state.flowing = true;
    else if (state.dataListening) self.resume();
    else if (!state.readableListening) state.flowing = null;
  }

  Readable.prototype.resume = function () {
    const state = this._readableState;
    if (!state.flowing) {
      state.flowing = !state.readableListening;
      if (!state.resumeScheduled) {
        state.resumeScheduled = true;
        nextTick(resume_, this, state);
      }
    }
    state[kPaused] = false;
    return this;
  };

  function resume_(stream, state) {
    if (!state.reading) stream.read(0);
    state.resumeScheduled = false;
    stream.emit('resume');
    flow(stream);
    if (state.flowing && !state.reading) stream.read(0);
  }

  Readable.prototype.pause = function () {
    const state = this._readableState;
    if (state.flowing !== false) {
      state.flowing = false;
      this.emit('pause');
    }
    state[kPaused] = true;
    return this;
  };

  function flow(stream) {
    const state = stream._readableState;
    while (state.flowing && stream.read() !== null);
  }

  function endReadable(stream) {
    const state = stream._readableState;
    if (!state.endEmitted) {
      state.ended = true;
      nextTick(endReadableNT, state, stream);
    }
  }

  function endReadableNT(state, stream) {
    if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
      state.endEmitted = true;
      stream.emit('end');
      if (stream.writable && stream.allowHalfOpen === false) {
        nextTick(endWritableNT, stream);
      } else if (state.autoDestroy) {
        // 'close' follows 'end' once the writable side (if any) is done too.
        const wState = stream._writableState;
        const autoDestroy = !wState || (wState.autoDestroy && (wState.finished || wState.writable === false));
        if (autoDestroy) stream.destroy();
      }
    }
  }

  function endWritableNT(stream) {
    if (stream.writable && !stream.writableEnded && !stream.destroyed) stream.end();
  }

  // ---- pipe -------------------------------------------------------------

  Readable.prototype.pipe = function (dest, pipeOpts) {
    const src = this;
    const state = this._readableState;
    if (state.pipes.length === 1 && !state.multiAwaitDrain) {
      state.multiAwaitDrain = true;
      state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
    }
    state.pipes.push(dest);

    const doEnd = (!pipeOpts || pipeOpts.end !== false) && !dest._isStdio;
    const endFn = doEnd ? onend : unpipe;
    if (state.endEmitted) nextTick(endFn);
    else src.once('end', endFn);

    dest.on('unpipe', onunpipe);
    function onunpipe(readable, unpipeInfo) {
      if (readable === src && unpipeInfo && unpipeInfo.hasUnpiped === false) {
        unpipeInfo.hasUnpiped = true;
        cleanup();
      }
    }

    function onend() {
      dest.end();
    }

    let ondrain;
    let cleanedUp = false;
    function cleanup() {
      dest.removeListener('close', onclose);
      dest.removeListener('finish', onfinish);
      if (ondrain) dest.removeListener('drain', ondrain);
      dest.removeListener('error', onerror);
      dest.removeListener('unpipe', onunpipe);
      src.removeListener('end', onend);
      src.removeListener('end', unpipe);
      src.removeListener('data', ondata);
      cleanedUp = true;
      if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
    }

    function pause() {
      if (!cleanedUp) {
        if (state.pipes.length === 1 && state.pipes[0] === dest) {
          state.awaitDrainWriters = dest;
          state.multiAwaitDrain = false;
        } else if (state.pipes.length > 1 && state.pipes.includes(dest)) {
          state.awaitDrainWriters.add(dest);
        }
        src.pause();
      }
      if (!ondrain) {
        ondrain = pipeOnDrain(src, dest);
        dest.on('drain', ondrain);
      }
    }

    src.on('data', ondata);
    function ondata(chunk) {
      if (!pipeCatchesWrite) {
        if (dest.write(chunk) === false) pause();
        return;
      }
      try {
        if (dest.write(chunk) === false) pause();
      } catch (err) {
        dest.destroy(err);
      }
    }

    function onerror(er) {
      unpipe();
      dest.removeListener('error', onerror);
      if (dest.listenerCount('error') === 0) {
        const s = dest._writableState || dest._readableState;
        if (s && !s.errorEmitted) errorOrDestroy(dest, er);
        else dest.emit('error', er);
      }
    }
    dest.prependListener('error', onerror);

    function onclose() {
      dest.removeListener('finish', onfinish);
      unpipe();
    }
    dest.once('close', onclose);
    function onfinish() {
      dest.removeListener('close', onclose);
      unpipe();
    }
    dest.once('finish', onfinish);

    function unpipe() {
      src.unpipe(dest);
    }

    dest.emit('pipe', src);

    if (dest.writableNeedDrain === true) pause();
    else if (!state.flowing) src.resume();
    return dest;
  };

  function pipeOnDrain(src, dest) {
    return function pipeOnDrainFunctionResult() {
      const state = src._readableState;
      if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
      else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
      if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && state.dataListening) {
        src.resume();
      }
    };
  }

  Readable.prototype.unpipe = function (dest) {
    const state = this._readableState;
    const unpipeInfo = { hasUnpiped: false };
    if (state.pipes.length === 0) return this;
    if (!dest) {
      const dests = state.pipes;
      state.pipes = [];
      this.pause();
      for (let i = 0; i < dests.length; i++) dests[i].emit('unpipe', this, { hasUnpiped: false });
      return this;
    }
    const index = state.pipes.indexOf(dest);
    if (index === -1) return this;
    state.pipes.splice(index, 1);
    if (state.pipes.length === 0) this.pause();
    dest.emit('unpipe', this, unpipeInfo);
    return this;
  };

  // ---- async iteration (only where the engine has Symbol.asyncIterator) ---
  //
  // A hand-written iterator (the engine has no async generators): next()
  // reads a chunk if one is buffered, otherwise waits for 'readable' or the
  // end of the stream.

  function createAsyncIterator(stream, options) {
    let callback = nop;
    let error; // undefined: running, null: finished cleanly, Error: failed
    let done = false;
    function onReadable() {
      callback();
      callback = nop;
    }
    stream.on('readable', onReadable);
    const cleanupEos = eos(stream, { writable: false }, (err) => {
      error = err ? (error || err) : null;
      callback();
      callback = nop;
    });
    function finish() {
      done = true;
      if ((error || !options || options.destroyOnReturn !== false) &&
          (error === undefined || stream._readableState.autoDestroy)) {
        destroyer(stream, null);
      } else {
        stream.off('readable', onReadable);
        cleanupEos();
      }
    }
    function step() {
      if (done) return Promise.resolve({ value: undefined, done: true });
      for (;;) {
        const chunk = stream.destroyed ? null : stream.read();
        if (chunk !== null) return Promise.resolve({ value: chunk, done: false });
        if (error) {
          const e = error;
          finish();
          return Promise.reject(e);
        }
        if (error === null) {
          finish();
          return Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve) => { callback = resolve; }).then(step);
      }
    }
    const iter = {
      next() { return step(); },
      return() {
        if (!done) finish();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        if (!done) { error = error || err; finish(); }
        return Promise.reject(err);
      },
    };
    iter[asyncIteratorSymbol] = function () { return this; };
    iter.stream = stream;
    return iter;
  }

  if (asyncIteratorSymbol) {
    Readable.prototype[asyncIteratorSymbol] = function () {
      return createAsyncIterator(this);
    };
  }
  Readable.prototype.iterator = function (options) {
    return createAsyncIterator(this, options);
  };

  // ---- Readable getters -------------------------------------------------

  Object.defineProperties(Readable.prototype, {
    readable: {
      get() {
        const r = this._readableState;
        return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
      },
      set(val) {
        if (this._readableState) this._readableState.readable = !!val;
      },
    },
    readableDidRead: { enumerable: false, get() { return this._readableState.dataEmitted; } },
    readableAborted: {
      enumerable: false,
      get() {
        const r = this._readableState;
        return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
      },
    },
    readableHighWaterMark: { enumerable: false, get() { return this._readableState.highWaterMark; } },
    readableBuffer: {
      enumerable: false,
      get() { return this._readableState && this._readableState.buffer.slice(this._readableState.bufferIndex); },
    },
    readableFlowing: {
      enumerable: false,
      get() { return this._readableState.flowing; },
      set(state) { if (this._readableState) this._readableState.flowing = state; },
    },
    readableLength: { enumerable: false, get() { return this._readableState.length; } },
    readableObjectMode: { enumerable: false, get() { return this._readableState ? this._readableState.objectMode : false; } },
    readableEncoding: { enumerable: false, get() { return this._readableState ? this._readableState.encoding : null; } },
    errored: { enumerable: false, get() { return this._readableState ? this._readableState.errored : null; } },
    closed: { get() { return this._readableState ? this._readableState.closed : false; } },
    destroyed: {
      enumerable: false,
      get() { return this._readableState ? this._readableState.destroyed : false; },
      set(value) {
        if (!this._readableState) return;
        this._readableState.destroyed = value;
      },
    },
    readableEnded: { enumerable: false, get() { return this._readableState ? this._readableState.endEmitted : false; } },
  });

  // ---- Readable.from --------------------------------------------------------

  Readable.from = function (iterable, opts) {
    if (typeof iterable === 'string' || (BufferImpl && BufferImpl.isBuffer(iterable))) {
      return new Readable(Object.assign({ objectMode: true }, opts, {
        read() {
          this.push(iterable);
          this.push(null);
        },
      }));
    }
    let iterator;
    let isAsync;
    if (iterable && asyncIteratorSymbol && typeof iterable[asyncIteratorSymbol] === 'function') {
      isAsync = true;
      iterator = iterable[asyncIteratorSymbol]();
    } else if (iterable && typeof iterable[Symbol.iterator] === 'function') {
      isAsync = false;
      iterator = iterable[Symbol.iterator]();
    } else {
      throw E.invalidArgType('iterable', 'an instance of Iterable', iterable);
    }

    const readable = new Readable(Object.assign({ objectMode: true, highWaterMark: 1 }, opts));
    // Guards against _read() being called before the last step completed.
    let reading = false;
    let isAsyncValues = false;
    readable._read = function () {
      if (!reading) {
        reading = true;
        if (isAsync) nextAsync();
        else if (isAsyncValues) nextSyncWithAsyncValues();
        else nextSyncWithSyncValues();
      }
    };
    // Destroying first closes the iterator (return()/throw()), so 'close'
    // comes only after those promises settle.
    readable._destroy = function (error, cb) {
      close(error).then(
        () => nextTick(cb, error),
        (e) => nextTick(cb, e || error));
    };

    async function close(error) {
      const hadError = error !== undefined && error !== null;
      const hasThrow = typeof iterator.throw === 'function';
      if (hadError && hasThrow) {
        const { value, done } = await iterator.throw(error);
        await value;
        if (done) return;
      }
      if (typeof iterator.return === 'function') {
        const { value } = await iterator.return();
        await value;
      }
    }

    // A synchronous iterator of plain values is pulled without any await.
    function nextSyncWithSyncValues() {
      for (;;) {
        try {
          const { value, done } = iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          if (value && typeof value.then === 'function') {
            changeToAsyncValues(value);
            return;
          }
          if (value === null) {
            reading = false;
            throw E.nullValues();
          }
          if (readable.push(value)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }

    // The first promise among the values switches to awaiting them.
    async function changeToAsyncValues(value) {
      isAsyncValues = true;
      try {
        const res = await value;
        if (res === null) {
          reading = false;
          throw E.nullValues();
        }
        if (readable.push(res)) {
          nextSyncWithAsyncValues();
          return;
        }
        reading = false;
      } catch (err) {
        readable.destroy(err);
      }
    }

    async function nextSyncWithAsyncValues() {
      for (;;) {
        try {
          const { value, done } = iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          const res = (value && typeof value.then === 'function') ? await value : value;
          if (res === null) {
            reading = false;
            throw E.nullValues();
          }
          if (readable.push(res)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }

    async function nextAsync() {
      for (;;) {
        try {
          const { value, done } = await iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          if (value === null) {
            reading = false;
            throw E.nullValues();
          }
          if (readable.push(value)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }
    return readable;
  };

  // ---- Writable -------------------------------------------------------------

  function WritableState(options, stream, isDuplex) {
    if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof Duplex;
    this.objectMode = !!(options && options.objectMode);
    if (isDuplex) this.objectMode = this.objectMode || !!(options && options.writableObjectMode);
    this.highWaterMark = options
      ? getHighWaterMark(this, options, 'writableHighWaterMark', isDuplex)
      : getDefaultHighWaterMark(false);
    this.finalCalled = false;
    this.needDrain = false;
    this.ending = false;
    this.ended = false;
    this.finished = false;
    this.destroyed = false;
    this.decodeStrings = !(options && options.decodeStrings === false);
    this.defaultEncoding = checkedDefaultEncoding(options);
    this.length = 0;
    this.writing = false;
    this.expectWriteCb = false;
    this.afterWritePending = false;
    this.corked = 0;
    this.sync = true;
    this.bufferProcessing = false;
    this.onwrite = onwrite.bind(undefined, stream);
    this.writecb = null;
    this.writelen = 0;
    this.afterWriteTickInfo = null;
    resetBuffer(this);
    this.pendingcb = 0;
    this.constructed = true;
    this.prefinished = false;
    this.errorEmitted = false;
    this.emitClose = !options || options.emitClose !== false;
    this.autoDestroy = autoDestroyOf(options);
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this[kOnFinished] = [];
  }

  function resetBuffer(state) {
    state.buffered = [];
    state.bufferedIndex = 0;
    state.allBuffers = true;
    state.allNoop = true;
  }

  WritableState.prototype.getBuffer = function () {
    return this.buffered.slice(this.bufferedIndex);
  };
  Object.defineProperty(WritableState.prototype, 'bufferedRequestCount', {
    get() { return this.buffered.length - this.bufferedIndex; },
  });

  function Writable(options) {
    if (!(this instanceof Writable)) return new Writable(options);
    if (this._events === undefined) this._events = preDeclaredEvents(['close', 'error', 'prefinish', 'finish', 'drain']);
    this._writableState = new WritableState(options, this, false);
    if (options) {
      if (typeof options.write === 'function') this._write = options.write;
      if (typeof options.writev === 'function') this._writev = options.writev;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.final === 'function') this._final = options.final;
      if (typeof options.construct === 'function') this._construct = options.construct;
    }
    Stream.call(this, options);
    if (this._construct != null) construct(this, () => writableConstructed(this, this._writableState));
  }

  function writableConstructed(stream, state) {
    if (!state.writing) clearBuffer(stream, state);
    if (state.ending) finishMaybe(stream, state);
  }
  Object.setPrototypeOf(Writable.prototype, Stream.prototype);
  Object.setPrototypeOf(Writable, Stream);
  Writable.WritableState = WritableState;

  // A Duplex is `instanceof Writable` too.
  Object.defineProperty(Writable, Symbol.hasInstance, {
    value: function (object) {
      if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
      if (this !== Writable) return false;
      return !!(object && object._writableState instanceof WritableState);
    },
  });

  Writable.prototype.pipe = function () {
    errorOrDestroy(this, E.cannotPipe());
  };

  function writeImpl(stream, chunk, encoding, cb) {
    const state = stream._writableState;
    if (typeof cb !== 'function') cb = nop;
    if (chunk === null) throw E.nullValues();

    if (!state.objectMode) {
      if (!encoding) encoding = state.defaultEncoding;
      else if (encoding !== 'buffer' && !isEncoding(encoding)) throw E.unknownEncoding(encoding);
      if (typeof chunk === 'string') {
        if (state.decodeStrings) {
          if (BufferImpl) chunk = BufferImpl.from(chunk, encoding);
          encoding = 'buffer';
        }
      } else if (BufferImpl && BufferImpl.isBuffer(chunk)) {
        encoding = 'buffer';
      } else if (ArrayBuffer.isView(chunk)) {
        chunk = toUint8(chunk);
        encoding = 'buffer';
      } else {
        throw E.invalidChunk(chunk);
      }
    }

    let err;
    if (state.ending) err = E.writeAfterEnd();
    else if (state.destroyed) err = E.destroyed('write');
    if (err) {
      nextTick(cb, err);
      errorOrDestroy(stream, err, true);
      return err;
    }
    state.pendingcb++;
    return writeOrBuffer(stream, state, chunk, encoding, cb);
  }

  Writable.prototype.write = function (chunk, encoding, cb) {
    if (typeof encoding === 'function') {
      cb = encoding;
      encoding = null;
    }
    return writeImpl(this, chunk, encoding, cb) === true;
  };

  Writable.prototype.cork = function () {
    this._writableState.corked++;
  };

  Writable.prototype.uncork = function () {
    const state = this._writableState;
    if (state.corked) {
      state.corked--;
      if (!state.writing) clearBuffer(this, state);
    }
  };

  Writable.prototype.setDefaultEncoding = function (encoding) {
    if (typeof encoding === 'string') encoding = encoding.toLowerCase();
    if (!isEncoding(encoding)) throw E.unknownEncoding(encoding);
    this._writableState.defaultEncoding = encoding;
    return this;
  };

  function writeOrBuffer(stream, state, chunk, encoding, callback) {
    const len = state.objectMode ? 1 : chunk.length;
    state.length += len;
    if (state.writing || state.corked || state.errored || !state.constructed) {
      state.buffered.push({ chunk, encoding, callback });
      if (state.allBuffers && encoding !== 'buffer') state.allBuffers = false;
      if (state.allNoop && callback !== nop) state.allNoop = false;
    } else {
      state.writelen = len;
      state.writecb = callback;
      state.writing = true;
      state.expectWriteCb = true;
      state.sync = true;
      stream._write(chunk, encoding, state.onwrite);
      state.sync = false;
    }
    // Measured after a synchronous _write() had the chance to complete.
    const ret = state.length < state.highWaterMark || state.length === 0;
    if (!ret) state.needDrain = true;
    // false when errored or destroyed, to break `while (w.write(x))` loops.
    return ret && !state.destroyed && !state.errored;
  }

  function doWrite(stream, state, writev, len, chunk, encoding, cb) {
    state.writelen = len;
    state.writecb = cb;
    state.writing = true;
    state.expectWriteCb = true;
    state.sync = true;
    if (state.destroyed) state.onwrite(E.destroyed('write'));
    else if (writev) stream._writev(chunk, state.onwrite);
    else stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }

  function onwriteError(stream, state, er, cb) {
    --state.pendingcb;
    cb(er);
    errorBuffer(state);
    errorOrDestroy(stream, er); // the error event always follows the callback
  }

  function onwrite(stream, er) {
    const state = stream._writableState;
    if (!state.expectWriteCb) {
      errorOrDestroy(stream, E.multipleCallback());
      return;
    }
    const sync = state.sync;
    const cb = state.writecb || nop;
    state.writecb = null;
    state.writing = false;
    state.expectWriteCb = false;
    state.length -= state.writelen;
    state.writelen = 0;

    if (er) {
      if (!state.errored) state.errored = er;
      if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = er;
      if (sync) nextTick(onwriteError, stream, state, er, cb);
      else onwriteError(stream, state, er, cb);
      return;
    }

    if (state.buffered.length > state.bufferedIndex) clearBuffer(stream, state);

    if (!sync) {
      afterWrite(stream, state, 1, cb);
      return;
    }
    // A synchronous completion: the user callback (and 'drain') wait for a
    // tick. Node 20 skips that tick for callback-less writes to byte streams
    // that need no 'drain' (its test reads the object-mode bit, so
    // object-mode streams always take the tick); consecutive completions with
    // the same callback share one tick.
    const needDrain = state.needDrain && state.length === 0;
    const needTick = needDrain || state.objectMode || cb !== nop;
    if (cb === nop) {
      if (!state.afterWritePending && needTick) {
        nextTick(afterWrite, stream, state, 1, cb);
        state.afterWritePending = true;
      } else {
        state.pendingcb--;
        if (state.ending) finishMaybe(stream, state, true);
      }
    } else if (state.afterWriteTickInfo !== null && state.afterWriteTickInfo.cb === cb) {
      state.afterWriteTickInfo.count++;
    } else if (needTick) {
      state.afterWriteTickInfo = { count: 1, cb, stream, state };
      nextTick(afterWriteTick, state.afterWriteTickInfo);
      state.afterWritePending = true;
    } else {
      state.pendingcb--;
      if (state.ending) finishMaybe(stream, state, true);
    }
  }

  function afterWriteTick(info) {
    info.state.afterWriteTickInfo = null;
    return afterWrite(info.stream, info.state, info.count, info.cb);
  }

  function afterWrite(stream, state, count, cb) {
    state.afterWritePending = false;
    const needDrain = !state.ending && !state.destroyed && state.needDrain && state.length === 0;
    if (needDrain) {
      state.needDrain = false;
      stream.emit('drain');
    }
    while (count-- > 0) {
      state.pendingcb--;
      cb(null);
    }
    if (state.destroyed) errorBuffer(state);
    if (state.ending) finishMaybe(stream, state, true);
  }

  function callFinishedCallbacks(state, err) {
    const callbacks = state[kOnFinished].splice(0);
    for (let i = 0; i < callbacks.length; i++) callbacks[i](err);
  }

  function errorBuffer(state) {
    if (state.writing) return;
    for (let n = state.bufferedIndex; n < state.buffered.length; ++n) {
      const { chunk, callback } = state.buffered[n];
      const len = state.objectMode ? 1 : chunk.length;
      state.length -= len;
      callback(state.errored || E.destroyed('write'));
    }
    callFinishedCallbacks(state, state.errored || E.destroyed('end'));
    resetBuffer(state);
  }

  function clearBuffer(stream, state) {
    if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
    const { buffered, bufferedIndex, objectMode } = state;
    const bufferedLength = buffered.length - bufferedIndex;
    if (!bufferedLength) return;
    let i = bufferedIndex;
    state.bufferProcessing = true;
    if (bufferedLength > 1 && stream._writev) {
      state.pendingcb -= bufferedLength - 1;
      const callback = state.allNoop ? nop : (err) => {
        for (let n = i; n < buffered.length; ++n) buffered[n].callback(err);
      };
      const chunks = state.allNoop && i === 0 ? buffered : buffered.slice(i);
      chunks.allBuffers = state.allBuffers;
      doWrite(stream, state, true, state.length, chunks, '', callback);
      resetBuffer(state);
    } else {
      do {
        const { chunk, encoding, callback } = buffered[i];
        buffered[i++] = null;
        const len = objectMode ? 1 : chunk.length;
        doWrite(stream, state, false, len, chunk, encoding, callback);
      } while (i < buffered.length && !state.writing);
      if (i === buffered.length) {
        resetBuffer(state);
      } else if (i > 256) {
        buffered.splice(0, i);
        state.bufferedIndex = 0;
      } else {
        state.bufferedIndex = i;
      }
    }
    state.bufferProcessing = false;
  }

  Writable.prototype._write = function (chunk, encoding, cb) {
    if (this._writev) this._writev([{ chunk, encoding }], cb);
    else throw E.notImplemented('_write()');
  };
  Writable.prototype._writev = null;

  Writable.prototype.end = function (chunk, encoding, cb) {
    const state = this._writableState;
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = null;
      encoding = null;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = null;
    }

    let err;
    if (chunk != null) {
      const ret = writeImpl(this, chunk, encoding);
      if (ret instanceof Error) err = ret;
    }
    // end() fully uncorks.
    if (state.corked) {
      state.corked = 1;
      this.uncork();
    }
    if (err) {
      // The write already reported it.
    } else if (!state.ending && !state.errored) {
      state.ending = true;
      finishMaybe(this, state, true);
      state.ended = true;
    } else if (state.finished) {
      err = E.alreadyFinished('end');
    } else if (state.destroyed) {
      err = E.destroyed('end');
    }

    if (typeof cb === 'function') {
      if (err) nextTick(cb, err);
      else if (state.errored) nextTick(cb, state.errored);
      else if (state.finished) nextTick(cb, null);
      else if (!endCallbackFirst) this.once('finish', cb);
      else state[kOnFinished].push(cb); // R-E2: called just before 'finish'
    }
    return this;
  };

  function needFinish(state) {
    return state.ending && state.constructed && state.length === 0 && !state.destroyed &&
      !state.finished && !state.writing && !state.errorEmitted && !state.closeEmitted &&
      !state.errored && state.buffered.length === state.bufferedIndex;
  }

  function onFinal(stream, state, err) {
    if (state.prefinished) {
      errorOrDestroy(stream, err != null ? err : E.multipleCallback());
      return;
    }
    state.pendingcb--;
    if (err) {
      callFinishedCallbacks(state, err);
      errorOrDestroy(stream, err, state.sync);
    } else if (needFinish(state)) {
      state.prefinished = true;
      stream.emit('prefinish');
      // 'finish' is always a tick after the final() callback.
      state.pendingcb++;
      nextTick(finish, stream, state);
    }
  }

  function prefinish(stream, state) {
    if (state.prefinished || state.finalCalled) return;
    if (typeof stream._final === 'function' && !state.destroyed) {
      // final() runs synchronously inside end() when nothing is pending.
      state.finalCalled = true;
      state.sync = true;
      state.pendingcb++;
      try {
        stream._final((err) => onFinal(stream, state, err));
      } catch (err) {
        onFinal(stream, state, err);
      }
      state.sync = false;
    } else {
      state.finalCalled = true;
      state.prefinished = true;
      stream.emit('prefinish');
    }
  }

  function finishMaybe(stream, state, sync) {
    if (needFinish(state)) {
      prefinish(stream, state);
      if (state.pendingcb === 0) {
        if (sync) {
          state.pendingcb++;
          nextTick((s, st) => {
            if (needFinish(st)) finish(s, st);
            else st.pendingcb--;
          }, stream, state);
        } else if (needFinish(state)) {
          state.pendingcb++;
          finish(stream, state);
        }
      }
    }
  }

  function finish(stream, state) {
    state.pendingcb--;
    state.finished = true;
    // R-E2: end() callbacks, then 'finish', then (autoDestroy) 'close' a tick later.
    callFinishedCallbacks(state, null);
    stream.emit('finish');
    if (state.autoDestroy) {
      const rState = stream._readableState;
      const autoDestroy = !rState || (rState.autoDestroy && (rState.endEmitted || rState.readable === false));
      if (autoDestroy) stream.destroy();
    }
  }

  Writable.prototype.destroy = function (err, cb) {
    const state = this._writableState;
    // Pending write and end() callbacks get their error a tick later.
    if (!state.destroyed && (state.bufferedIndex < state.buffered.length || state[kOnFinished].length)) {
      nextTick(errorBuffer, state);
    }
    destroy.call(this, err, cb);
    return this;
  };
  Writable.prototype._undestroy = Readable.prototype._undestroy;
  Writable.prototype._destroy = function (err, cb) {
    cb(err);
  };

  const writableGetters = {
    closed: { get() { return this._writableState ? this._writableState.closed : false; } },
    destroyed: {
      get() { return this._writableState ? this._writableState.destroyed : false; },
      set(value) { if (this._writableState) this._writableState.destroyed = value; },
    },
    writable: {
      get() {
        const w = this._writableState;
        return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
      },
      set(val) { if (this._writableState) this._writableState.writable = !!val; },
    },
    writableFinished: { get() { return this._writableState ? this._writableState.finished : false; } },
    writableObjectMode: { get() { return this._writableState ? this._writableState.objectMode : false; } },
    writableBuffer: { get() { return this._writableState && this._writableState.getBuffer(); } },
    writableEnded: { get() { return this._writableState ? this._writableState.ending : false; } },
    writableNeedDrain: {
      get() {
        const w = this._writableState;
        if (!w) return false;
        return !w.destroyed && !w.ending && w.needDrain;
      },
    },
    writableHighWaterMark: { get() { return this._writableState && this._writableState.highWaterMark; } },
    writableCorked: { get() { return this._writableState ? this._writableState.corked : 0; } },
    writableLength: { get() { return this._writableState && this._writableState.length; } },
    errored: { enumerable: false, get() { return this._writableState ? this._writableState.errored : null; } },
    writableAborted: {
      enumerable: false,
      get() {
        const w = this._writableState;
        return !!(w.writable !== false && (w.destroyed || w.errored) && !w.finished);
      },
    },
  };
  Object.defineProperties(Writable.prototype, writableGetters);

  // ---- Duplex ---------------------------------------------------------------

  function Duplex(options) {
    if (!(this instanceof Duplex)) return new Duplex(options);
    if (this._events === undefined) {
      this._events = preDeclaredEvents(['close', 'error', 'prefinish', 'finish', 'drain', 'data', 'end', 'readable']);
    }
    this._readableState = new ReadableState(options, this, true);
    this._writableState = new WritableState(options, this, true);
    if (options) {
      this.allowHalfOpen = options.allowHalfOpen !== false;
      if (options.readable === false) {
        this._readableState.readable = false;
        this._readableState.ended = true;
        this._readableState.endEmitted = true;
      }
      if (options.writable === false) {
        this._writableState.writable = false;
        this._writableState.ending = true;
        this._writableState.ended = true;
        this._writableState.finished = true;
      }
      if (typeof options.read === 'function') this._read = options.read;
      if (typeof options.write === 'function') this._write = options.write;
      if (typeof options.writev === 'function') this._writev = options.writev;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.final === 'function') this._final = options.final;
      if (typeof options.construct === 'function') this._construct = options.construct;
    } else {
      this.allowHalfOpen = true;
    }
    Stream.call(this, options);
    if (this._construct != null) {
      construct(this, () => {
        readableConstructed(this, this._readableState);
        writableConstructed(this, this._writableState);
      });
    }
  }
  Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
  Object.setPrototypeOf(Duplex, Readable);
  for (const method of Object.keys(Writable.prototype)) {
    if (!Duplex.prototype[method]) Duplex.prototype[method] = Writable.prototype[method];
  }
  // The writable side's destroy() also fails pending write callbacks.
  Duplex.prototype.destroy = Writable.prototype.destroy;
  Object.defineProperties(Duplex.prototype, {
    writable: writableGetters.writable,
    writableHighWaterMark: writableGetters.writableHighWaterMark,
    writableObjectMode: writableGetters.writableObjectMode,
    writableBuffer: writableGetters.writableBuffer,
    writableLength: writableGetters.writableLength,
    writableFinished: writableGetters.writableFinished,
    writableCorked: writableGetters.writableCorked,
    writableEnded: writableGetters.writableEnded,
    writableNeedDrain: writableGetters.writableNeedDrain,
    destroyed: {
      get() {
        if (this._readableState === undefined || this._writableState === undefined) return false;
        return this._readableState.destroyed && this._writableState.destroyed;
      },
      set(value) {
        if (this._readableState && this._writableState) {
          this._readableState.destroyed = value;
          this._writableState.destroyed = value;
        }
      },
    },
  });

  // ---- Transform / PassThrough ---------------------------------------------

  function Transform(options) {
    if (!(this instanceof Transform)) return new Transform(options);
    const readableHighWaterMark = options
      ? getHighWaterMark(this, options, 'readableHighWaterMark', true)
      : null;
    if (readableHighWaterMark === 0) {
      options = Object.assign({}, options, {
        highWaterMark: null,
        readableHighWaterMark,
        writableHighWaterMark: options.writableHighWaterMark || 0,
      });
    }
    Duplex.call(this, options);
    // The readable side of a Transform is never "sync" (data may be pushed
    // from inside write()).
    this._readableState.sync = false;
    this[kCallback] = null;
    if (options) {
      if (typeof options.transform === 'function') this._transform = options.transform;
      if (typeof options.flush === 'function') this._flush = options.flush;
    }
    this.on('prefinish', transformPrefinish);
  }
  Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
  Object.setPrototypeOf(Transform, Duplex);

  function transformFinal(cb) {
    if (typeof this._flush === 'function' && !this.destroyed) {
      this._flush((er, data) => {
        if (er) {
          if (cb) cb(er);
          else this.destroy(er);
          return;
        }
        if (data != null) this.push(data);
        this.push(null);
        if (cb) cb();
      });
    } else {
      this.push(null);
      if (cb) cb();
    }
  }

  function transformPrefinish() {
    if (this._final !== transformFinal) transformFinal.call(this);
  }

  Transform.prototype._final = transformFinal;

  Transform.prototype._transform = function () {
    throw E.notImplemented('_transform()');
  };

  Transform.prototype._write = function (chunk, encoding, callback) {
    const rState = this._readableState;
    const wState = this._writableState;
    const length = rState.length;
    this._transform(chunk, encoding, (err, val) => {
      if (err) {
        callback(err);
        return;
      }
      if (val != null) this.push(val);
      if (rState.ended) {
        nextTick(callback);
      } else if (wState.ended || length === rState.length || rState.length < rState.highWaterMark) {
        callback();
      } else {
        // Backpressure: hold the write callback until the reader reads.
        this[kCallback] = callback;
      }
    });
  };

  Transform.prototype._read = function () {
    if (this[kCallback]) {
      const callback = this[kCallback];
      this[kCallback] = null;
      callback();
    }
  };

  function PassThrough(options) {
    if (!(this instanceof PassThrough)) return new PassThrough(options);
    Transform.call(this, options);
  }
  Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
  Object.setPrototypeOf(PassThrough, Transform);
  PassThrough.prototype._transform = function (chunk, encoding, cb) {
    cb(null, chunk);
  };

  // ---- utilities: state predicates ----------------------------------------

  function isReadableNodeStream(obj, strict) {
    return !!(obj && typeof obj.pipe === 'function' && typeof obj.on === 'function' &&
      (!strict || (typeof obj.pause === 'function' && typeof obj.resume === 'function')) &&
      (!obj._writableState || (obj._readableState && obj._readableState.readable !== false)) &&
      (!obj._writableState || obj._readableState));
  }
  function isWritableNodeStream(obj) {
    return !!(obj && typeof obj.write === 'function' && typeof obj.on === 'function' &&
      (!obj._readableState || (obj._writableState && obj._writableState.writable !== false)));
  }
  function isNodeStream(obj) {
    return !!(obj && (obj._readableState || obj._writableState ||
      (typeof obj.write === 'function' && typeof obj.on === 'function') ||
      (typeof obj.pipe === 'function' && typeof obj.on === 'function')));
  }
  function isDestroyed(stream) {
    if (!isNodeStream(stream)) return null;
    const state = stream._writableState || stream._readableState;
    return !!(stream.destroyed || stream[kIsDestroyed] || (state && state.destroyed));
  }
  function isWritableEnded(stream) {
    if (!isWritableNodeStream(stream)) return null;
    if (stream.writableEnded === true) return true;
    const w = stream._writableState;
    if (w && w.errored) return false;
    if (!w || typeof w.ended !== 'boolean') return null;
    return w.ended;
  }
  function isWritableFinished(stream, strict) {
    if (!isWritableNodeStream(stream)) return null;
    if (stream.writableFinished === true) return true;
    const w = stream._writableState;
    if (w && w.errored) return false;
    if (!w || typeof w.finished !== 'boolean') return null;
    return !!(w.finished || (strict === false && w.ended === true && w.length === 0));
  }
  function isReadableFinished(stream, strict) {
    if (!isReadableNodeStream(stream)) return null;
    const r = stream._readableState;
    if (r && r.errored) return false;
    if (!r || typeof r.endEmitted !== 'boolean') return null;
    return !!(r.endEmitted || (strict === false && r.ended === true && r.length === 0));
  }
  function isReadable(stream) {
    if (!stream || typeof stream.readable !== 'boolean') return null;
    if (isDestroyed(stream)) return false;
    return isReadableNodeStream(stream) && stream.readable && !isReadableFinished(stream);
  }
  function isWritable(stream) {
    if (!stream || typeof stream.writable !== 'boolean') return null;
    if (isDestroyed(stream)) return false;
    return isWritableNodeStream(stream) && stream.writable && !isWritableEnded(stream);
  }
  function isFinished(stream, opts) {
    if (!isNodeStream(stream)) return null;
    if (isDestroyed(stream)) return true;
    if ((!opts || opts.readable !== false) && isReadable(stream)) return false;
    if ((!opts || opts.writable !== false) && isWritable(stream)) return false;
    return true;
  }
  // Node's `??` chain: the first defined flag wins (errorEmitted, usually).
  function isErrored(stream) {
    if (!stream) return false;
    const r = stream._readableState;
    const w = stream._writableState;
    const pick = (...vals) => {
      for (const v of vals) if (v !== undefined && v !== null) return v;
      return undefined;
    };
    return !!pick(stream.readableErrored, stream.writableErrored,
      r && r.errorEmitted, w && w.errorEmitted, r && r.errored, w && w.errored);
  }
  function isDisturbed(stream) {
    return !!(stream && (stream.readableDidRead || stream.readableAborted));
  }
  function isClosed(stream) {
    if (!isNodeStream(stream)) return null;
    if (typeof stream.closed === 'boolean') return stream.closed;
    const w = stream._writableState;
    const r = stream._readableState;
    if ((w && typeof w.closed === 'boolean') || (r && typeof r.closed === 'boolean')) {
      return !!((w && w.closed) || (r && r.closed));
    }
    return null;
  }
  function willEmitClose(stream) {
    if (!isNodeStream(stream)) return null;
    const state = stream._writableState || stream._readableState;
    return !!(state && state.autoDestroy && state.emitClose && state.closed === false);
  }
  function readableErrored(stream) {
    const r = stream._readableState;
    return (r && r.errored) || null;
  }
  function writableErrored(stream) {
    const w = stream._writableState;
    return (w && w.errored) || null;
  }

  function destroyer(stream, err) {
    if (!stream || isDestroyed(stream)) return;
    if (!err && !isFinished(stream)) err = abortError();
    if (typeof stream.destroy === 'function') stream.destroy(err);
    else if (typeof stream.close === 'function') stream.close();
    if (!stream.destroyed) stream[kIsDestroyed] = true;
  }

  // ---- finished (end-of-stream) ----------------------------------------------

  function onceOnly(fn) {
    let called = false;
    return function (...args) {
      if (called) return;
      called = true;
      return fn.apply(this, args);
    };
  }

  function eos(stream, options, callback) {
    if (arguments.length === 2 || typeof options === 'function') {
      callback = options;
      options = {};
    } else if (options == null) {
      options = {};
    }
    if (typeof callback !== 'function') throw E.invalidArgType('callback', 'of type function', callback);
    callback = onceOnly(callback);
    if (!isNodeStream(stream)) {
      throw E.invalidArgType('stream', 'an instance of ReadableStream, WritableStream, or Stream', stream);
    }

    const readable = options.readable != null ? options.readable : isReadableNodeStream(stream);
    const writable = options.writable != null ? options.writable : isWritableNodeStream(stream);
    const wState = stream._writableState;
    const rState = stream._readableState;

    let willClose = willEmitClose(stream) &&
      isReadableNodeStream(stream) === readable && isWritableNodeStream(stream) === writable;

    let writableFinished = isWritableFinished(stream, false);
    const onfinish = () => {
      writableFinished = true;
      if (stream.destroyed) willClose = false;
      if (willClose && (!stream.readable || readable)) return;
      if (!readable || readableFinished) callback.call(stream);
    };

    let readableFinished = isReadableFinished(stream, false);
    const onend = () => {
      readableFinished = true;
      if (stream.destroyed) willClose = false;
      if (willClose && (!stream.writable || writable)) return;
      if (!writable || writableFinished) callback.call(stream);
    };

    const onerror = (err) => {
      callback.call(stream, err);
    };

    let closed = isClosed(stream);
    const onclose = () => {
      closed = true;
      const errored = writableErrored(stream) || readableErrored(stream);
      if (errored && typeof errored !== 'boolean') return callback.call(stream, errored);
      if (readable && !readableFinished && isReadableNodeStream(stream, true)) {
        if (!isReadableFinished(stream, false)) return callback.call(stream, E.prematureClose());
      }
      if (writable && !writableFinished) {
        if (!isWritableFinished(stream, false)) return callback.call(stream, E.prematureClose());
      }
      callback.call(stream);
    };

    const onclosed = () => {
      closed = true;
      const errored = writableErrored(stream) || readableErrored(stream);
      if (errored && typeof errored !== 'boolean') return callback.call(stream, errored);
      callback.call(stream);
    };

    const onlegacyfinish = () => {
      if (!stream.writable) onfinish();
    };
    if (writable && !wState) {
      stream.on('end', onlegacyfinish);
      stream.on('close', onlegacyfinish);
    }

    stream.on('end', onend);
    stream.on('finish', onfinish);
    if (options.error !== false) stream.on('error', onerror);
    stream.on('close', onclose);

    if (closed) {
      nextTick(onclose);
    } else if ((wState && wState.errorEmitted) || (rState && rState.errorEmitted)) {
      if (!willClose) nextTick(onclosed);
    } else if (!readable && (!willClose || isReadable(stream)) &&
               (writableFinished || isWritable(stream) === false) &&
               (!wState || wState.pendingcb === undefined || wState.pendingcb === 0)) {
      nextTick(onclosed);
    } else if (!writable && (!willClose || isWritable(stream)) &&
               (readableFinished || isReadable(stream) === false)) {
      nextTick(onclosed);
    }

    const cleanup = () => {
      callback = nop;
      stream.removeListener('end', onlegacyfinish);
      stream.removeListener('close', onlegacyfinish);
      stream.removeListener('finish', onfinish);
      stream.removeListener('end', onend);
      stream.removeListener('error', onerror);
      stream.removeListener('close', onclose);
    };
    return cleanup;
  }

  function finishedPromise(stream, opts) {
    return new Promise((resolve, reject) => {
      eos(stream, opts, (err) => {
        if (err) reject(err);
        else resolve();
      });
    });
  }

  // ---- pipeline: streams, iterables and generator functions ----------------------

  function pipeline(...streams) {
    const callback = typeof streams[streams.length - 1] === 'function' ? streams.pop() : null;
    if (!callback) throw E.invalidArgType('streams[stream.length - 1]', 'of type function', streams[streams.length - 1]);
    return pipelineImpl(streams, onceOnly(callback));
  }

  function pipelineImpl(streams, callback, opts) {
    if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
    if (streams.length < 2) throw E.missingArgs('streams');

    let error;
    let value; // what the last stage's promise resolved to
    let finishCount = 0;
    const destroys = [];
    const lastStreamCleanup = [];
    // An options.signal that aborts ends the pipeline with an AbortError.
    const signal = opts ? opts.signal : undefined;
    let disposable;
    if (signal !== undefined) {
      if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) {
        throw E.invalidArgType('options.signal', 'an instance of AbortSignal', signal);
      }
      disposable = events.addAbortListener(signal, () => finishImpl(abortError()));
    }

    function finish(err) {
      finishImpl(err, --finishCount === 0);
    }

    function finishImpl(err, final) {
      if (err && (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE')) error = err;
      if (!error && !final) return;
      while (destroys.length) destroys.shift()(error);
      if (final) {
        if (disposable) disposable[Symbol.dispose]();
        if (!error) lastStreamCleanup.forEach((fn) => fn());
        nextTick(callback, error, value);
      }
    }

    let ret;
    for (let i = 0; i < streams.length; i++) {
      const stream = streams[i];
      const reading = i < streams.length - 1;
      const writing = i > 0;
      const end = reading || !opts || opts.end !== false;
      const isLastStream = i === streams.length - 1;

      if (isNodeStream(stream)) {
        if (end) {
          const d = pipelineDestroyer(stream, reading, writing);
          destroys.push(d.destroy);
          if (isReadable(stream) && isLastStream) lastStreamCleanup.push(d.cleanup);
        }
        // Catch stream errors that occur after pipe/pump has completed.
        const onError = (err) => {
          if (err && err.name !== 'AbortError' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') finish(err);
        };
        stream.on('error', onError);
        if (isReadable(stream) && isLastStream) {
          lastStreamCleanup.push(() => stream.removeListener('error', onError));
        }
      }

      if (i === 0) {
        if (typeof stream === 'function') {
          ret = stream({ signal: undefined });
          if (!isIterable(ret)) throw E.invalidReturnValue('Iterable, AsyncIterable or Stream', 'source', ret);
        } else if (isNodeStream(stream) || isIterable(stream)) {
          ret = stream;
        } else {
          throw E.invalidArgType('body', 'of type function or an instance of Blob, ReadableStream, WritableStream, Stream, Iterable, AsyncIterable, or Promise or { readable, writable } pair', stream);
        }
      } else if (typeof stream === 'function') {
        // A generator stage reads the previous stage as an async iterable.
        ret = stream(isReadableNodeStream(ret) ? Readable.prototype[asyncIteratorSymbol].call(ret) : ret, { signal: undefined });
        if (reading) {
          if (!isIterable(ret, true)) throw E.invalidReturnValue('AsyncIterable', 'transform[' + (i - 1) + ']', ret);
        } else if (ret && typeof ret.then === 'function') {
          // The last stage is an async function: the pipeline ends when it settles.
          finishCount++;
          ret.then((v) => {
            value = v;
            finish();
          }, finish);
          ret = undefined;
        } else if (isIterable(ret, true)) {
          // The last stage yields: its values go to a PassThrough the pipeline returns.
          finishCount++;
          const pt = new PassThrough({ objectMode: true });
          pumpToNode(ret, pt, finish, true);
          ret = pt;
        } else {
          throw E.invalidReturnValue('AsyncIterable or Promise', 'destination', ret);
        }
      } else if (isNodeStream(stream)) {
        if (isReadableNodeStream(ret)) {
          finishCount += 2;
          const cleanup = pipeTo(ret, stream, finish, end);
          if (isReadable(stream) && isLastStream) lastStreamCleanup.push(cleanup);
        } else if (isIterable(ret)) {
          finishCount++;
          pumpToNode(ret, stream, finish, end);
        }
        ret = stream;
      } else {
        throw E.invalidArgType('body', 'of type function or an instance of Blob, ReadableStream, WritableStream, Stream, Iterable, AsyncIterable, or Promise or { readable, writable } pair', stream);
      }
    }
    return ret;
  }

  // isIterable(obj, asyncOnly): obj can be read with for await (asyncOnly: it has
  // Symbol.asyncIterator itself).
  function isIterable(obj, asyncOnly) {
    if (obj === null || obj === undefined) return false;
    if (typeof obj[asyncIteratorSymbol] === 'function') return true;
    return !asyncOnly && typeof obj[Symbol.iterator] === 'function';
  }

  // pumpToNode writes what an iterable yields to a writable stream, waiting for 'drain'
  // when write() asks it to, and ends the stream (end true) once the iterable is done.
  function pumpToNode(iterable, writable, finish, end) {
    let error;
    let wake = null;
    const resume = (err) => {
      if (err) error = err;
      if (wake) {
        const w = wake;
        wake = null;
        w();
      }
    };
    const wait = () => new Promise((resolve, reject) => {
      if (error) reject(error);
      else wake = () => (error ? reject(error) : resolve());
    });
    writable.on('drain', resume);
    const cleanup = eos(writable, { readable: false }, resume);
    (async () => {
      try {
        if (writable.writableNeedDrain) await wait();
        for await (const chunk of iterable) {
          if (!writable.write(chunk)) await wait();
        }
        if (end) {
          writable.end();
          await wait();
        }
        finish();
      } catch (err) {
        finish(error && error !== err ? error : err);
      } finally {
        cleanup();
        writable.off('drain', resume);
      }
    })();
  }

  function pipelineDestroyer(stream, reading, writing) {
    let finished = false;
    stream.on('close', () => { finished = true; });
    const cleanup = eos(stream, { readable: reading, writable: writing }, (err) => {
      finished = !err;
    });
    return {
      destroy: (err) => {
        if (finished) return;
        finished = true;
        destroyer(stream, err || E.destroyed('pipe'));
      },
      cleanup,
    };
  }

  function pipeTo(src, dst, finish, end) {
    let ended = false;
    dst.on('close', () => {
      if (!ended) finish(E.prematureClose());
    });
    src.pipe(dst, { end: false }); // dst is ended below, once src has ended
    if (end && !dst._isStdio) { // the stdio streams are never ended
      const endFn = () => {
        ended = true;
        dst.end();
      };
      if (isReadableFinished(src)) nextTick(endFn);
      else src.once('end', endFn);
    } else {
      finish();
    }
    eos(src, { readable: true, writable: false }, (err) => {
      const rState = src._readableState;
      if (err && err.code === 'ERR_STREAM_PREMATURE_CLOSE' && rState && rState.ended &&
          !rState.errored && !rState.errorEmitted) {
        // Closed after push(null) but before 'end': wait for 'end'.
        src.once('end', finish).once('error', finish);
      } else {
        finish(err);
      }
    });
    if (dst._isStdio) return nop; // process.stdout and stderr stay open: done with the source
    return eos(dst, { readable: false, writable: true }, finish);
  }

  function pipelinePromise(...streams) {
    return new Promise((resolve, reject) => {
      let opts;
      const last = streams[streams.length - 1];
      if (last && typeof last === 'object' && !isNodeStream(last)) opts = streams.pop();
      pipelineImpl(streams, (err, value) => {
        if (err) reject(err);
        else resolve(value);
      }, opts);
    });
  }

  // ---- web streams: toWeb / fromWeb ----------------------------------------------
  // The WHATWG stream classes are the global ones (stream/web in the simulator).

  const webClass = (name) => {
    const C = globalThis[name];
    if (typeof C !== 'function') throw makeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The ' + name + ' method is not implemented');
    return C;
  };
  const prematureToAbort = (err) => (err && err.code === 'ERR_STREAM_PREMATURE_CLOSE' ? Object.assign(abortError(), { cause: err }) : err);
  const deferred = () => {
    let resolve, reject;
    const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
    return { promise, resolve, reject };
  };

  // readableToWeb: a ReadableStream fed by the Readable's 'data' (paused while the web
  // queue is full), closed by its end, errored by its error.
  function readableToWeb(readable) {
    if (!isNodeStream(readable) || typeof readable.read !== 'function') {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "streamReadable" argument must be an instance of Readable.' + received(readable));
    }
    const objectMode = readable.readableObjectMode;
    const highWaterMark = readable.readableHighWaterMark;
    const strategy = objectMode ? new (webClass('CountQueuingStrategy'))({ highWaterMark })
      : { highWaterMark, size(chunk) { return chunk.byteLength; } };
    let controller;
    const onData = (chunk) => {
      if (BufferImpl && BufferImpl.isBuffer(chunk) && !objectMode) chunk = new Uint8Array(chunk);
      controller.enqueue(chunk);
      if (controller.desiredSize <= 0) readable.pause();
    };
    const cleanup = eos(readable, (err) => {
      cleanup();
      readable.removeListener('data', onData);
      err = prematureToAbort(err);
      if (err) controller.error(err);
      else controller.close();
    });
    readable.on('data', onData);
    return new (webClass('ReadableStream'))({
      start(c) { controller = c; },
      pull() { readable.resume(); },
      cancel(reason) { destroyer(readable, reason); },
    }, strategy);
  }

  // readableFromWeb: a Readable that reads the ReadableStream's reader on demand.
  function readableFromWeb(stream, options = {}) {
    if (!stream || typeof stream.getReader !== 'function') {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "readableStream" argument must be an instance of ReadableStream.' + received(stream));
    }
    const reader = stream.getReader();
    let closed = false;
    const readable = new Readable({
      objectMode: options.objectMode, highWaterMark: options.highWaterMark, encoding: options.encoding, signal: options.signal,
      read() {
        reader.read().then((chunk) => readable.push(chunk.done ? null : chunk.value), (err) => destroyer(readable, err));
      },
      destroy(err, callback) {
        const done = () => callback(err);
        if (!closed) reader.cancel(err).then(done, done);
        else done();
      },
    });
    reader.closed.then(() => { closed = true; }, (err) => { closed = true; destroyer(readable, err); });
    return readable;
  }

  // writableToWeb: a WritableStream whose writes wait for the Writable's 'drain' when it
  // asks for it; close() ends it and settles with its finish.
  function writableToWeb(writable) {
    if (!isNodeStream(writable) || typeof writable.write !== 'function') {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "streamWritable" argument must be an instance of Writable.' + received(writable));
    }
    const highWaterMark = writable.writableHighWaterMark;
    const strategy = writable.writableObjectMode ? new (webClass('CountQueuingStrategy'))({ highWaterMark })
      : { highWaterMark, size(chunk) { return chunk.byteLength; } };
    let controller, backpressure = null, closed = null;
    const onDrain = () => { if (backpressure) { const b = backpressure; backpressure = null; b.resolve(); } };
    writable.on('drain', onDrain);
    const cleanup = eos(writable, (err) => {
      cleanup();
      writable.removeListener('drain', onDrain);
      err = prematureToAbort(err);
      if (backpressure) { backpressure.reject(err); backpressure = null; }
      if (err) {
        controller.error(err);
        if (closed) closed.reject(err);
      } else {
        if (!closed) closed = deferred();
        closed.resolve();
      }
    });
    return new (webClass('WritableStream'))({
      start(c) { controller = c; },
      write(chunk) {
        if (writable.writableNeedDrain || !writable.write(chunk)) {
          backpressure = deferred();
          return backpressure.promise;
        }
        return undefined;
      },
      abort(reason) { destroyer(writable, reason); },
      close() {
        if (!closed) {
          closed = deferred();
          writable.end();
        }
        return closed.promise;
      },
    }, strategy);
  }

  // writableFromWeb: a Writable that writes through the WritableStream's writer.
  function writableFromWeb(stream, options = {}) {
    if (!stream || typeof stream.getWriter !== 'function') {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "writableStream" argument must be an instance of WritableStream.' + received(stream));
    }
    const writer = stream.getWriter();
    let closed = false;
    const writable = new Writable({
      highWaterMark: options.highWaterMark, objectMode: options.objectMode, decodeStrings: options.decodeStrings, signal: options.signal,
      write(chunk, encoding, callback) {
        writer.ready.then(() => writer.write(chunk)).then(() => callback(), callback);
      },
      final(callback) {
        if (closed) { callback(); return; }
        writer.close().then(() => { closed = true; callback(); }, callback);
      },
      destroy(err, callback) {
        const done = () => callback(err);
        if (!closed && err != null) writer.abort(err).then(done, done);
        else done();
      },
    });
    writer.closed.then(() => { closed = true; }, (err) => { closed = true; destroyer(writable, err); });
    return writable;
  }

  Readable.toWeb = (streamReadable, options) => readableToWeb(streamReadable, options);
  Readable.fromWeb = (readableStream, options) => readableFromWeb(readableStream, options);
  Writable.toWeb = (streamWritable) => writableToWeb(streamWritable);
  Writable.fromWeb = (writableStream, options) => writableFromWeb(writableStream, options);
  Duplex.toWeb = (duplex) => ({ readable: readableToWeb(duplex), writable: writableToWeb(duplex) });
  Duplex.fromWeb = (pair, options = {}) => {
    const r = readableFromWeb(pair.readable, Object.assign({}, options, { objectMode: options.readableObjectMode || options.objectMode }));
    const w = writableFromWeb(pair.writable, Object.assign({}, options, { objectMode: options.writableObjectMode || options.objectMode }));
    const d = new Duplex({
      objectMode: options.objectMode, readableObjectMode: options.readableObjectMode, writableObjectMode: options.writableObjectMode,
      read() { r.resume(); },
      write(chunk, encoding, cb) { w.write(chunk, encoding, cb); },
      final(cb) { w.end(cb); },
    });
    r.on('data', (c) => { if (!d.push(c)) r.pause(); });
    r.on('end', () => d.push(null));
    r.pause();
    return d;
  };

  // ---- addAbortSignal, duplexPair ----------------------------------------------

  // addAbortSignal destroys stream with an AbortError (the signal's reason as its cause)
  // when signal aborts, at once if it already has; the listener goes when the stream ends.
  function addAbortSignal(signal, stream) {
    if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "signal" argument must be an instance of AbortSignal.' + received(signal));
    }
    if (!isNodeStream(stream)) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "stream" argument must be an instance of ReadableStream, WritableStream, or Stream.' + received(stream));
    }
    const onAbort = () => stream.destroy(abortError(signal));
    if (signal.aborted) onAbort();
    else {
      const disposable = events.addAbortListener(signal, onAbort);
      eos(stream, () => disposable[Symbol.dispose]());
    }
    return stream;
  }

  // duplexPair is two Duplex streams wired to each other: what one side writes, the other
  // reads; a write completes when the other side reads it, and ending one side ends the
  // other's readable part.
  const kOtherSide = Symbol('kOtherSide');
  const kPendingWrite = Symbol('kPendingWrite');
  class DuplexSide extends Duplex {
    constructor(options) {
      super(options);
      this[kOtherSide] = null;
      this[kPendingWrite] = null;
    }
    _read() {
      const cb = this[kPendingWrite];
      if (cb) {
        this[kPendingWrite] = null;
        cb();
      }
    }
    _write(chunk, encoding, callback) {
      if (chunk.length === 0) {
        nextTick(callback);
        return;
      }
      this[kOtherSide].push(chunk);
      this[kOtherSide][kPendingWrite] = callback;
    }
    _final(callback) {
      this[kOtherSide].on('end', callback);
      this[kOtherSide].push(null);
    }
  }
  function duplexPair(options) {
    const a = new DuplexSide(options);
    const b = new DuplexSide(options);
    a[kOtherSide] = b;
    b[kOtherSide] = a;
    return [a, b];
  }

  // ---- stream operators (Node 17.4+: map, filter, toArray...) -----------------------------
  //
  // Written from the semantics of Node's lib/internal/streams/operators.js: map runs fn on
  // up to `concurrency` chunks at once and keeps up to highWaterMark results ahead of the
  // reader, in order; filter, forEach, some, every and find go through map; reduce,
  // toArray, drop and take read the stream with for await. The stream-returning ones give
  // Readable.from(an async generator); the others a promise. A release before 17.4 has
  // none of them (the prelude removes what its Readable.prototype lacks, R-V8).

  const kEmpty = Symbol('kEmpty');
  const kEof = Symbol('kEof');
  const MAX_SAFE = 9007199254740991;

  // Before Node 22 the operators named AsyncFunction too.
  const fnTypeText = typeof hooks.major === 'number' && hooks.major < 22 ? 'of type function or an instance of AsyncFunction' : 'of type function';
  function validateFunctionArg(fn, name) {
    if (typeof fn !== 'function') throw E.invalidArgType(name, fnTypeText, fn);
  }
  function validateOptions(options) {
    if (options != null && (typeof options !== 'object' || Array.isArray(options))) {
      throw E.invalidArgType('options', 'of type object', options);
    }
    const signal = options == null ? undefined : options.signal;
    if (signal != null && (typeof signal !== 'object' || !('aborted' in signal))) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "options.signal" property must be an instance of AbortSignal.' + received(signal));
    }
  }
  function validateIntegerOption(value, name, min) {
    if (typeof value !== 'number') throw E.invalidArgType(name, 'of type number', value);
    if (!Number.isInteger(value)) {
      throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "' + name + '" is out of range. It must be an integer. Received ' + value);
    }
    if (value < min || value > MAX_SAFE) {
      throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "' + name + '" is out of range. It must be >= ' + min + ' && <= ' + MAX_SAFE + '. Received ' + value);
    }
  }
  const signalOf = (options) => (options == null ? undefined : options.signal);
  const isAborted = (options) => { const s = signalOf(options); return s != null && s.aborted === true; };
  // The signal map gives fn: one that follows the caller's signal (AbortSignal.any).
  function followingSignal(options) {
    const s = signalOf(options);
    if (typeof AbortSignal === 'function' && typeof AbortSignal.any === 'function') return AbortSignal.any(s ? [s] : []);
    return s || { aborted: false };
  }

  function mapOp(fn, options) {
    validateFunctionArg(fn, 'fn');
    validateOptions(options);
    let concurrency = 1;
    if (options != null && options.concurrency != null) concurrency = Math.floor(options.concurrency);
    let ahead = concurrency - 1;
    if (options != null && options.highWaterMark != null) ahead = Math.floor(options.highWaterMark);
    validateIntegerOption(concurrency, 'options.concurrency', 1);
    validateIntegerOption(ahead, 'options.highWaterMark', 0);
    const limit = ahead + concurrency;
    const source = this;
    return (async function* map() {
      const signal = followingSignal(options);
      const fnOptions = { signal };
      const queue = [];
      let wake; // the reader waits for a result
      let resume; // the pump waits for room
      let done = false;
      let running = 0;
      const wakeReader = () => { if (wake) { const w = wake; wake = null; w(); } };
      const maybeResume = () => {
        if (resume && !done && running < concurrency && queue.length < limit) {
          const r = resume;
          resume = null;
          r();
        }
      };
      const settled = () => { running -= 1; maybeResume(); };
      const failed = () => { done = true; settled(); };
      const pump = async () => {
        try {
          for await (let value of source) {
            if (done) return;
            if (signal.aborted) throw abortError();
            try {
              value = fn(value, fnOptions);
              if (value === kEmpty) continue;
              value = Promise.resolve(value);
            } catch (err) {
              value = Promise.reject(err);
            }
            running += 1;
            value.then(settled, failed);
            queue.push(value);
            wakeReader();
            if (!done && (queue.length >= limit || running >= concurrency)) {
              await new Promise((resolve) => { resume = resolve; });
            }
          }
          queue.push(kEof);
        } catch (err) {
          const value = Promise.reject(err);
          value.then(settled, failed);
          queue.push(value);
        } finally {
          done = true;
          wakeReader();
        }
      };
      pump();
      try {
        for (;;) {
          while (queue.length > 0) {
            const value = await queue[0];
            if (value === kEof) return;
            if (signal.aborted) throw abortError();
            if (value !== kEmpty) yield value;
            queue.shift();
            maybeResume();
          }
          await new Promise((resolve) => { wake = resolve; });
        }
      } finally {
        done = true;
        if (resume) { const r = resume; resume = null; r(); }
      }
    }).call(this);
  }

  function filterOp(fn, options) {
    validateFunctionArg(fn, 'fn');
    const keep = async (value, opts) => ((await fn(value, opts)) ? value : kEmpty);
    return mapOp.call(this, keep, options);
  }

  function flatMapOp(fn, options) {
    const values = mapOp.call(this, fn, options);
    return (async function* flatMap() {
      for await (const value of values) yield* value;
    }).call(this);
  }

  function countArg(n) {
    n = Number(n);
    if (Number.isNaN(n)) return 0;
    if (n < 0) throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "number" is out of range. It must be >= 0. Received ' + n);
    return n;
  }

  function dropOp(number, options = undefined) {
    validateOptions(options);
    number = countArg(number);
    return (async function* drop() {
      if (isAborted(options)) throw abortError();
      for await (const value of this) {
        if (isAborted(options)) throw abortError();
        if (number-- <= 0) yield value;
      }
    }).call(this);
  }

  function takeOp(number, options = undefined) {
    validateOptions(options);
    number = countArg(number);
    return (async function* take() {
      if (isAborted(options)) throw abortError();
      for await (const value of this) {
        if (isAborted(options)) throw abortError();
        if (number-- > 0) yield value;
        if (number <= 0) return; // read no further than needed
      }
    }).call(this);
  }

  async function someOp(fn, options = undefined) {
    // eslint-disable-next-line no-unused-vars
    for await (const unused of filterOp.call(this, fn, options)) return true;
    return false;
  }

  async function everyOp(fn, options = undefined) {
    validateFunctionArg(fn, 'fn');
    return !(await someOp.call(this, async (...args) => !(await fn(...args)), options));
  }

  async function findOp(fn, options) {
    for await (const value of filterOp.call(this, fn, options)) return value;
    return undefined;
  }

  async function forEachOp(fn, options) {
    validateFunctionArg(fn, 'fn');
    const each = async (value, opts) => {
      await fn(value, opts);
      return kEmpty;
    };
    // eslint-disable-next-line no-unused-vars
    for await (const unused of mapOp.call(this, each, options));
  }

  async function reduceOp(reducer, initialValue, options) {
    validateFunctionArg(reducer, 'reducer');
    validateOptions(options);
    let hasInitial = arguments.length > 1;
    const outer = signalOf(options);
    if (outer != null && outer.aborted) {
      const err = abortError(outer);
      this.once('error', nop); // the error reaches the caller through the promise
      await finishedPromise(this.destroy(err)).catch(nop);
      throw err;
    }
    const ac = typeof AbortController === 'function' ? new AbortController() : null;
    const signal = ac ? ac.signal : { aborted: false };
    let removeAbort = nop;
    if (outer && ac) {
      const onAbort = () => ac.abort();
      outer.addEventListener('abort', onAbort, { once: true });
      removeAbort = () => outer.removeEventListener('abort', onAbort);
    }
    let gotAny = false;
    try {
      for await (const value of this) {
        gotAny = true;
        if (isAborted(options)) throw abortError();
        if (!hasInitial) {
          initialValue = value;
          hasInitial = true;
        } else {
          initialValue = await reducer(initialValue, value, { signal });
        }
      }
      if (!gotAny && !hasInitial) {
        const err = makeError(TypeError, 'ERR_MISSING_ARGS', 'The "reduce" argument must be specified');
        err.message = 'Reduce of an empty stream requires an initial value';
        throw err;
      }
    } finally {
      removeAbort();
      if (ac) ac.abort();
    }
    return initialValue;
  }

  async function toArrayOp(options) {
    validateOptions(options);
    const result = [];
    for await (const value of this) {
      if (isAborted(options)) throw abortError(signalOf(options));
      result.push(value);
    }
    return result;
  }

  function defineOperator(name, op, length, returnsStream) {
    const fn = function (...args) {
      if (new.target) throw makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      const out = Reflect.apply(op, this, args);
      return returnsStream ? Readable.from(out) : out;
    };
    Object.defineProperty(fn, 'name', { value: name });
    Object.defineProperty(fn, 'length', { value: length });
    Object.defineProperty(Readable.prototype, name, { value: fn, enumerable: false, configurable: true, writable: true });
  }
  const operators = ['drop', 'filter', 'flatMap', 'map', 'take', 'every', 'forEach', 'reduce', 'toArray', 'some', 'find'];
  if (asyncIteratorSymbol) {
    defineOperator('drop', dropOp, 1, true);
    defineOperator('filter', filterOp, 2, true);
    defineOperator('flatMap', flatMapOp, 2, true);
    defineOperator('map', mapOp, 2, true);
    defineOperator('take', takeOp, 1, true);
    defineOperator('every', everyOp, 1, false);
    defineOperator('forEach', forEachOp, 2, false);
    defineOperator('reduce', reduceOp, 3, false);
    defineOperator('toArray', toArrayOp, 1, false);
    defineOperator('some', someOp, 1, false);
    defineOperator('find', findOp, 2, false);
  }

  // ---- exports ----------------------------------------------------------------

  const promises = { finished: finishedPromise, pipeline: pipelinePromise };

  const api = {
    isDestroyed,
    isDisturbed,
    isErrored,
    isReadable,
    isWritable,
    Readable,
    Writable,
    Duplex,
    Transform,
    PassThrough,
    pipeline,
    finished: eos,
    destroy: destroyer,
    setDefaultHighWaterMark,
    getDefaultHighWaterMark,
    promises,
    Stream,
    addAbortSignal,
    duplexPair,
    _isArrayBufferView: ArrayBuffer.isView,
    _isUint8Array: isUint8Array,
  };
  if (BufferImpl) api._uint8ArrayToBuffer = (chunk) => BufferImpl.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  eos.finished = eos;
  Object.defineProperty(eos, Symbol.for('nodejs.util.promisify.custom'), { value: finishedPromise });
  Object.defineProperty(pipeline, Symbol.for('nodejs.util.promisify.custom'), { value: pipelinePromise });

  for (const key of Object.keys(api)) {
    exports[key] = api[key];
    if (key !== 'Stream') Stream[key] = api[key];
  }
  // The names of Readable's operators and iterator(), for the prelude to remove from a
  // release that lacks them (not an export of Node's).
  Object.defineProperty(exports, 'operators', { value: operators.concat('iterator'), enumerable: false, configurable: true });
  Stream.Stream = Stream;
  exports.default = Stream;
  return exports;
})
