// net.js: TCP servers and sockets on loopback and scenario peers. A Socket is a
// stream.Duplex over a simulated handle, as Node's is over libuv's:
// - data written to a connected peer is readable there at once (Costs.LoopbackUS, 0 by
//   default), i.e. in its next poll phase; what is written before the peer reads
//   arrives as one chunk (the kernel's receive buffer); EOF comes as a callback of its
//   own after the data;
// - a write completes at once (its callback from a nextTick, as after uv_try_write);
//   end() shuts the socket down when its handle is next writable: right after the
//   connect callback that asked for it, at once when the peer's EOF came already, else
//   in the next poll phase ('finish' then);
// - destroy() closes the handle: 'close' comes from the close callback (close phase,
//   R-E3), and a server counts the connection gone at once, so its 'close' (emitted
//   with process.nextTick once it stops listening and has no connection, R-E2) can come
//   before the socket's;
// - connecting to a host name looks it up with dns.lookup (the thread pool); an IP
//   literal connects from a nextTick. Connections, data and EOF are kernel events: no
//   thread is held.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const stream = internals.builtin('stream');
  const EventEmitter = internals.builtin('events');
  const { Buffer } = internals.builtin('buffer');
  const nextTick = (...a) => internals.process.nextTick(...a);
  const timers = () => internals.builtin('timers');
  const listening = new Map(); // port (or pipe path) -> listening Server
  let nextPort = 41000;
  let autoSelectFamily = true;
  let autoSelectFamilyAttemptTimeout = internals.hasChange('R-V21') ? 500 : 250; // Node 26 doubled it

  // ---- addresses -------------------------------------------------------------------------
  const v4Part = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
  const v4RE = new RegExp('^(?:' + v4Part + '\\.){3}' + v4Part + '$');
  const v6Seg = '(?:[0-9a-fA-F]{1,4})';
  const v6RE = new RegExp('^(?:' +
    '(?:' + v6Seg + ':){7}(?:' + v6Seg + '|:)|' +
    '(?:' + v6Seg + ':){6}(?:' + v4Part + '(?:\\.' + v4Part + '){3}|:' + v6Seg + '|:)|' +
    '(?:' + v6Seg + ':){5}(?::' + v4Part + '(?:\\.' + v4Part + '){3}|(?::' + v6Seg + '){1,2}|:)|' +
    '(?:' + v6Seg + ':){4}(?:(?::' + v6Seg + '){0,1}:' + v4Part + '(?:\\.' + v4Part + '){3}|(?::' + v6Seg + '){1,3}|:)|' +
    '(?:' + v6Seg + ':){3}(?:(?::' + v6Seg + '){0,2}:' + v4Part + '(?:\\.' + v4Part + '){3}|(?::' + v6Seg + '){1,4}|:)|' +
    '(?:' + v6Seg + ':){2}(?:(?::' + v6Seg + '){0,3}:' + v4Part + '(?:\\.' + v4Part + '){3}|(?::' + v6Seg + '){1,5}|:)|' +
    '(?:' + v6Seg + ':){1}(?:(?::' + v6Seg + '){0,4}:' + v4Part + '(?:\\.' + v4Part + '){3}|(?::' + v6Seg + '){1,6}|:)|' +
    '(?::(?:(?::' + v6Seg + '){0,5}:' + v4Part + '(?:\\.' + v4Part + '){3}|(?::' + v6Seg + '){1,7}|:))' +
    ')(?:%[0-9a-zA-Z-.:]{1,})?$');
  const isIPv4 = (s) => v4RE.test(String(s));
  const isIPv6 = (s) => v6RE.test(String(s));
  const isIP = (s) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0);
  const isLoopbackName = (h) => h === 'localhost' || h === '127.0.0.1' || h === '::1' || h === '::ffff:127.0.0.1';

  // ---- the simulated handle --------------------------------------------------------------
  // A handle is open from connect (or accept) to close; while open and ref'd it keeps the
  // loop alive.
  class Handle {
    constructor() { this.open = false; this.ref = true; }
    start() { if (!this.open) { this.open = true; if (this.ref) host.handleRef(1); } }
    setRef(on) {
      if (on === this.ref) return;
      this.ref = on;
      if (this.open) host.handleRef(on ? 1 : -1);
    }
    close(cb) {
      const wasHolding = this.open && this.ref;
      this.open = false;
      host.queueClose('socket close', () => {
        if (wasHolding) host.handleRef(-1);
        cb();
      });
    }
  }

  const toBuffer = (chunk, encoding) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

  // ---- Socket ----------------------------------------------------------------------------
  class Socket extends stream.Duplex {
    constructor(options = undefined) {
      if (typeof options === 'number') options = { fd: options };
      else if (options === undefined || options === null) options = {};
      super(Object.assign({}, options, { allowHalfOpen: !!options.allowHalfOpen, emitClose: false, autoDestroy: true, decodeStrings: false }));
      this.connecting = false;
      this._hadError = false;
      this._handle = null;
      this._peer = null;          // the other end, when it is a socket of this program
      this._server = null;        // the server that accepted this socket
      this._host = null;
      this._inbox = [];           // bytes the peer sent that the poll phase has not delivered
      this._inboxScheduled = false;
      this._shutdownCb = null;    // _final's callback, until the shutdown completes
      this._drainPending = false; // a connect callback is running: the shutdown follows it
      this._pendingData = null;
      this._sockname = null;
      this._peername = null;
      this._timeoutMs = 0;
      this._timer = null;
      this.bytesRead = 0;
      this._bytesDispatched = 0;
      this.allowHalfOpen = !!options.allowHalfOpen;
      this.server = null;
      if (options.signal) addSignal(this, options.signal);
      this.on('end', onReadableStreamEnd);
      // A handle given (a child process's stdio pipe, child_process.js) is open at once: a
      // reading pipe starts reading, a writing one becomes the socket's peer.
      if (options.handle) {
        this._handle = options.handle;
        options.handle.attach(this);
      }
    }
    get pending() { return !this._handle || this.connecting; }
    get readyState() {
      if (this.connecting) return 'opening';
      if (this.readable && this.writable) return 'open';
      if (this.readable && !this.writable) return 'readOnly';
      if (!this.readable && this.writable) return 'writeOnly';
      return 'closed';
    }
    get bufferSize() { return this._handle ? this.writableLength : undefined; }
    get bytesWritten() {
      let n = this._bytesDispatched;
      const pending = this._pendingData;
      if (pending) n += typeof pending === 'string' ? Buffer.byteLength(pending) : pending.length;
      return n;
    }
    get remoteAddress() { return this._peername ? this._peername.address : undefined; }
    get remoteFamily() { return this._peername ? this._peername.family : undefined; }
    get remotePort() { return this._peername ? this._peername.port : undefined; }
    get localAddress() { return this._sockname ? this._sockname.address : undefined; }
    get localPort() { return this._sockname ? this._sockname.port : undefined; }
    get localFamily() { return this._sockname ? this._sockname.family : undefined; }
    get timeout() { return this._timeoutMs || undefined; }
    address() { return this._sockname ? Object.assign({}, this._sockname) : {}; }

    connect(...args) {
      const [options, cb] = normalizeArgs(args);
      if (cb) this.once('connect', cb);
      if (this.destroyed) {
        this._readableState.reading = false;
        this._readableState.ended = false;
        this._readableState.endEmitted = false;
        this._writableState.ended = false;
        this._writableState.ending = false;
        this._writableState.finished = false;
        this._writableState.errorEmitted = false;
        this.destroyed = false;
        this._handle = null;
      }
      if (options.path !== undefined && options.path !== null) {
        this.connecting = true;
        this._handle = new Handle();
        this._handle.start();
        nextTick(() => startConnect(this, options.path, '', options.path));
        return this;
      }
      const port = Number(options.port);
      if (options.port === undefined || !(port >= 0 && port < 65536) || String(options.port).trim() === '') {
        throw makeError(RangeError, 'ERR_SOCKET_BAD_PORT', 'Port should be >= 0 and < 65536. Received ' + describePort(options.port) + '.');
      }
      const hostName = options.host === undefined || options.host === null ? 'localhost' : String(options.host);
      this.connecting = true;
      this._host = hostName;
      this._handle = new Handle();
      this._handle.start();
      // An IP literal needs no lookup; nor does a scenario's socket peer, which is there
      // from the start (its data comes at the scenario's times).
      if (isIP(hostName) || (isLoopbackName(hostName) && !listening.has(port) && host.socketFeed(port) !== undefined)) {
        const address = isIP(hostName) ? hostName : '127.0.0.1';
        nextTick(() => startConnect(this, port, address, port));
      } else {
        internals.builtin('dns').lookup(hostName, { family: options.family }, (err, address, family) => {
          if (this.destroyed || !this.connecting) return;
          this.emit('lookup', err, address, family, hostName);
          if (err) { this.destroy(err); return; }
          startConnect(this, port, address, port);
        });
      }
      return this;
    }

    _read() {
      if (this.connecting || !this._handle) this.once('connect', () => this._read());
      else if (this._handle.readStart) this._handle.readStart(); // a pipe's end
    }
    _writeGeneric(writev, data, encoding, cb) {
      if (this.connecting) {
        this._pendingData = writev ? data.map((c) => c.chunk) : data;
        this.once('connect', () => this._writeGeneric(writev, data, encoding, cb));
        return;
      }
      this._pendingData = null;
      if (!this._handle) {
        cb(makeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
        return;
      }
      const bufs = writev ? data.map((c) => toBuffer(c.chunk, c.encoding)) : [toBuffer(data, encoding)];
      const buf = bufs.length === 1 ? bufs[0] : Buffer.concat(bufs);
      this._bytesDispatched += buf.length;
      this._activity();
      const err = this._peer ? this._peer._receive(buf) : undefined;
      cb(err); // a pipe whose reader is gone fails the write (EPIPE)
    }
    _write(data, encoding, cb) { this._writeGeneric(false, data, encoding, cb); }
    _writev(chunks, cb) { this._writeGeneric(true, chunks, '', cb); }
    _final(cb) {
      if (this.connecting) { this.once('connect', () => this._final(cb)); return; }
      if (!this._handle) { cb(); return; }
      this._shutdownCb = cb;
      // After the peer's EOF the shutdown finishes at once (the socket is half closed
      // already); otherwise when the handle is next writable.
      if (this._readableState.ended) this._completeShutdown();
      else if (!this._drainPending) host.kernelEvent('socket shutdown', 0, () => this._completeShutdown(), false);
    }
    _completeShutdown() {
      const cb = this._shutdownCb;
      if (cb === null) return;
      this._shutdownCb = null;
      if (this._peer) this._peer._receiveEOF();
      this._eofSent = true;
      cb();
    }
    _destroy(exception, cb) {
      this.connecting = false;
      this._clearTimeout();
      if (this._handle) {
        const isException = !!exception;
        const peer = this._peer;
        this._peer = null;
        if (peer && peer._handle && !this._eofSent) peer._receiveEOF();
        this._handle.close(() => this.emit('close', isException));
        this._handle = null;
      }
      cb(exception);
      if (this._server) {
        this._server._connections--;
        this._server._emitCloseIfDrained();
        this._server = null;
      }
    }

    // _receive queues bytes from the peer; the poll phase delivers what has arrived by then.
    _receive(buf) {
      this._inbox.push(buf);
      if (this._inboxScheduled) return;
      this._inboxScheduled = true;
      host.kernelEvent('socket data', host.cost('loopback'), () => this._deliverInbox(), false);
    }
    _deliverInbox() {
      this._inboxScheduled = false;
      const bufs = this._inbox;
      this._inbox = [];
      if (!this._handle || bufs.length === 0) return;
      const buf = bufs.length === 1 ? bufs[0] : Buffer.concat(bufs);
      if (this._readGuard) { this._readGuard(); return; }
      this._onRead(buf);
    }
    _onRead(buf) {
      this.bytesRead += buf.length;
      this._activity();
      this.push(buf);
    }
    _receiveEOF(atUS) {
      host.kernelEvent('socket end', host.cost('loopback'), () => this._onEOF(), false, atUS);
    }
    _onEOF() {
      if (!this._handle || this._readableState.ended) return;
      if (this._readGuard) { this._readGuard(); return; }
      this.push(null);
      this.read(0);
    }

    setEncoding(enc) { return super.setEncoding(enc); }
    setNoDelay() { return this; }
    setKeepAlive() { return this; }
    setTimeout(ms, cb) {
      ms = Number(ms);
      if (typeof cb === 'function') {
        if (ms === 0) this.removeListener('timeout', cb);
        else this.once('timeout', cb);
      }
      this._timeoutMs = ms;
      this._clearTimeout();
      if (ms > 0 && !this.destroyed) this._armTimeout();
      return this;
    }
    _armTimeout() {
      this._timer = timers().setTimeout(() => {
        this._timer = null;
        this.emit('timeout');
      }, this._timeoutMs);
      this._timer.unref();
    }
    _clearTimeout() {
      if (this._timer) { timers().clearTimeout(this._timer); this._timer = null; }
    }
    _activity() { if (this._timer) this._timer.refresh(); }
    ref() { if (this._handle) this._handle.setRef(true); else this._wantUnref = false; return this; }
    unref() { if (this._handle) this._handle.setRef(false); else this._wantUnref = true; return this; }
    destroySoon() {
      if (this.writable) this.end();
      if (this.writableFinished) this.destroy();
      else this.once('finish', this.destroy);
    }
    resetAndDestroy() {
      if (this._handle) {
        if (this.connecting) { this.once('connect', () => this.resetAndDestroy()); return this; }
        this.destroy(makeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
        return this;
      }
      return this.destroy(makeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
    }
  }

  function onReadableStreamEnd() {
    if (!this.allowHalfOpen) {
      this.write = writeAfterFIN;
    }
  }
  function writeAfterFIN(chunk, encoding, cb) {
    if (!this.writableEnded) return stream.Duplex.prototype.write.call(this, chunk, encoding, cb);
    if (typeof encoding === 'function') { cb = encoding; encoding = null; }
    const err = makeError(Error, 'EPIPE', 'This socket has been ended by the other party');
    if (typeof cb === 'function') nextTick(cb, err);
    this.destroy(err);
    return false;
  }

  function addSignal(socket, signal) {
    const onAbort = () => socket.destroy(internals.abortError(signal));
    if (signal.aborted) nextTick(onAbort);
    else {
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('close', () => signal.removeEventListener('abort', onAbort));
    }
  }

  function describePort(p) {
    if (typeof p === 'string') return "type string ('" + p + "')";
    if (typeof p === 'number') return 'type number (' + p + ')';
    return String(p);
  }

  // normalizeArgs turns connect()'s and listen()'s arguments into [options, callback].
  function normalizeArgs(args) {
    let options = {};
    if (args.length === 0) return [options, null];
    const a0 = args[0];
    if (a0 !== null && typeof a0 === 'object') options = Object.assign({}, a0);
    else if (typeof a0 === 'string' && !/^\s*\d+\s*$/.test(a0) && Number.isNaN(Number(a0))) options.path = a0;
    else {
      options.port = a0;
      if (args.length > 1 && typeof args[1] === 'string') options.host = args[1];
    }
    const cb = args[args.length - 1];
    return [options, typeof cb === 'function' ? cb : null];
  }

  // startConnect connects socket to the server listening on key (a port or a pipe path),
  // or to a scenario peer, or fails with ECONNREFUSED.
  function startConnect(socket, key, address, port) {
    if (socket.destroyed || !socket.connecting) return;
    const server = listening.get(key);
    const family = typeof key === 'number' ? (isIPv6(address) ? 'IPv6' : 'IPv4') : undefined;
    if (!server) {
      const feed = typeof key === 'number' ? host.socketFeed(key) : undefined;
      if (feed !== undefined) return connectFeed(socket, feed, address, port, family);
      host.kernelEvent('connect refused', host.cost('connect'), () => {
        if (socket.destroyed) return;
        socket.connecting = false;
        const err = typeof key === 'number'
          ? makeError(Error, 'ECONNREFUSED', 'connect ECONNREFUSED ' + address + ':' + port, { errno: -111, syscall: 'connect', address, port })
          : makeError(Error, 'ENOENT', 'connect ENOENT ' + key, { errno: -2, syscall: 'connect', address: key });
        socket.destroy(err);
      }, false);
      return;
    }
    const peer = new Socket({ allowHalfOpen: server.allowHalfOpen, pauseOnCreate: server.pauseOnConnect });
    const localPort = typeof key === 'number' ? ephemeralPort() : undefined;
    socket._peername = typeof key === 'number' ? { address, family, port } : null;
    socket._sockname = typeof key === 'number' ? { address, family, port: localPort } : null;
    peer._sockname = typeof key === 'number' ? { address: server._localAddress(address), family: server._family(family), port } : null;
    peer._peername = typeof key === 'number' ? { address: server._family(family) === 'IPv6' && family === 'IPv4' ? '::ffff:' + address : address, family: server._family(family), port: localPort } : null;
    socket._peer = peer;
    peer._peer = socket;
    host.kernelEvent('incoming connection', host.cost('connect'), () => {
      if (!server.listening || listening.get(key) !== server) {
        socket._peer = null;
        if (!socket.destroyed) socket.destroy(makeError(Error, 'ECONNREFUSED', 'connect ECONNREFUSED ' + address + ':' + port, { errno: -111, syscall: 'connect', address, port }));
        return;
      }
      if (server.maxConnections !== undefined && server._connections >= server.maxConnections) {
        server.emit('drop', { localAddress: peer.localAddress, localPort: peer.localPort, localFamily: peer.localFamily, remoteAddress: peer.remoteAddress, remotePort: peer.remotePort, remoteFamily: peer.remoteFamily });
        socket._peer = null;
        socket._receiveEOF();
        return;
      }
      server._connections++;
      peer._handle = new Handle();
      peer._handle.start();
      peer._server = server;
      peer.server = server;
      server.emit('connection', peer);
    }, false);
    host.kernelEvent('connect', host.cost('connect'), () => onConnected(socket), false);
  }

  let nextEphemeral = 50000;
  const ephemeralPort = () => (nextEphemeral = nextEphemeral >= 60999 ? 50000 : nextEphemeral + 1);

  // connectFeed connects to a scenario peer: its data and EOF come at the times it says.
  function connectFeed(socket, feed, address, port, family) {
    socket._peername = { address, family, port };
    socket._sockname = { address, family, port: ephemeralPort() };
    host.kernelEvent('connect', 0, () => onConnected(socket), false, Math.max(feed.connect, 0));
    for (const d of feed.data) {
      host.kernelEvent('socket data', 0, () => { if (socket._handle) socket._onRead(Buffer.from(d.data)); }, false, d.at);
    }
    if (feed.end > 0) socket._receiveEOF(feed.end);
  }

  function onConnected(socket) {
    if (socket.destroyed || !socket.connecting) return;
    socket.connecting = false;
    if (socket._wantUnref) socket._handle.setRef(false);
    // The shutdown end() asked for during the connect callback happens right after it.
    socket._drainPending = true;
    host.pollNext('socket drain', () => {
      socket._drainPending = false;
      if (socket._shutdownCb) socket._completeShutdown();
    });
    socket.emit('connect');
    socket.emit('ready');
    if (socket.readableFlowing === null && !socket.isPaused()) socket.read(0);
  }

  function connect(...args) {
    const [options, cb] = normalizeArgs(args);
    const socket = new Socket(options);
    if (options.timeout) socket.setTimeout(options.timeout);
    return socket.connect(options, cb);
  }

  // ---- Server ----------------------------------------------------------------------------
  class Server extends EventEmitter {
    constructor(options = undefined, listener = undefined) {
      super();
      if (typeof options === 'function') { listener = options; options = {}; }
      else if (options === undefined || options === null) options = {};
      else if (typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      if (typeof listener === 'function') this.on('connection', listener);
      this._connections = 0;
      this._handle = null;
      this._key = undefined;
      this._ref = true;
      this.allowHalfOpen = !!options.allowHalfOpen;
      this.pauseOnConnect = !!options.pauseOnConnect;
      this.noDelay = !!options.noDelay;
      this.keepAlive = !!options.keepAlive;
      this.keepAliveInitialDelay = ~~(options.keepAliveInitialDelay / 1000);
      this.highWaterMark = options.highWaterMark;
      this.maxConnections = undefined;
    }
    get listening() { return this._handle !== null && !this._handle.pending; }
    listen(...args) {
      const [options, cb] = normalizeArgs(args);
      if (typeof args[1] === 'number' && args.length > 1) options.backlog = args[1];
      else if (typeof args[2] === 'number') options.backlog = args[2];
      if (this._handle) throw makeError(Error, 'ERR_SERVER_ALREADY_LISTEN', 'Listen method has been called more than once without closing.');
      if (cb) this.once('listening', cb);
      if (options.signal) {
        const onAbort = () => this.close();
        if (options.signal.aborted) nextTick(onAbort);
        else options.signal.addEventListener('abort', onAbort, { once: true });
      }
      if (options.path !== undefined && options.path !== null) {
        this._bind(options.path, undefined, options.backlog);
        return this;
      }
      const port = options.port === undefined || options.port === null ? 0 : Number(options.port);
      if (!(Number.isInteger(port) && port >= 0 && port < 65536)) {
        throw makeError(RangeError, 'ERR_SOCKET_BAD_PORT', 'options.port should be >= 0 and < 65536. Received ' + describePort(options.port) + '.');
      }
      const h = options.host;
      if (h === undefined || h === null || isIP(h)) {
        this._bind(port, h === undefined || h === null ? undefined : String(h), options.backlog);
      } else {
        this._handle = { pending: true };
        internals.builtin('dns').lookup(String(h), (err, address) => {
          if (err) { this._handle = null; this.emit('error', err); return; }
          this._handle = null;
          this._bind(port, address, options.backlog);
        });
      }
      return this;
    }
    // _bind listens on key (a port, 0 for any, or a pipe path) and announces it.
    _bind(key, address, backlog) {
      if (typeof key === 'number' && key === 0) {
        do key = nextPort++; while (listening.has(key));
      }
      if (listening.has(key)) {
        const addr = address || '::';
        const err = typeof key === 'number'
          ? makeError(Error, 'EADDRINUSE', 'listen EADDRINUSE: address already in use ' + (addr.includes(':') ? addr + ':' : addr + ':') + key, { errno: -98, syscall: 'listen', address: addr, port: key })
          : makeError(Error, 'EADDRINUSE', 'listen EADDRINUSE: address already in use ' + key, { errno: -98, syscall: 'listen', address: key, port: -1 });
        nextTick(() => this.emit('error', err));
        return;
      }
      this._key = key;
      this._address = address;
      this._backlog = backlog;
      this._handle = { key };
      listening.set(key, this);
      if (this._ref) host.handleRef(1);
      host.trace('listen', 'server listens on ' + (typeof key === 'number' ? 'port ' + key : key), 'net');
      this._onListen(key, backlog);
      nextTick(() => { if (this._handle) this.emit('listening'); });
    }
    _onListen() {}
    _family(clientFamily) {
      if (this._address === undefined) return 'IPv6';
      return isIPv6(this._address) ? 'IPv6' : 'IPv4';
    }
    _localAddress(clientAddress) {
      if (this._address === undefined) return clientAddress.includes(':') ? clientAddress : '::ffff:' + clientAddress;
      return this._address;
    }
    address() {
      if (!this._handle || this._handle.pending) return null;
      if (typeof this._key === 'string') return this._key;
      const ip = this._address === undefined ? '::' : this._address;
      return { address: ip, family: isIPv6(ip) ? 'IPv6' : 'IPv4', port: this._key };
    }
    close(cb) {
      if (typeof cb === 'function') {
        if (!this._handle) {
          this.once('close', () => cb(makeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.')));
        } else {
          this.once('close', cb);
        }
      }
      if (this._handle) {
        this._onClose(); // http's idle connections end first, with the handle still open
        if (this._key !== undefined) listening.delete(this._key);
        this._handle = null;
        if (this._ref) host.handleRef(-1);
      }
      this._emitCloseIfDrained();
      return this;
    }
    _onClose() {}
    // Every close() of a drained server emits 'close' again, as Node's does: a second
    // close(cb) hears ERR_SERVER_NOT_RUNNING.
    _emitCloseIfDrained() {
      if (this._handle || this._connections > 0) return;
      nextTick(() => this.emit('close'));
    }
    getConnections(cb) {
      if (typeof cb === 'function') nextTick(cb, null, this._connections);
      return this;
    }
    ref() { if (!this._ref && this._handle) host.handleRef(1); this._ref = true; return this; }
    unref() { if (this._ref && this._handle) host.handleRef(-1); this._ref = false; return this; }
    [Symbol.asyncDispose]() {
      if (!this._handle) return Promise.resolve();
      return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
    }
  }
  Object.defineProperty(Server.prototype, Symbol.asyncDispose, { enumerable: false });

  // ---- BlockList and SocketAddress -------------------------------------------------------
  const toBig = (address, family) => {
    if (family === 'ipv4') return address.split('.').reduce((n, p) => (n << 8n) + BigInt(Number(p)), 0n);
    let [head, tail] = address.split('::');
    const parts = (s) => (s ? s.split(':') : []);
    let h = parts(head), t = tail === undefined ? [] : parts(tail);
    const fix = (list) => list.flatMap((p) => (p.includes('.') ? (() => { const v = toBig(p, 'ipv4'); return [(v >> 16n).toString(16), (v & 0xffffn).toString(16)]; })() : [p]));
    h = fix(h); t = fix(t);
    const all = tail === undefined ? h : h.concat(new Array(8 - h.length - t.length).fill('0'), t);
    return all.reduce((n, p) => (n << 16n) + BigInt(parseInt(p, 16)), 0n);
  };
  const familyName = (f) => {
    const v = String(f === undefined ? 'ipv4' : f).toLowerCase();
    if (v !== 'ipv4' && v !== 'ipv6') throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'family' must be one of: 'ipv4', 'ipv6'. Received '" + f + "'");
    return v;
  };

  class SocketAddress {
    #address; #port; #family; #flowlabel;
    constructor(options = {}) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      this.#family = familyName(options.family);
      this.#address = options.address === undefined ? (this.#family === 'ipv4' ? '127.0.0.1' : '::') : String(options.address);
      this.#port = options.port === undefined ? 0 : Number(options.port);
      this.#flowlabel = options.flowlabel === undefined ? 0 : Number(options.flowlabel);
      if (this.#family === 'ipv4' ? !isIPv4(this.#address) : !isIPv6(this.#address)) {
        throw makeError(Error, 'ERR_INVALID_ADDRESS', 'Invalid socket address');
      }
    }
    get address() { return this.#address; }
    get port() { return this.#port; }
    get family() { return this.#family; }
    get flowlabel() { return this.#flowlabel; }
    toJSON() { return { address: this.#address, port: this.#port, family: this.#family, flowlabel: this.#flowlabel }; }
    static isSocketAddress(v) { return v instanceof SocketAddress; }
    static parse(input) {
      const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(String(input)) || /^([^:]+)(?::(\d+))?$/.exec(String(input));
      if (!m) return undefined;
      try {
        return new SocketAddress({ address: m[1], port: m[2] === undefined ? 0 : Number(m[2]), family: isIPv6(m[1]) ? 'ipv6' : 'ipv4' });
      } catch (e) {
        return undefined;
      }
    }
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      return 'SocketAddress ' + inspect(this.toJSON(), options);
    }
  }

  class BlockList {
    #rules = [];
    addAddress(address, family = 'ipv4') {
      const f = familyName(family);
      const a = address instanceof SocketAddress ? address.address : String(address);
      this.#rules.push({ kind: 'address', f, a, lo: toBig(a, f), hi: toBig(a, f) });
    }
    addRange(start, end, family = 'ipv4') {
      const f = familyName(family);
      const s = start instanceof SocketAddress ? start.address : String(start);
      const e = end instanceof SocketAddress ? end.address : String(end);
      const lo = toBig(s, f), hi = toBig(e, f);
      if (lo > hi) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', "The argument 'start' must be less than or equal to 'end'. Received '" + s + "'");
      this.#rules.push({ kind: 'range', f, a: s, b: e, lo, hi });
    }
    addSubnet(network, prefix, family = 'ipv4') {
      const f = familyName(family);
      const n = network instanceof SocketAddress ? network.address : String(network);
      const bits = f === 'ipv4' ? 32n : 128n;
      const p = BigInt(prefix);
      const base = toBig(n, f) & (((1n << bits) - 1n) ^ ((1n << (bits - p)) - 1n));
      this.#rules.push({ kind: 'subnet', f, a: n, p: Number(prefix), lo: base, hi: base + (1n << (bits - p)) - 1n });
    }
    check(address, family = 'ipv4') {
      const f = familyName(family);
      const a = address instanceof SocketAddress ? address.address : String(address);
      if (f === 'ipv4' ? !isIPv4(a) : !isIPv6(a)) return false;
      const v = toBig(a, f);
      return this.#rules.some((r) => r.f === f && v >= r.lo && v <= r.hi);
    }
    get rules() {
      // newest first; from Node 26.8 (R-V23) addresses, then subnets, then ranges
      const newestFirst = this.#rules.slice().reverse();
      const kinds = ['address', 'subnet', 'range'];
      const list = internals.hasChange('R-V23') ? kinds.flatMap((k) => newestFirst.filter((r) => r.kind === k)) : newestFirst;
      return list.map((r) => {
        const fam = r.f === 'ipv4' ? 'IPv4' : 'IPv6';
        if (r.kind === 'address') return 'Address: ' + fam + ' ' + r.a;
        if (r.kind === 'range') return 'Range: ' + fam + ' ' + r.a + '-' + r.b;
        return 'Subnet: ' + fam + ' ' + r.a + '/' + r.p;
      });
    }
    static isBlockList(v) { return v instanceof BlockList; }
    toJSON() { return this.rules; }
    fromJSON() { return internals.unsupported('BlockList.prototype.fromJSON()'); }
  }

  Object.assign(exports, {
    BlockList,
    SocketAddress,
    Server,
    Socket,
    Stream: Socket,
    _normalizeArgs: (args) => {
      const [options, cb] = normalizeArgs(Array.from(args));
      const out = [options, cb];
      Object.defineProperty(out, Symbol('normalizedArgs'), { value: true });
      return out;
    },
    connect,
    createConnection: connect,
    createServer: (options, listener) => new Server(options, listener),
    getDefaultAutoSelectFamily: () => autoSelectFamily,
    getDefaultAutoSelectFamilyAttemptTimeout: () => autoSelectFamilyAttemptTimeout,
    isIP,
    isIPv4,
    isIPv6,
    setDefaultAutoSelectFamily: (v) => { autoSelectFamily = !!v; },
    setDefaultAutoSelectFamilyAttemptTimeout: (v) => { autoSelectFamilyAttemptTimeout = Math.max(10, Number(v)); },
  });
  // What http.js needs of this module, out of the program's sight.
  Object.defineProperty(exports, Symbol.for('looplab.net.internals'), { value: { normalizeArgs, isLoopbackName, Handle } });
})
