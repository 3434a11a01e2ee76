// pipes.js: the pipes between the simulated machine's processes as Node's handles
// (internal to child_process, cluster and a child's process object): a pipe end as a
// net.Socket's handle (a child's stdio in its parent, internals.process.stdin in a child), and the
// IPC channel of fork() with its serializations and Node's setupChannel.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const EventEmitter = internals.builtin('events');
  const { Buffer } = internals.builtin('buffer');
  // process is read when used: a forked child's process object loads these files as it is made.
  const nextTick = (...a) => internals.process.nextTick(...a);
  const major = internals.nodeMajor;
  const kChannelHandle = Symbol('kChannelHandle');
  const kPendingMessages = Symbol('kPendingMessages');
  const errnos = { ENOENT: -2, ESRCH: -3, EACCES: -13, EAGAIN: -11, EMFILE: -24, ENFILE: -23, EPIPE: -32, EINVAL: -22, ENOSYS: -38, ENOBUFS: -105, ETIMEDOUT: -110 };
  const errnoName = (n) => Object.keys(errnos).find((k) => errnos[k] === n) || 'UNKNOWN';

  // errnoException is Node's ErrnoException: "<syscall> <CODE>" with errno, code and
  // syscall (Node 10 gave errno the code's name).
  function errnoException(err, syscall) {
    const code = errnoName(err);
    const e = new Error(syscall + ' ' + code);
    e.errno = major < 12 ? code : err;
    e.code = code;
    e.syscall = syscall;
    return e;
  }
  // maybeClose counts one of what a ChildProcess's 'close' waits for: its exit, each
  // readable stdio stream's 'close', its channel's end.
  function maybeClose(child) {
    child._closesGot++;
    if (child._closesGot === child._closesNeeded) child.emit('close', child.exitCode, child.signalCode);
  }
  function validateObject(v, name) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidArgType(name, 'of type object', v);
  }

  // ---- pipes -----------------------------------------------------------------------------
  // PipeHandle is one end of a pipe between processes, as a net.Socket's handle: a
  // reading end keeps the loop alive while it is open and ref'd; a writing end writes
  // into the pipe (a write after the reader is gone fails with EPIPE).
  class PipeHandle {
    constructor(id, reading, manualStart = false) {
      this.id = id;
      this.reading = reading;
      this.manualStart = manualStart;
      this.open = true;
      this.ref = true;
      this.active = false; // reading now: the handle keeps the loop alive
      this.attached = false;
      this.eofSent = false;
      this.socket = null;
    }
    attach(socket) {
      this.socket = socket;
      if (!this.reading) {
        socket._peer = {
          _handle: true,
          _receive: (buf) => (host.pipeWrite(this.id, buf) ? errnoException(errnos.EPIPE, 'write') : undefined),
          _receiveEOF: () => this.end(),
        };
        return;
      }
      if (!this.manualStart) this.readStart();
    }
    readStart() {
      if (!this.reading || !this.open || this.active) return;
      this.active = true;
      if (this.ref) host.handleRef(1);
      if (this.attached) return;
      this.attached = true;
      const socket = this.socket;
      host.pipeRead(this.id, (ab) => {
        if (!this.open || !socket._handle) return;
        if (ab === null) socket._onEOF();
        else socket._onRead(Buffer.from(ab));
      });
    }
    readStop() {
      if (!this.active) return;
      this.active = false;
      if (this.ref) host.handleRef(-1);
    }
    end() {
      if (this.eofSent) return;
      this.eofSent = true;
      host.pipeEnd(this.id);
    }
    setRef(on) {
      if (on === this.ref) return;
      this.ref = on;
      if (this.open && this.active) host.handleRef(on ? 1 : -1);
    }
    close(cb) {
      const holding = this.open && this.active && this.ref;
      this.active = false;
      this.open = false;
      if (this.reading) host.pipeClose(this.id);
      else this.end();
      host.queueClose('pipe close', () => {
        if (holding) host.handleRef(-1);
        cb();
      });
    }
  }

  // ---- the IPC channel ---------------------------------------------------------------------
  // IPCChannel is one end of a fork()'s channel: a pair of pipes, [read, write].
  class IPCChannel {
    constructor(ids, ref) {
      this.readId = ids[0];
      this.writeId = ids[1];
      this.ref_ = ref;
      this.open = true;
      this.buffering = false;
      this.onread = null;
      this.writeQueueSize = 0;
      if (ref) host.handleRef(1);
    }
    readStart() {
      host.pipeRead(this.readId, (ab) => {
        if (this.open && this.onread) this.onread(ab === null ? null : Buffer.from(ab));
      });
    }
    write(bytes) { return host.pipeWrite(this.writeId, bytes) ? errnos.EPIPE : 0; }
    ref() { if (!this.ref_ && this.open) { this.ref_ = true; host.handleRef(1); } }
    unref() { if (this.ref_ && this.open) { this.ref_ = false; host.handleRef(-1); } }
    close() {
      if (!this.open) return;
      const holding = this.ref_;
      this.open = false;
      host.pipeEnd(this.writeId);
      host.pipeClose(this.readId);
      host.queueClose('IPC channel close', () => { if (holding) host.handleRef(-1); });
    }
  }

  // The channel's serializations: each message a line of JSON, or of the structured
  // clone's record for 'advanced' (Node's length-prefixed V8 serialization).
  const serializations = {
    json: {
      write: (msg) => JSON.stringify(msg) + '\n',
      parse: (line) => JSON.parse(line),
    },
    advanced: {
      write: (msg) => internals.serdes.serialize(msg, { crossThread: true }) + '\n',
      parse: (line) => internals.serdes.deserialize(line),
    },
  };

  // Control is what child.channel and internals.process.channel are: the channel's ref count, kept
  // by the 'message' and 'disconnect' listeners of a child and by pending writes.
  class Control extends EventEmitter {
    #channel;
    #refs = 0;
    #explicit = false;
    constructor(channel) {
      super();
      this.#channel = channel;
      this[kPendingMessages] = [];
    }
    refCounted() { if (++this.#refs === 1 && !this.#explicit) this.#channel.ref(); }
    unrefCounted() { if (--this.#refs === 0 && !this.#explicit) this.#channel.unref(); }
    ref() { this.#explicit = true; this.#channel.ref(); }
    unref() { this.#explicit = true; this.#channel.unref(); }
    get fd() { return this.#channel ? 3 : undefined; }
  }

  const isInternal = (m) => m !== null && typeof m === 'object' && typeof m.cmd === 'string' && m.cmd.length > 5 && m.cmd.startsWith('NODE_');

  function setupChannel(target, channel, mode) {
    const control = new Control(channel);
    target.channel = control;
    target[kChannelHandle] = channel;
    Object.defineProperty(target, '_channel', {
      get() { return target.channel; },
      set(v) { target.channel = v; },
      configurable: true, enumerable: major < 12,
    });
    target._handleQueue = null;
    target._pendingMessage = null;
    const ser = serializations[mode];
    let pending = '';
    channel.onread = function (buf) {
      if (buf === null) {
        this.buffering = false;
        target.disconnect();
        channel.onread = null;
        channel.close();
        target.channel = null;
        maybeClose(target);
        return;
      }
      const lines = (pending + buf.toString('utf8')).split('\n');
      pending = lines.pop();
      this.buffering = pending.length !== 0;
      for (const line of lines) {
        const message = ser.parse(line);
        handleMessage(message, isInternal(message));
      }
    };
    target.on('newListener', function () {
      nextTick(() => {
        if (!target.channel || !target.listenerCount('message')) return;
        const messages = target.channel[kPendingMessages];
        if (!messages.length) return;
        for (const m of messages) target.emit(...m);
        target.channel[kPendingMessages] = [];
      });
    });
    target.send = function (message, handle, options, callback) {
      if (typeof handle === 'function') {
        callback = handle;
        handle = undefined;
        options = undefined;
      } else if (typeof options === 'function') {
        callback = options;
        options = undefined;
      } else if (options !== undefined) {
        validateObject(options, 'options');
      }
      options = Object.assign({ swallowErrors: false }, options);
      if (this.connected) return this._send(message, handle, options, callback);
      const ex = makeError(Error, 'ERR_IPC_CHANNEL_CLOSED', 'Channel closed');
      if (typeof callback === 'function') nextTick(callback, ex);
      else nextTick(() => this.emit('error', ex));
      return false;
    };
    target._send = function (message, handle, options, callback) {
      if (message === undefined) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
      if (typeof message !== 'string' && typeof message !== 'object' && typeof message !== 'number' && typeof message !== 'boolean') {
        throw invalidArgType('message', 'one of type string, object, number, or boolean', message);
      }
      if (handle) internals.unsupported('sending a handle over the IPC channel (child.send(message, handle))', 'server and socket handles are passed only by cluster');
      if (typeof options === 'boolean') options = { swallowErrors: options };
      const err = channel.write(Buffer.from(ser.write(message)));
      if (err === 0) {
        if (typeof callback === 'function') nextTick(callback, null);
      } else if (!options.swallowErrors) {
        const ex = errnoException(err, 'write');
        if (typeof callback === 'function') nextTick(callback, ex);
        else nextTick(() => this.emit('error', ex));
      }
      return true;
    };
    target.connected = true;
    target.disconnect = function () {
      if (!this.connected) {
        this.emit('error', makeError(Error, 'ERR_IPC_DISCONNECTED', 'IPC channel is already disconnected'));
        return;
      }
      this.connected = false;
      if (!this._handleQueue) this._disconnect();
    };
    target._disconnect = function () {
      this.channel = null;
      this[kChannelHandle] = null;
      let fired = false;
      const finish = () => {
        if (fired) return;
        fired = true;
        channel.close();
        target.emit('disconnect');
      };
      if (channel.buffering) {
        this.once('message', finish);
        this.once('internalMessage', finish);
        return;
      }
      nextTick(finish);
    };
    function emit(event, message) {
      if (event === 'internalMessage' || target.listenerCount('message')) {
        target.emit(event, message);
        return;
      }
      target.channel[kPendingMessages].push([event, message]);
    }
    function handleMessage(message, internal) {
      if (!target.channel) return;
      nextTick(emit, internal ? 'internalMessage' : 'message', message);
    }
    channel.readStart();
    return control;
  }

  // pipeSocket(id) is internals.process.stdin of a child whose stdin is a pipe: a net.Socket that
  // starts reading (and keeps the loop alive) when it is first read, and stops when
  // paused, as Node's stdin does.
  function pipeSocket(id) {
    const net = internals.builtin('net');
    const handle = new PipeHandle(id, true, true);
    const socket = new net.Socket({ handle, readable: true, writable: false });
    socket.on('pause', () => handle.readStop());
    return socket;
  }

  Object.assign(exports, { PipeHandle, pipeSocket, IPCChannel, setupChannel, maybeClose, errnoException, errnos, errnoName });
})
