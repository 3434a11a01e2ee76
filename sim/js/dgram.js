// dgram.js: UDP sockets on the simulated machine's loopback, as Node's lib/dgram.js is
// over libuv's uv_udp_t (the JavaScript follows Node 24's, the handle is simulated):
// - bind() resolves its address first with the socket's lookup (dns.lookup: an IP
//   literal from a tick, a name in the thread pool) and then announces 'listening';
//   send() and connect() on an unbound socket bind it to an ephemeral port first and
//   queue behind that;
// - a datagram goes out at once (uv_udp_try_send): send()'s callback comes from a tick
//   with the bytes sent; it arrives whole, one 'message' each, in the receiver's poll
//   phase (after Costs.LoopbackUS); one sent where nobody is bound is lost, except on a
//   connected socket, which hears ECONNREFUSED (the kernel's port unreachable);
// - close() closes the handle and emits 'close' from a tick; a datagram not yet
//   delivered is dropped. A bound socket keeps the loop alive until it closes or unrefs.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const EventEmitter = internals.builtin('events');
  const { Buffer } = internals.builtin('buffer');
  const nextTick = (...a) => internals.process.nextTick(...a);
  const util = () => internals.builtin('util');
  const net = () => internals.builtin('net');

  // errno values (Linux) the simulated handle returns, as libuv's do.
  const UV_EADDRINUSE = -98, UV_EBADF = -9, UV_EINVAL = -22, UV_EMSGSIZE = -90, UV_ECONNREFUSED = -111;
  const RECV_BUFFER = true, SEND_BUFFER = false;
  const BIND_STATE_UNBOUND = 0, BIND_STATE_BINDING = 1, BIND_STATE_BOUND = 2;
  const CONNECT_STATE_DISCONNECTED = 0, CONNECT_STATE_CONNECTING = 1, CONNECT_STATE_CONNECTED = 2;
  const kStateSymbol = Symbol('state symbol');
  const DEFAULT_BUFFER_SIZE = 212992; // Linux's net.core.rmem_default and wmem_default

  // ---- the simulated network: the bound UDP handles by port ------------------------------
  const bound = new Map(); // port -> [UDPHandle...] (one, or an IPv4 and an IPv6 sharing it)
  let nextEphemeral = 33000;
  const ephemeralPort = () => {
    do nextEphemeral = nextEphemeral >= 60999 ? 33000 : nextEphemeral + 1; while (bound.has(nextEphemeral));
    return nextEphemeral;
  };
  const isWildcard = (a) => a === '0.0.0.0' || a === '::';
  const isV6 = (a) => a.includes(':');

  // receiverAt is the handle bound at port that a datagram to ip reaches, or undefined.
  function receiverAt(ip, port) {
    const list = bound.get(port);
    if (!list) return undefined;
    return list.find((h) => h.address === ip || (isWildcard(h.address) && (h.v6 ? !(h.ipv6Only && !isV6(ip)) : !isV6(ip))) ||
      (h.address === '::ffff:' + ip));
  }

  // UDPHandle is the simulated uv_udp_t with the methods Node's UDP wrap has.
  class UDPHandle {
    constructor(v6) {
      this.v6 = v6;
      this.address = null; // bound address
      this.port = 0;
      this.peer = null;    // {address, port} once connected
      this.receiving = false;
      this.refd = true;
      this.closed = false;
      this.ipv6Only = false;
      this.recvSize = DEFAULT_BUFFER_SIZE;
      this.sendSize = DEFAULT_BUFFER_SIZE;
      this.onmessage = null;
      this.owner = null;
    }
    holds() { return this.receiving && this.refd && !this.closed; }
    bind(ip, port, flags) {
      if (this.v6 && !isV6(ip)) return UV_EINVAL;
      if (!this.v6 && isV6(ip)) return UV_EINVAL;
      port = port || ephemeralPort();
      const list = bound.get(port) || [];
      if (list.length > 0 && !(flags & 4)) return UV_EADDRINUSE; // UV_UDP_REUSEADDR
      this.address = ip;
      this.port = port;
      this.ipv6Only = !!(flags & 1);
      list.push(this);
      bound.set(port, list);
      return 0;
    }
    // autoBind binds an unbound handle to the wildcard, as the kernel does on a send.
    autoBind() { if (this.address === null) this.bind(this.v6 ? '::' : '0.0.0.0', 0, 0); }
    recvStart() {
      if (this.receiving) return 0;
      this.receiving = true;
      if (this.holds()) host.handleRef(1);
      return 0;
    }
    recvStop() {
      if (!this.receiving) return 0;
      if (this.holds()) host.handleRef(-1);
      this.receiving = false;
      return 0;
    }
    connect(ip, port) {
      this.autoBind();
      this.peer = { address: ip, port };
      return 0;
    }
    disconnect() { this.peer = null; return 0; }
    // send(req, list, count, [port, ip,] hasCallback) sends at once: the bytes + 1.
    send(req, list, count, port, ip) {
      if (this.closed) return UV_EBADF;
      if (typeof port !== 'number') ({ address: ip, port } = this.peer);
      this.autoBind();
      const data = list.length === 1 ? Buffer.from(list[0]) : Buffer.concat(list);
      if (data.length > (this.v6 ? 65527 : 65507)) return UV_EMSGSIZE;
      const to = receiverAt(ip, port);
      const from = this.sourceAddress(ip, to);
      const connected = this.peer !== null;
      host.kernelEvent('udp message', host.cost('loopback'), () => {
        if (to && !to.closed && to.receiving && to.onmessage) {
          const family = to.v6 ? 'IPv6' : 'IPv4';
          const address = to.v6 && !isV6(from) ? '::ffff:' + from : from;
          to.onmessage(data.length, to, data, { address, family, port: this.port, size: data.length });
        } else if (!to && connected && this.receiving && !this.closed && this.onerror) {
          this.onmessage(UV_ECONNREFUSED, this);
        }
      }, false);
      return data.length + 1;
    }
    // sourceAddress is the address a datagram to ip leaves from.
    sourceAddress(ip) {
      if (!isWildcard(this.address)) return this.address;
      return isV6(ip) && !ip.startsWith('::ffff:') ? '::1' : ip.replace(/^::ffff:/, '');
    }
    getsockname(out) {
      if (this.address === null) return UV_EBADF;
      out.address = this.address;
      out.family = isV6(this.address) ? 'IPv6' : 'IPv4';
      out.port = this.port;
      return 0;
    }
    getpeername(out) {
      Object.assign(out, { address: this.peer.address, family: isV6(this.peer.address) ? 'IPv6' : 'IPv4', port: this.peer.port });
      return 0;
    }
    close() {
      this.recvStop();
      this.closed = true;
      const list = bound.get(this.port);
      if (list && list.includes(this)) {
        list.splice(list.indexOf(this), 1);
        if (list.length === 0) bound.delete(this.port);
      }
    }
    ref() { if (!this.refd) { this.refd = true; if (this.holds()) host.handleRef(1); } }
    unref() { if (this.refd) { if (this.holds()) host.handleRef(-1); this.refd = false; } }
    hasRef() { return this.refd; }
    bufferSize(size, recv, ctx) {
      if (this.address === null) {
        Object.assign(ctx, { errno: UV_EBADF, code: 'EBADF', message: 'bad file descriptor', syscall: recv ? 'uv_recv_buffer_size' : 'uv_send_buffer_size' });
        return undefined;
      }
      const key = recv ? 'recvSize' : 'sendSize';
      if (size > 0) this[key] = size * 2; // Linux doubles what is asked for
      return this[key];
    }
    option() { return this.address === null ? UV_EBADF : 0; }
    ttl(ttl) { return this.address === null ? UV_EBADF : ttl < 1 || ttl > 255 ? UV_EINVAL : 0; }
  }

  function newHandle(type, lookup) {
    if (lookup === undefined) {
      lookup = (address, family, cb) => internals.builtin('dns').lookup(address, { family }, cb);
    } else if (typeof lookup !== 'function') {
      throw invalidArgType('lookup', 'of type function', lookup);
    }
    if (type !== 'udp4' && type !== 'udp6') {
      throw makeError(TypeError, 'ERR_SOCKET_BAD_TYPE', 'Bad socket type specified. Valid types are: udp4, udp6');
    }
    const handle = new UDPHandle(type === 'udp6');
    handle.lookup = type === 'udp4'
      ? (address, callback) => lookup(address || '127.0.0.1', 4, callback)
      : (address, callback) => lookup(address || '::1', 6, callback);
    return handle;
  }

  const errno = (err, syscall) => util()._errnoException(err, syscall);
  const withHostPort = (err, syscall, address, port) => util()._exceptionWithHostPort(err, syscall, address, port);
  // Node 10 has no connected sockets (connect, disconnect and remoteAddress came in 12.0.0)
  // and words a bad port as net does.
  const before12 = internals.nodeMajor < 12;
  const validatePort = (port) => {
    const n = typeof port === 'string' && port.trim() !== '' ? Number(port) : port;
    if (typeof n !== 'number' || !(n > 0 && n < 65536) || !Number.isInteger(n)) {
      if (before12) throw makeError(RangeError, 'ERR_SOCKET_BAD_PORT', 'Port should be >= 0 and < 65536. Received ' + port + '.');
      throw makeError(RangeError, 'ERR_SOCKET_BAD_PORT', 'Port should be > 0 and < 65536. Received ' + describe(port) + '.');
    }
    return n | 0;
  };
  function describe(p) {
    if (typeof p === 'string') return "type string ('" + p + "')";
    if (typeof p === 'number') return 'type number (' + p + ')';
    return util().inspect(p);
  }
  const validateString = (v, name) => { if (typeof v !== 'string') throw invalidArgType(name, 'of type string', v); };
  const validateNumber = (v, name) => { if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v); };
  const bufferTypes = 'an instance of Buffer, TypedArray, or DataView';
  const notRunning = () => makeError(Error, 'ERR_SOCKET_DGRAM_NOT_RUNNING', 'Not running');
  const notConnected = () => makeError(Error, 'ERR_SOCKET_DGRAM_NOT_CONNECTED', 'Not connected');
  const isConnected = () => makeError(Error, 'ERR_SOCKET_DGRAM_IS_CONNECTED', 'Already connected');

  // ---- Socket ----------------------------------------------------------------------------
  class Socket extends EventEmitter {
    constructor(type, listener) {
      super();
      let options, lookup, recvBufferSize, sendBufferSize, receiveBlockList, sendBlockList;
      if (type !== null && typeof type === 'object') {
        options = type;
        type = options.type;
        lookup = options.lookup;
        for (const k of ['recvBufferSize', 'sendBufferSize']) {
          const v = options[k];
          if (v && (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 4294967295)) {
            if (typeof v !== 'number') throw invalidArgType('options.' + k, 'of type number', v);
            throw internals.outOfRange('options.' + k, Number.isInteger(v) ? '>= 0 && <= 4294967295' : 'an integer', v);
          }
        }
        recvBufferSize = options.recvBufferSize;
        sendBufferSize = options.sendBufferSize;
        for (const k of ['receiveBlockList', 'sendBlockList']) {
          if (options[k] && !net().BlockList.isBlockList(options[k])) throw invalidArgType('options.' + k, 'an instance of net.BlockList', options[k]);
        }
        receiveBlockList = options.receiveBlockList;
        sendBlockList = options.sendBlockList;
      }
      const handle = newHandle(type, lookup);
      handle.owner = this;
      this.type = type;
      if (typeof listener === 'function') this.on('message', listener);
      this[kStateSymbol] = {
        handle, receiving: false, bindState: BIND_STATE_UNBOUND, connectState: CONNECT_STATE_DISCONNECTED, queue: undefined,
        reuseAddr: options && options.reuseAddr, reusePort: options && options.reusePort, ipv6Only: options && options.ipv6Only,
        recvBufferSize, sendBufferSize, receiveBlockList, sendBlockList,
      };
      if (options && options.signal !== undefined) {
        const { signal } = options;
        if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) throw invalidArgType('options.signal', 'an instance of AbortSignal', signal);
        const onAborted = () => { if (this[kStateSymbol].handle) this.close(); };
        if (signal.aborted) onAborted();
        else {
          signal.addEventListener('abort', onAborted, { once: true });
          this.once('close', () => signal.removeEventListener('abort', onAborted));
        }
      }
    }

    bind(port_, address_ /* , callback */) {
      let port = port_;
      healthCheck(this);
      const state = this[kStateSymbol];
      if (state.bindState !== BIND_STATE_UNBOUND) throw makeError(Error, 'ERR_SOCKET_ALREADY_BOUND', 'Socket is already bound');
      state.bindState = BIND_STATE_BINDING;
      const cb = arguments.length && arguments[arguments.length - 1];
      if (typeof cb === 'function') {
        const removeListeners = function () {
          this.removeListener('error', removeListeners);
          this.removeListener('listening', onListening);
        };
        const onListening = function () {
          removeListeners.call(this);
          cb.call(this);
        };
        this.on('error', removeListeners);
        this.on('listening', onListening);
      }
      if (port !== null && typeof port === 'object' && typeof port.recvStart === 'function') {
        replaceHandle(this, port);
        startListening(this);
        return this;
      }
      if (port !== null && typeof port === 'object' && Number.isInteger(port.fd) && port.fd > 0) {
        return internals.unsupported('dgram.Socket.prototype.bind({ fd })', 'a simulated run has no file descriptors of the real machine');
      }
      let address;
      if (port !== null && typeof port === 'object') {
        address = port.address || '';
        port = port.port;
      } else {
        address = typeof address_ === 'function' ? '' : address_;
      }
      if (!address) address = this.type === 'udp4' ? '0.0.0.0' : '::';
      state.handle.lookup(address, (err, ip) => {
        if (!state.handle) return; // closed in the mean time
        if (err) {
          state.bindState = BIND_STATE_UNBOUND;
          this.emit('error', err);
          return;
        }
        let flags = 0;
        if (state.reuseAddr) flags |= 4;
        if (state.ipv6Only) flags |= 1;
        if (state.reusePort) flags |= 4;
        const e = state.handle.bind(ip, port || 0, flags);
        if (e) {
          state.bindState = BIND_STATE_UNBOUND;
          this.emit('error', withHostPort(e, 'bind', ip, port));
          return;
        }
        startListening(this);
      });
      return this;
    }

    connect(port, address, callback) {
      port = validatePort(port);
      if (typeof address === 'function') { callback = address; address = ''; } else if (address === undefined) address = '';
      validateString(address, 'address');
      const state = this[kStateSymbol];
      if (state.connectState !== CONNECT_STATE_DISCONNECTED) throw isConnected();
      state.connectState = CONNECT_STATE_CONNECTING;
      if (state.bindState === BIND_STATE_UNBOUND) this.bind({ port: 0, exclusive: true }, null);
      if (state.bindState !== BIND_STATE_BOUND) {
        enqueue(this, () => connectNow(this, port, address, callback));
        return;
      }
      connectNow(this, port, address, callback);
    }

    disconnect() {
      const state = this[kStateSymbol];
      if (state.connectState !== CONNECT_STATE_CONNECTED) throw notConnected();
      state.handle.disconnect();
      state.connectState = CONNECT_STATE_DISCONNECTED;
    }

    sendto(buffer, offset, length, port, address, callback) {
      validateNumber(offset, 'offset');
      validateNumber(length, 'length');
      validateNumber(port, 'port');
      validateString(address, 'address');
      this.send(buffer, offset, length, port, address, callback);
    }

    send(buffer, offset, length, port, address, callback) {
      let list;
      const state = this[kStateSymbol];
      const connected = state.connectState === CONNECT_STATE_CONNECTED;
      if (!connected) {
        if (address || (port && typeof port !== 'function')) {
          buffer = sliceBuffer(buffer, offset, length);
        } else {
          callback = port;
          port = offset;
          address = length;
        }
      } else {
        if (typeof length === 'number') {
          buffer = sliceBuffer(buffer, offset, length);
          if (typeof port === 'function') { callback = port; port = null; }
        } else {
          callback = offset;
        }
        if (port || address) throw isConnected();
      }
      if (!Array.isArray(buffer)) {
        if (typeof buffer === 'string') list = [Buffer.from(buffer)];
        else if (!ArrayBuffer.isView(buffer)) throw invalidArgType('buffer', "of type string or " + bufferTypes, buffer);
        else list = [buffer];
      } else if (!(list = fixBufferList(buffer))) {
        throw invalidArgType('buffer list arguments', "of type string or " + bufferTypes, buffer);
      }
      if (!connected) port = validatePort(port);
      if (typeof callback !== 'function') callback = undefined;
      if (typeof address === 'function') { callback = address; address = undefined; } else if (address != null) validateString(address, 'address');
      healthCheck(this);
      if (state.bindState === BIND_STATE_UNBOUND) this.bind({ port: 0, exclusive: true }, null);
      if (list.length === 0) list.push(Buffer.alloc(0));
      if (state.bindState !== BIND_STATE_BOUND) {
        enqueue(this, () => this.send(list, port, address, callback));
        return;
      }
      const afterDns = (ex, ip) => doSend(ex, this, ip, list, address, port, callback);
      if (!connected) state.handle.lookup(address, afterDns);
      else afterDns(null, null);
    }

    close(callback) {
      const state = this[kStateSymbol];
      const queue = state.queue;
      if (typeof callback === 'function') this.on('close', callback);
      if (queue !== undefined) {
        queue.push(() => this.close());
        return this;
      }
      healthCheck(this);
      stopReceiving(this);
      state.handle.close();
      state.handle = null;
      nextTick(socketCloseNT, this);
      return this;
    }

    address() {
      healthCheck(this);
      const out = {};
      const err = this[kStateSymbol].handle.getsockname(out);
      if (err) throw errno(err, 'getsockname');
      return out;
    }

    remoteAddress() {
      healthCheck(this);
      const state = this[kStateSymbol];
      if (state.connectState !== CONNECT_STATE_CONNECTED) throw notConnected();
      const out = {};
      state.handle.getpeername(out);
      return out;
    }

    setBroadcast(arg) { checkOption(this, 'setBroadcast'); void arg; }
    setTTL(ttl) {
      validateNumber(ttl, 'ttl');
      const err = this[kStateSymbol].handle.ttl(ttl);
      if (err) throw errno(err, 'setTTL');
      return ttl;
    }
    setMulticastTTL(ttl) {
      validateNumber(ttl, 'ttl');
      const err = this[kStateSymbol].handle.ttl(ttl);
      if (err) throw errno(err, 'setMulticastTTL');
      return ttl;
    }
    setMulticastLoopback(arg) { checkOption(this, 'setMulticastLoopback'); return arg; }
    setMulticastInterface(interfaceAddress) {
      healthCheck(this);
      validateString(interfaceAddress, 'interfaceAddress');
      return multicast('setMulticastInterface');
    }
    addMembership(multicastAddress) {
      healthCheck(this);
      if (!multicastAddress) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "multicastAddress" argument must be specified');
      return multicast('addMembership');
    }
    dropMembership(multicastAddress) {
      healthCheck(this);
      if (!multicastAddress) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "multicastAddress" argument must be specified');
      return multicast('dropMembership');
    }
    addSourceSpecificMembership(sourceAddress, groupAddress) {
      healthCheck(this);
      validateString(sourceAddress, 'sourceAddress');
      validateString(groupAddress, 'groupAddress');
      return multicast('addSourceSpecificMembership');
    }
    dropSourceSpecificMembership(sourceAddress, groupAddress) {
      healthCheck(this);
      validateString(sourceAddress, 'sourceAddress');
      validateString(groupAddress, 'groupAddress');
      return multicast('dropSourceSpecificMembership');
    }

    ref() { const h = this[kStateSymbol].handle; if (h) h.ref(); return this; }
    unref() { const h = this[kStateSymbol].handle; if (h) h.unref(); return this; }
    setRecvBufferSize(size) { bufferSize(this, size, RECV_BUFFER); }
    setSendBufferSize(size) { bufferSize(this, size, SEND_BUFFER); }
    getRecvBufferSize() { return bufferSize(this, 0, RECV_BUFFER); }
    getSendBufferSize() { return bufferSize(this, 0, SEND_BUFFER); }
    // Every datagram leaves at once: nothing waits in the send queue.
    getSendQueueSize() { return 0; }
    getSendQueueCount() { return 0; }
    [Symbol.asyncDispose]() {
      if (!this[kStateSymbol].handle) return Promise.resolve();
      return new Promise((resolve) => this.close(resolve));
    }
  }
  Object.defineProperty(Socket.prototype, Symbol.asyncDispose, { enumerable: false });
  if (before12) for (const k of ['connect', 'disconnect', 'remoteAddress']) delete Socket.prototype[k];

  function multicast(what) {
    return internals.unsupported('dgram.Socket.prototype.' + what + '()', 'multicast groups: the simulated machine has one loopback interface and no multicast routing');
  }

  function checkOption(socket, syscall) {
    const h = socket[kStateSymbol].handle;
    const err = h ? h.option() : UV_EBADF;
    if (err) throw errno(err, syscall);
  }

  function startListening(socket) {
    const state = socket[kStateSymbol];
    state.handle.onmessage = onMessage;
    state.handle.onerror = onMessage;
    state.handle.recvStart();
    state.receiving = true;
    state.bindState = BIND_STATE_BOUND;
    if (state.recvBufferSize) bufferSize(socket, state.recvBufferSize, RECV_BUFFER);
    if (state.sendBufferSize) bufferSize(socket, state.sendBufferSize, SEND_BUFFER);
    socket.emit('listening');
  }

  // replaceHandle puts a handle made by _createSocketHandle in the socket's place.
  function replaceHandle(self, handle) {
    const state = self[kStateSymbol];
    const old = state.handle;
    if (!old.hasRef()) handle.unref();
    handle.lookup = old.lookup;
    handle.owner = self;
    old.close();
    state.handle = handle;
  }

  // createSocketHandle is the deprecated dgram._createSocketHandle (DEP0112): a handle
  // bound to address and port (when either is given), or the errno of the failed bind.
  function createSocketHandle(address, port, addressType, fd, flags) {
    const handle = newHandle(addressType);
    if (Number.isInteger(fd) && fd > 0) {
      return internals.unsupported('dgram._createSocketHandle(fd)', 'a simulated run has no file descriptors of the real machine');
    }
    const err = port || address ? handle.bind(address, port || 0, flags) : 0;
    if (err) {
      handle.close();
      return err;
    }
    return handle;
  }
  let deprecatedCreate;

  function bufferSize(self, size, buffer) {
    if (size >>> 0 !== size) throw makeError(TypeError, 'ERR_SOCKET_BAD_BUFFER_SIZE', 'Buffer size must be a positive integer');
    const ctx = {};
    const h = self[kStateSymbol].handle;
    const ret = h ? h.bufferSize(size, buffer, ctx) : undefined;
    if (ret === undefined) {
      if (!h) Object.assign(ctx, { errno: UV_EBADF, code: 'EBADF', message: 'bad file descriptor', syscall: buffer ? 'uv_recv_buffer_size' : 'uv_send_buffer_size' });
      const e = makeError(Error, 'ERR_SOCKET_BUFFER_SIZE', 'Could not get or set buffer size: ' + ctx.syscall + ' returned ' + ctx.code + ' (' + ctx.message + ')');
      e.info = ctx;
      throw e;
    }
    return ret;
  }

  function connectNow(self, port, address, callback) {
    const state = self[kStateSymbol];
    if (callback) self.once('connect', callback);
    state.handle.lookup(address, (ex, ip) => {
      if (!state.handle) return;
      if (!ex && state.sendBlockList && state.sendBlockList.check(ip, 'ipv' + net().isIP(ip))) ex = ipBlocked(ip);
      if (!ex) state.handle.connect(ip, port);
      if (ex) {
        state.connectState = CONNECT_STATE_DISCONNECTED;
        nextTick(() => {
          if (callback) {
            self.removeListener('connect', callback);
            callback(ex);
          } else {
            self.emit('error', ex);
          }
        });
        return;
      }
      state.connectState = CONNECT_STATE_CONNECTED;
      nextTick(() => self.emit('connect'));
    });
  }

  const ipBlocked = (ip) => makeError(Error, 'ERR_IP_BLOCKED', 'IP(' + ip + ') is blocked by net.BlockList');

  function sliceBuffer(buffer, offset, length) {
    if (typeof buffer === 'string') buffer = Buffer.from(buffer);
    else if (!ArrayBuffer.isView(buffer)) throw invalidArgType('buffer', "of type string or " + bufferTypes, buffer);
    offset = offset >>> 0;
    length = length >>> 0;
    if (offset > buffer.byteLength) throw makeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"offset" is outside of buffer bounds');
    if (offset + length > buffer.byteLength) throw makeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"length" is outside of buffer bounds');
    return Buffer.from(buffer.buffer, buffer.byteOffset + offset, length);
  }

  function fixBufferList(list) {
    const out = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const buf = list[i];
      if (typeof buf === 'string') out[i] = Buffer.from(buf);
      else if (Buffer.isBuffer(buf)) out[i] = buf;
      else if (!ArrayBuffer.isView(buf)) return null;
      else out[i] = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    return out;
  }

  function enqueue(self, toEnqueue) {
    const state = self[kStateSymbol];
    if (state.queue === undefined) {
      state.queue = [];
      self.once(EventEmitter.errorMonitor, onListenError);
      self.once('listening', onListenSuccess);
    }
    state.queue.push(toEnqueue);
  }
  function onListenSuccess() {
    this.removeListener(EventEmitter.errorMonitor, onListenError);
    const state = this[kStateSymbol];
    const queue = state.queue;
    state.queue = undefined;
    for (const entry of queue) entry();
  }
  function onListenError() {
    this.removeListener('listening', onListenSuccess);
    this[kStateSymbol].queue = undefined;
  }

  function doSend(ex, self, ip, list, address, port, callback) {
    const state = self[kStateSymbol];
    if (ex) {
      if (typeof callback === 'function') { nextTick(callback, ex); return; }
      nextTick(() => self.emit('error', ex));
      return;
    } else if (!state.handle) {
      return;
    }
    if (ip && state.sendBlockList && state.sendBlockList.check(ip, 'ipv' + net().isIP(ip))) {
      if (callback) nextTick(callback, ipBlocked(ip));
      return;
    }
    const err = port ? state.handle.send(null, list, list.length, port, ip, !!callback) : state.handle.send(null, list, list.length, !!callback);
    if (err >= 1) {
      if (callback) nextTick(callback, null, err - 1);
      return;
    }
    if (err && callback) nextTick(callback, withHostPort(err, 'send', address, port));
  }

  function healthCheck(socket) {
    if (!socket[kStateSymbol].handle) throw notRunning();
  }
  function stopReceiving(socket) {
    const state = socket[kStateSymbol];
    if (!state.receiving) return;
    state.handle.recvStop();
    state.receiving = false;
  }
  function socketCloseNT(self) { self.emit('close'); }

  function onMessage(nread, handle, buf, rinfo) {
    const self = handle.owner;
    if (nread < 0) return self.emit('error', errno(nread, 'recvmsg'));
    const list = self[kStateSymbol].receiveBlockList;
    if (list && list.check(rinfo.address, rinfo.family.toLowerCase())) return undefined;
    rinfo.size = buf.length;
    return self.emit('message', buf, rinfo);
  }

  Object.assign(exports, {
    _createSocketHandle(...args) {
      deprecatedCreate = deprecatedCreate || util().deprecate(createSocketHandle, 'dgram._createSocketHandle() is deprecated', 'DEP0112');
      return deprecatedCreate(...args);
    },
    createSocket: (type, listener) => new Socket(type, listener),
    Socket,
  });
})
