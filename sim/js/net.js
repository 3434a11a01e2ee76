// net.js: TCP servers and sockets on loopback and scenario peers. Data, connections and
// EOF arrive through the poll phase as kernel events (no thread is held); a socket's
// 'close' comes from its handle's close callback, i.e. the close phase (R-E3); a server's
// 'close' is emitted with process.nextTick once it stops listening and its last
// connection is gone (R-E2).
(function (exports, internals) {
  'use strict';
  const { host, makeError } = internals;
  const EventEmitter = internals.builtin('events');
  const { Buffer } = internals.builtin('buffer');
  const nextTick = (...a) => internals.process.nextTick(...a);
  const servers = new Map();
  let nextPort = 41000;

  function parseListen(args) {
    const o = { port: 0, host: undefined, cb: undefined };
    if (typeof args[args.length - 1] === 'function') o.cb = args.pop();
    if (args[0] !== null && typeof args[0] === 'object') { o.port = args[0].port || 0; o.host = args[0].host; }
    else { o.port = Number(args[0]) || 0; if (typeof args[1] === 'string') o.host = args[1]; }
    return o;
  }

  class Server extends EventEmitter {
    constructor(options, listener) {
      super();
      if (typeof options === 'function') listener = options;
      if (listener) this.on('connection', listener);
      this.listening = false;
      this._connections = 0;
      this._ref = true;
    }
    listen(...args) {
      const o = parseListen(args);
      if (o.cb) this.once('listening', o.cb);
      this._port = o.port || nextPort++;
      this._host = o.host;
      servers.set(this._port, this);
      this.listening = true;
      if (this._ref) host.handleRef(1);
      host.trace('listen', 'server listens on port ' + this._port, 'net');
      nextTick(() => this.emit('listening'));
      return this;
    }
    address() {
      if (!this.listening) return null;
      const ip = this._host || '::';
      return { address: ip, family: ip.includes(':') ? 'IPv6' : 'IPv4', port: this._port };
    }
    close(cb) {
      if (typeof cb === 'function') {
        if (!this.listening) this.once('close', () => cb(makeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.')));
        else this.once('close', cb);
      }
      if (this.listening) {
        servers.delete(this._port);
        this.listening = false;
        if (this._ref) host.handleRef(-1);
      }
      this._emitCloseIfDrained();
      return this;
    }
    _emitCloseIfDrained() {
      if (this.listening || this._connections > 0 || this._closeQueued) return;
      this._closeQueued = true;
      nextTick(() => this.emit('close'));
    }
    getConnections(cb) { nextTick(cb, null, this._connections); return this; }
    ref() { if (!this._ref && this.listening) host.handleRef(1); this._ref = true; return this; }
    unref() { if (this._ref && this.listening) host.handleRef(-1); this._ref = false; return this; }
  }

  class Socket extends EventEmitter {
    constructor() {
      super();
      this.connecting = false;
      this.destroyed = false;
      this.readable = true;
      this.writable = true;
      this.bytesRead = 0;
      this.bytesWritten = 0;
      this._peer = null;
      this._open = false;
      this._ref = true;
      this._readEnded = false;
      this._writeEnded = false;
      this._encoding = null;
      this._paused = false;
    }
    _attach() { this._open = true; if (this._ref) host.handleRef(1); }
    setEncoding(enc) { this._encoding = enc; return this; }
    setNoDelay() { return this; }
    setKeepAlive() { return this; }
    setTimeout() { return this; }
    pause() { this._paused = true; return this; }
    resume() { this._paused = false; return this; }
    address() { return { address: '127.0.0.1', family: 'IPv4', port: this.localPort || 0 }; }
    ref() { if (!this._ref && this._open) host.handleRef(1); this._ref = true; return this; }
    unref() { if (this._ref && this._open) host.handleRef(-1); this._ref = false; return this; }

    write(data, encoding, cb) {
      if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
      if (this.destroyed || this._writeEnded) {
        const err = makeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
        nextTick(() => { if (cb) cb(err); this.emit('error', err); });
        return false;
      }
      const buf = typeof data === 'string' ? Buffer.from(data, encoding) : data;
      this.bytesWritten += buf.length;
      if (this._peer) this._peer._deliver(buf);
      if (cb) nextTick(cb);
      return true;
    }
    end(data, encoding, cb) {
      if (typeof data === 'function') { cb = data; data = undefined; }
      if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
      if (data !== undefined && data !== null) this.write(data, encoding);
      if (this._writeEnded) return this;
      this._writeEnded = true;
      this.writable = false;
      if (cb) this.once('finish', cb);
      nextTick(() => this.emit('finish'));
      if (this._peer) this._peer._deliverEnd();
      this._maybeClose();
      return this;
    }
    destroy(err) {
      if (this.destroyed) return this;
      this.destroyed = true;
      this.readable = this.writable = false;
      const peer = this._peer;
      this._peer = null;
      if (peer && !peer.destroyed) peer._deliverEnd();
      this._closeHandle(err);
      return this;
    }
    destroySoon() { this.end(); }
    resetAndDestroy() { return this.destroy(); }

    // _closeHandle closes the libuv handle: 'close' comes from its close callback (R-E3).
    _closeHandle(err) {
      if (err) nextTick(() => this.emit('error', err));
      if (this._closing) return;
      this._closing = true;
      const wasOpen = this._open;
      host.queueClose('socket close', () => {
        if (wasOpen && this._ref) host.handleRef(-1);
        this._open = false;
        if (this._server) { this._server._connections--; this._server._emitCloseIfDrained(); }
        this.emit('close', !!err);
      });
    }
    _maybeClose() {
      if (this._readEnded && this._writeEnded && !this.destroyed) { this.destroyed = true; this._closeHandle(); }
    }
    // _deliver schedules data for this socket: it arrives through the poll phase.
    _deliver(buf, atUS) {
      host.kernelEvent('socket data', host.cost('loopback'), () => this._onData(buf), false, atUS);
    }
    _onData(buf) {
      if (this.destroyed) return;
      this.bytesRead += buf.length;
      this.emit('data', this._encoding ? buf.toString(this._encoding) : buf);
    }
    _deliverEnd(atUS) {
      host.kernelEvent('socket end', host.cost('loopback'), () => this._onEnd(), false, atUS);
    }
    _onEnd() {
      if (this.destroyed || this._readEnded) return;
      this._readEnded = true;
      this.readable = false;
      this.emit('end');
      if (!this.allowHalfOpen) this.end();
      this._maybeClose();
    }
  }

  function connect(...args) {
    const o = parseListen(args);
    const socket = new Socket();
    if (o.cb) socket.once('connect', o.cb);
    socket.connecting = true;
    socket.remotePort = o.port;
    socket.remoteAddress = o.host || '127.0.0.1';
    socket._attach();
    // An IP literal needs no DNS lookup: the connect starts from a nextTick (net.js).
    nextTick(() => startConnect(socket, o.port));
    return socket;
  }

  function startConnect(socket, port) {
    if (socket.destroyed) return;
    const server = servers.get(port);
    const feed = server ? undefined : host.socketFeed(port);
    if (!server && feed === undefined) {
      host.kernelEvent('connect refused', host.cost('connect'), () => {
        socket.connecting = false;
        const err = makeError(Error, 'ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:' + port, { errno: -111, syscall: 'connect', address: '127.0.0.1', port });
        socket.destroy(err);
      }, false);
      return;
    }
    if (server) {
      const peer = new Socket();
      peer._server = server;
      peer.localPort = port;
      socket._peer = peer;
      peer._peer = socket;
      host.kernelEvent('incoming connection', host.cost('connect'), () => {
        if (!server.listening) { socket.destroy(makeError(Error, 'ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:' + port)); return; }
        server._connections++;
        peer._attach();
        server.emit('connection', peer);
      }, false);
      host.kernelEvent('connect', host.cost('connect'), () => onConnected(socket), false);
      return;
    }
    host.kernelEvent('connect', 0, () => onConnected(socket), false, Math.max(feed.connect, 0));
    for (const d of feed.data) socket._deliver(Buffer.from(d.data), d.at);
    if (feed.end > 0) socket._deliverEnd(feed.end);
  }

  function onConnected(socket) {
    if (socket.destroyed) return;
    socket.connecting = false;
    socket.emit('connect');
    socket.emit('ready');
  }

  Object.assign(exports, {
    Server, Socket, Stream: Socket,
    createServer: (options, listener) => new Server(options, listener),
    connect, createConnection: connect,
    isIP: (s) => (/^(\d{1,3}\.){3}\d{1,3}$/.test(s) ? 4 : (String(s).includes(':') ? 6 : 0)),
  });
  exports.isIPv4 = (s) => exports.isIP(s) === 4;
  exports.isIPv6 = (s) => exports.isIP(s) === 6;
})
