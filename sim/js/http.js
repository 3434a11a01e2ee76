// http.js: node:http on simulated sockets (net.js). A request of the program to its own
// server travels as HTTP/1.1 bytes over a loopback socket pair: the client's Agent opens
// (or reuses, keep-alive) a connection, ClientRequest writes the head and the body, the
// server's parser emits 'request' with an IncomingMessage (a stream.Readable of the
// body) and a ServerResponse, whose bytes go back the same way. Every hop is a poll-phase
// event, so 'connection', 'socket', 'finish', 'response', 'end' and 'close' come in
// Node's order. A request to another host goes to the scenario's upstream of that name
// (after dns.lookup on the thread pool), which answers after its latency.
//
// The scenario's own clients (load) reach a listening server through Go (http.go): each
// is a connection of its own whose request arrives parsed, and whose response's status
// and body end the client's wait.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const EventEmitter = internals.builtin('events');
  const stream = internals.builtin('stream');
  const net = internals.builtin('net');
  const { Buffer } = internals.builtin('buffer');
  const { HTTPParser, maxHeaderSize } = internals.builtin('http_parser');
  const netInternals = net[Symbol.for('looplab.net.internals')];
  const nextTick = (fn, ...a) => internals.process.nextTick(fn, ...a);
  const destroysAtOnce = internals.hasChange('R-V18'); // an ended IncomingMessage's destroy (Node 26.9)

  const STATUS_CODES = {
    100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints', 200: 'OK', 201: 'Created',
    202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content', 205: 'Reset Content', 206: 'Partial Content',
    207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used', 300: 'Multiple Choices', 301: 'Moved Permanently',
    302: 'Found', 303: 'See Other', 304: 'Not Modified', 305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
    400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
    405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
    409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
    414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
    418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked', 424: 'Failed Dependency',
    425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required', 429: 'Too Many Requests',
    431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons', 500: 'Internal Server Error',
    501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
    505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates', 507: 'Insufficient Storage', 508: 'Loop Detected',
    509: 'Bandwidth Limit Exceeded', 510: 'Not Extended', 511: 'Network Authentication Required',
  };
  const METHODS = ['ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE',
    'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH', 'PURGE', 'PUT',
    'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE'];

  // ---- header validation --------------------------------------------------------------
  const tokenRE = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
  const invalidCharRE = /[^\t\x20-\x7e\x80-\xff]/;
  function validateHeaderName(name, label = 'Header name') {
    if (typeof name !== 'string' || !name || !tokenRE.test(name)) {
      throw makeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', label + ' must be a valid HTTP token ["' + name + '"]');
    }
  }
  function validateHeaderValue(name, value) {
    if (value === undefined) throw makeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', 'Invalid value "' + value + '" for header "' + name + '"');
    if (invalidCharRE.test(String(value))) throw makeError(TypeError, 'ERR_INVALID_CHAR', 'Invalid character in header content ["' + name + '"]');
  }

  // The request headers Node keeps once (a second is dropped); the others are joined.
  const singleHeaders = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization',
    'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards', 'retry-after',
    'etag', 'last-modified', 'server', 'age', 'expires']);
  function addHeaderLine(dest, field, value) {
    const name = field.toLowerCase();
    if (name === 'set-cookie') {
      if (dest[name] !== undefined) dest[name].push(value); else dest[name] = [value];
    } else if (singleHeaders.has(name)) {
      if (dest[name] === undefined) dest[name] = value;
    } else if (name === 'cookie') {
      dest[name] = dest[name] === undefined ? value : dest[name] + '; ' + value;
    } else {
      dest[name] = dest[name] === undefined ? value : dest[name] + ', ' + value;
    }
  }

  // utcDate is the Date header, made once per second of the clock as Node caches it.
  let dateCache = '', dateSecond = -1;
  const utcDate = () => {
    const now = Date.now();
    const sec = Math.floor(now / 1000);
    if (sec !== dateSecond) { dateSecond = sec; dateCache = new Date(now).toUTCString(); }
    return dateCache;
  };

  // ---- IncomingMessage ----------------------------------------------------------------
  class IncomingMessage extends stream.Readable {
    constructor(socket) {
      super({ autoDestroy: true });
      this._readableState.readingMore = true;
      this.socket = socket;
      this.httpVersionMajor = null;
      this.httpVersionMinor = null;
      this.httpVersion = null;
      this.complete = false;
      this.rawHeaders = [];
      this.rawTrailers = [];
      this.joinDuplicateHeaders = false;
      this.aborted = false;
      this.upgrade = null;
      this.url = '';
      this.method = null;
      this.statusCode = null;
      this.statusMessage = null;
      this.client = socket;
      this._consuming = false;
      this._dumped = false;
      this._headers = null;
      this._headersDistinct = null;
      this._trailers = null;
    }
    get connection() { return this.socket; }
    set connection(v) { this.socket = v; }
    get headers() {
      if (this._headers === null) {
        this._headers = {};
        for (let i = 0; i < this.rawHeaders.length; i += 2) addHeaderLine(this._headers, this.rawHeaders[i], this.rawHeaders[i + 1]);
      }
      return this._headers;
    }
    set headers(v) { this._headers = v; }
    get headersDistinct() {
      if (this._headersDistinct === null) {
        this._headersDistinct = {};
        for (let i = 0; i < this.rawHeaders.length; i += 2) {
          const k = this.rawHeaders[i].toLowerCase();
          (this._headersDistinct[k] = this._headersDistinct[k] || []).push(this.rawHeaders[i + 1]);
        }
      }
      return this._headersDistinct;
    }
    get trailers() {
      if (this._trailers === null) {
        this._trailers = {};
        for (let i = 0; i < this.rawTrailers.length; i += 2) addHeaderLine(this._trailers, this.rawTrailers[i], this.rawTrailers[i + 1]);
      }
      return this._trailers;
    }
    set trailers(v) { this._trailers = v; }
    get trailersDistinct() {
      const out = {};
      for (let i = 0; i < this.rawTrailers.length; i += 2) {
        const k = this.rawTrailers[i].toLowerCase();
        (out[k] = out[k] || []).push(this.rawTrailers[i + 1]);
      }
      return out;
    }
    get signal() {
      if (!this._abort) {
        const AbortController = internals.AbortController;
        this._abort = new AbortController();
        this.once('close', () => this._abort.abort());
      }
      return this._abort.signal;
    }
    setTimeout(ms, cb) {
      if (cb) this.on('timeout', cb);
      if (this.socket) this.socket.setTimeout(ms);
      return this;
    }
    _read() {
      if (!this._consuming) {
        this._readableState.readingMore = false;
        this._consuming = true;
      }
      if (this.socket && this.socket.readable && this.socket.isPaused && this.socket.isPaused()) this.socket.resume();
    }
    // _destroy completes from a nextTick (or once an aborted message's socket closed), as
    // Node's does: 'close' comes two ticks after 'end'; from Node 26.9 (R-V18) it
    // completes at once, one tick after 'end'.
    // The error is emitted only when the message has 'error' listeners by then (Node's
    // onError): a response destroyed by its request's destroy() ends with 'close' alone.
    _destroy(err, cb) {
      if (!this.readableEnded || !this.complete) {
        this.aborted = true;
        this.emit('aborted');
      }
      const onError = () => cb(this.listenerCount('error') === 0 ? undefined : err);
      if (this.socket && !this.socket.destroyed && this.aborted) {
        this.socket.destroy(err);
        this.socket.once('close', () => nextTick(onError));
        return;
      }
      if (destroysAtOnce) onError();
      else nextTick(onError);
    }
    _addHeaderLines(headers, n) {
      for (let i = 0; i < n; i += 2) this._addHeaderLine(headers[i], headers[i + 1], this.headers);
    }
    _addHeaderLine(field, value, dest) { addHeaderLine(dest, field, value); }
    _addHeaderLineDistinct(field, value, dest) {
      const k = field.toLowerCase();
      (dest[k] = dest[k] || []).push(value);
    }
    _dumpAndCloseReadable() { this._dumped = true; this._readableState.ended = true; this._readableState.endEmitted = true; this.destroy(); }
    _dump() {
      if (!this._dumped) {
        this._dumped = true;
        this.removeAllListeners('data');
        this.resume();
      }
    }
  }

  // ---- OutgoingMessage ----------------------------------------------------------------
  const kHighWaterMark = 16 * 1024;
  class OutgoingMessage extends stream.Stream {
    constructor(options) {
      super();
      this.outputData = [];
      this.outputSize = 0;
      this.writable = true;
      this.destroyed = false;
      this._last = false;
      this.chunkedEncoding = false;
      this.shouldKeepAlive = true;
      this.maxRequestsOnConnectionReached = false;
      this._defaultKeepAlive = true;
      this.useChunkedEncodingByDefault = true;
      this.sendDate = false;
      this._removedConnection = false;
      this._removedContLen = false;
      this._removedTE = false;
      this.strictContentLength = false;
      this._contentLength = null;
      this._hasBody = true;
      this._trailer = '';
      this.finished = false;
      this._headerSent = false;
      this._closed = false;
      this.socket = null;
      this._header = null;
      this._headers = null; // lower name -> [name, value]
      this._keepAliveTimeout = 0;
      this._onPendingData = () => {};
      this.errored = null;
      this._corked = 0;
      this.highWaterMark = (options && options.highWaterMark) || kHighWaterMark;
    }
    get closed() { return this._closed; }
    get writableFinished() { return this.finished && this.outputSize === 0 && (!this.socket || this.socket.writableLength === 0); }
    get writableObjectMode() { return false; }
    get writableLength() { return this.outputSize + (this.socket ? this.socket.writableLength : 0); }
    get writableHighWaterMark() { return this.socket ? this.socket.writableHighWaterMark : this.highWaterMark; }
    get writableCorked() { return this.socket ? this.socket.writableCorked : this._corked; }
    get connection() { return this.socket; }
    set connection(v) { this.socket = v; }
    get headersSent() { return !!this._header; }
    get writableEnded() { return this.finished; }
    get writableNeedDrain() { return !this.destroyed && !this.finished && this.outputSize >= this.highWaterMark; }
    cork() { if (this.socket) this.socket.cork(); else this._corked++; }
    uncork() { if (this.socket) this.socket.uncork(); else if (this._corked) this._corked--; }
    setTimeout(ms, cb) {
      if (cb) this.on('timeout', cb);
      if (!this.socket) this.once('socket', (s) => s.setTimeout(ms));
      else this.socket.setTimeout(ms);
      return this;
    }
    destroy(err) {
      if (this.destroyed) return this;
      this.destroyed = true;
      this.errored = err || null;
      if (this.socket) this.socket.destroy(err);
      else this.once('socket', (s) => s.destroy(err));
      return this;
    }
    setHeader(name, value) {
      if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot set headers after they are sent to the client');
      validateHeaderName(name);
      validateHeaderValue(name, value);
      if (this._headers === null) this._headers = Object.create(null);
      this._headers[name.toLowerCase()] = [name, value];
      return this;
    }
    setHeaders(headers) {
      if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot set headers after they are sent to the client');
      if (!headers || typeof headers !== 'object' || Array.isArray(headers)) throw invalidArgType('headers', 'an instance of Headers or Map', headers);
      const entries = typeof headers.entries === 'function' ? Array.from(headers.entries()) : Object.entries(headers);
      for (const [k, v] of entries) this.setHeader(k, v);
      return this;
    }
    appendHeader(name, value) {
      if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot append headers after they are sent to the client');
      validateHeaderName(name);
      validateHeaderValue(name, value);
      const key = name.toLowerCase();
      if (this._headers === null) this._headers = Object.create(null);
      const cur = this._headers[key];
      if (cur === undefined) { this._headers[key] = [name, value]; return this; }
      const existing = Array.isArray(cur[1]) ? cur[1] : [cur[1]];
      cur[1] = existing.concat(value);
      return this;
    }
    getHeader(name) {
      if (typeof name !== 'string') throw invalidArgType('name', 'of type string', name);
      const e = this._headers && this._headers[name.toLowerCase()];
      return e && e[1];
    }
    getHeaderNames() { return this._headers ? Object.keys(this._headers) : []; }
    getRawHeaderNames() { return this._headers ? Object.values(this._headers).map((e) => e[0]) : []; }
    getHeaders() {
      const ret = Object.create(null);
      if (this._headers) for (const k of Object.keys(this._headers)) ret[k] = this._headers[k][1];
      return ret;
    }
    hasHeader(name) {
      if (typeof name !== 'string') throw invalidArgType('name', 'of type string', name);
      return !!(this._headers && this._headers[name.toLowerCase()] !== undefined);
    }
    removeHeader(name) {
      if (typeof name !== 'string') throw invalidArgType('name', 'of type string', name);
      if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot remove headers after they are sent to the client');
      const key = name.toLowerCase();
      if (key === 'content-length') this._removedContLen = true;
      else if (key === 'transfer-encoding') this._removedTE = true;
      else if (key === 'date') this.sendDate = false;
      else if (key === 'connection') this._removedConnection = true;
      if (this._headers) delete this._headers[key];
    }
    // _storeHeader renders the head: the first line, the headers given (or set), then the
    // ones Node adds (Date, Connection, Keep-Alive, Content-Length or chunked encoding).
    _storeHeader(firstLine, headers) {
      const state = { connection: false, contLen: false, te: false, date: false, expect: false, trailer: false, header: firstLine };
      const add = (name, value) => {
        if (Array.isArray(value) && !/^set-cookie$/i.test(name) && value.length > 1) {
          for (const v of value) add(name, v);
          return;
        }
        if (Array.isArray(value)) {
          for (const v of value) add(name, v);
          return;
        }
        validateHeaderName(name);
        validateHeaderValue(name, value);
        state.header += name + ': ' + value + '\r\n';
        const key = name.toLowerCase();
        if (key === 'connection') {
          state.connection = true;
          if (/(^|,)\s*close\s*($|,)/i.test(String(value))) this._last = true;
          else this.shouldKeepAlive = true;
        } else if (key === 'transfer-encoding') {
          state.te = true;
          if (/(^|,)\s*chunked\s*$/i.test(String(value))) this.chunkedEncoding = true;
        } else if (key === 'content-length') state.contLen = true;
        else if (key === 'date') state.date = true;
        else if (key === 'expect') state.expect = true;
        else if (key === 'trailer') state.trailer = true;
      };
      if (headers) {
        if (Array.isArray(headers)) {
          if (headers.length && Array.isArray(headers[0])) for (const [k, v] of headers) add(k, v);
          else for (let i = 0; i < headers.length; i += 2) add(headers[i], headers[i + 1]);
        } else {
          for (const key of Object.keys(headers)) {
            const e = headers[key];
            if (Array.isArray(e) && e.length === 2 && this._headers === headers) add(e[0], e[1]);
            else add(key, e);
          }
        }
      }
      if (this.sendDate && !state.date) state.header += 'Date: ' + utcDate() + '\r\n';
      if (!state.connection) {
        const shouldSendKeepAlive = this.shouldKeepAlive && (state.contLen || this.useChunkedEncodingByDefault || this.agent);
        if (shouldSendKeepAlive && this.maxRequestsOnConnectionReached) state.header += 'Connection: close\r\n';
        else if (shouldSendKeepAlive) {
          state.header += 'Connection: keep-alive\r\n';
          if (this._keepAliveTimeout && this._defaultKeepAlive) state.header += 'Keep-Alive: timeout=' + Math.floor(this._keepAliveTimeout / 1000) + '\r\n';
        } else if (!this._removedConnection) {
          this._last = true;
          state.header += 'Connection: close\r\n';
        } else {
          this._last = true;
        }
      }
      if (!state.contLen && !state.te) {
        if (!this._hasBody) {
          this.chunkedEncoding = false;
        } else if (!this.useChunkedEncodingByDefault) {
          this._last = this._last || !this.shouldKeepAlive;
        } else if (!state.trailer && !this._removedContLen && typeof this._contentLength === 'number') {
          state.header += 'Content-Length: ' + this._contentLength + '\r\n';
        } else if (!this._removedTE) {
          state.header += 'Transfer-Encoding: chunked\r\n';
          this.chunkedEncoding = true;
        } else {
          this._last = true;
        }
      }
      this._header = state.header + '\r\n';
      this._headerSent = false;
      if (state.expect) this._send('');
    }
    // _send writes data to the socket, the head in front of the first piece; without a
    // socket yet it waits in outputData.
    _send(data, encoding, callback) {
      if (!this._headerSent && this._header !== null) {
        if (typeof data === 'string' && (encoding === 'utf8' || encoding === 'latin1' || !encoding)) {
          data = this._header + data;
        } else {
          this.outputData.unshift({ data: this._header, encoding: 'latin1', callback: null });
          this.outputSize += this._header.length;
          this._onPendingData(this._header.length);
        }
        this._headerSent = true;
      }
      return this._writeRaw(data, encoding, callback);
    }
    _writeRaw(data, encoding, callback) {
      const conn = this.socket;
      if (conn && conn.destroyed) return false;
      if (typeof encoding === 'function') { callback = encoding; encoding = null; }
      if (conn && conn._httpMessage === this && conn.writable) {
        if (this.outputData.length) this._flushOutput(conn);
        return conn.write(data, encoding, callback);
      }
      this.outputData.push({ data, encoding, callback });
      const len = typeof data === 'string' ? Buffer.byteLength(data, encoding || 'utf8') : data.length;
      this.outputSize += len;
      this._onPendingData(len);
      return this.outputSize < this.highWaterMark;
    }
    _flushOutput(socket) {
      while (this._corked) { this._corked--; socket.cork(); }
      const data = this.outputData;
      if (data.length === 0) return false;
      socket.cork();
      let ret;
      for (const d of data) ret = socket.write(d.data, d.encoding, d.callback);
      socket.uncork();
      this.outputData = [];
      this._onPendingData(-this.outputSize);
      this.outputSize = 0;
      return ret;
    }
    _flush() {
      const socket = this.socket;
      if (socket && socket.writable) {
        const ret = this._flushOutput(socket);
        if (this.finished) this._finish();
        else if (ret && this._needDrain) { this._needDrain = false; this.emit('drain'); }
      }
    }
    _finish() { this.emit('prefinish'); }
    _implicitHeader() { throw makeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _implicitHeader() method is not implemented'); }
    flushHeaders() {
      if (!this._header) this._implicitHeader();
      this._send('');
    }
    write(chunk, encoding, callback) {
      if (typeof encoding === 'function') { callback = encoding; encoding = null; }
      const ret = this._write_(chunk, encoding, callback, false);
      if (!ret) this._needDrain = true;
      return ret;
    }
    _write_(chunk, encoding, callback, fromEnd) {
      if (typeof callback !== 'function') callback = () => {};
      if (chunk === null) throw makeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
      if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
        throw invalidArgType('chunk', 'of type string or an instance of Buffer or Uint8Array', chunk);
      }
      let err = null;
      if (this.finished) err = makeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
      else if (this.destroyed) err = makeError(Error, 'ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed');
      if (err) {
        if (!this.destroyed) nextTick(() => this.emit('error', err));
        nextTick(callback, err);
        return false;
      }
      if (!this._header) {
        if (fromEnd) {
          const len = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding || 'utf8') : chunk.byteLength;
          this._contentLength = len;
        }
        this._implicitHeader();
      }
      if (!this._hasBody) {
        nextTick(callback);
        return true;
      }
      const len = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding || 'utf8') : chunk.byteLength;
      if (len === 0) {
        nextTick(callback);
        return true;
      }
      if (this.chunkedEncoding && chunk.length !== 0) {
        this._send(len.toString(16) + '\r\n', 'latin1', null);
        this._send(chunk, encoding, null);
        return this._send('\r\n', 'latin1', callback);
      }
      return this._send(chunk, encoding, callback);
    }
    addTrailers(headers) {
      this._trailer = '';
      const list = Array.isArray(headers) ? headers : Object.entries(headers);
      for (const [k, v] of list) {
        validateHeaderName(k, 'Trailer name');
        validateHeaderValue(k, v);
        this._trailer += k + ': ' + v + '\r\n';
      }
    }
    end(chunk, encoding, callback) {
      if (typeof chunk === 'function') { callback = chunk; chunk = null; encoding = null; }
      else if (typeof encoding === 'function') { callback = encoding; encoding = null; }
      if (chunk !== null && chunk !== undefined) {
        if (this.finished) {
          const err = makeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
          nextTick(() => this.emit('error', err));
          if (typeof callback === 'function') nextTick(callback, err);
          return this;
        }
        if (this.socket) this.socket.cork();
        this._write_(chunk, encoding, null, true);
      } else if (this.finished) {
        if (typeof callback === 'function') {
          if (!this.writableFinished) this.on('finish', callback);
          else nextTick(callback, makeError(Error, 'ERR_STREAM_ALREADY_FINISHED', 'Cannot call end after a stream was finished'));
        }
        return this;
      } else if (!this._header) {
        if (this.socket) this.socket.cork();
        this._contentLength = 0;
        this._implicitHeader();
      }
      if (typeof callback === 'function') this.once('finish', callback);
      const finish = () => { if (!(this.socket && this.socket._hadError)) this.emit('finish'); };
      if (this._hasBody && this.chunkedEncoding) this._send('0\r\n' + this._trailer + '\r\n', 'latin1', finish);
      else if (!this._headerSent || this.writableLength || chunk) this._send('', 'latin1', finish);
      else nextTick(finish);
      if (this.socket) this.socket.uncork();
      this.finished = true;
      if (this.outputData.length === 0 && this.socket && this.socket._httpMessage === this) this._finish();
      return this;
    }
    pipe() { this.emit('error', makeError(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable')); }
  }

  // ---- ServerResponse -----------------------------------------------------------------
  class ServerResponse extends OutgoingMessage {
    constructor(req, options) {
      super(options);
      this.req = req;
      this.statusCode = 200;
      this.statusMessage = undefined;
      this.sendDate = true;
      this._sent100 = false;
      this._expect_continue = false;
      if (req.method === 'HEAD') this._hasBody = false;
      if (req.httpVersionMajor < 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor === 0)) {
        this.useChunkedEncodingByDefault = /(^|,)\s*te\s*($|,)/i.test(req.headers.te || '');
        this.shouldKeepAlive = false;
      }
    }
    _finish() { super._finish(); }
    assignSocket(socket) {
      if (socket._httpMessage) throw makeError(Error, 'ERR_HTTP_SOCKET_ASSIGNED', 'ServerResponse has an already assigned socket');
      socket._httpMessage = this;
      socket.on('close', onServerResponseClose);
      this.socket = socket;
      this.emit('socket', socket);
      this._flush();
    }
    detachSocket(socket) {
      socket.removeListener('close', onServerResponseClose);
      socket._httpMessage = null;
      this.socket = null;
    }
    writeContinue(cb) { this._writeRaw('HTTP/1.1 100 Continue\r\n\r\n', 'ascii', cb); this._sent100 = true; }
    writeProcessing(cb) { this._writeRaw('HTTP/1.1 102 Processing\r\n\r\n', 'ascii', cb); }
    writeEarlyHints(hints, cb) {
      let head = 'HTTP/1.1 103 Early Hints\r\n';
      for (const k of Object.keys(hints)) {
        const v = hints[k];
        if (Array.isArray(v)) for (const x of v) head += k + ': ' + x + '\r\n';
        else head += k + ': ' + v + '\r\n';
      }
      this._writeRaw(head + '\r\n', 'ascii', cb);
    }
    writeInformation(statusCode, statusMessage, headers) {
      let head = 'HTTP/1.1 ' + statusCode + ' ' + (statusMessage || STATUS_CODES[statusCode]) + '\r\n';
      for (const k of Object.keys(headers || {})) head += k + ': ' + headers[k] + '\r\n';
      this._writeRaw(head + '\r\n', 'ascii');
    }
    _implicitHeader() { this.writeHead(this.statusCode); }
    writeHead(statusCode, reason, obj) {
      if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot write headers after they are sent to the client');
      const originalStatusCode = statusCode;
      statusCode |= 0;
      if (statusCode < 100 || statusCode > 999) {
        throw makeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', 'Invalid status code: ' + originalStatusCode);
      }
      if (typeof reason === 'string') this.statusMessage = reason;
      else {
        if (!this.statusMessage) this.statusMessage = STATUS_CODES[statusCode] || 'unknown';
        obj = obj === undefined ? reason : obj;
      }
      this.statusCode = statusCode;
      let headers;
      if (this._headers) {
        if (obj) {
          if (Array.isArray(obj)) {
            for (let i = 0; i < obj.length; i += 2) this.appendHeader(obj[i], obj[i + 1]);
          } else {
            for (const k of Object.keys(obj)) if (k) this.setHeader(k, obj[k]);
          }
        }
        headers = this._headers;
      } else {
        headers = obj;
      }
      if (invalidCharRE.test(this.statusMessage)) throw makeError(TypeError, 'ERR_INVALID_CHAR', 'Invalid character in statusMessage');
      const statusLine = 'HTTP/1.1 ' + statusCode + ' ' + this.statusMessage + '\r\n';
      if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode <= 199)) this._hasBody = false;
      if (this._expect_continue && !this._sent100) this.shouldKeepAlive = false;
      this._storeHeader(statusLine, headers);
      return this;
    }
    writeHeader(...a) { return this.writeHead(...a); }
  }
  function onServerResponseClose() {
    const res = this._httpMessage;
    if (res) {
      res.destroyed = true;
      res._closed = true;
      res.emit('close');
    }
  }

  // ---- Agent ----------------------------------------------------------------------------
  class Agent extends EventEmitter {
    constructor(options = undefined) {
      super();
      this.options = Object.assign({ __proto__: null }, options);
      if (this.options.noDelay === undefined) this.options.noDelay = true;
      this.options.path = null;
      this.defaultPort = this.options.defaultPort || 80;
      this.protocol = this.options.protocol || 'http:';
      this.requests = Object.create(null);
      this.sockets = Object.create(null);
      this.freeSockets = Object.create(null);
      this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
      this.keepAlive = this.options.keepAlive || false;
      this.maxSockets = this.options.maxSockets || Agent.defaultMaxSockets;
      this.maxFreeSockets = this.options.maxFreeSockets || 256;
      this.scheduling = this.options.scheduling || 'lifo';
      this.maxTotalSockets = this.options.maxTotalSockets || Infinity;
      this.totalSocketCount = 0;
      this.agentKeepAliveTimeoutBuffer = 1000;
      this.on('free', (socket, options) => this._onFree(socket, options));
    }
    _onFree(socket, options) {
      const name = this.getName(options);
      if (socket.writable && this.requests[name] && this.requests[name].length) {
        const req = this.requests[name].shift();
        if (!this.requests[name].length) delete this.requests[name];
        this.reuseSocket(socket, req);
        setRequestSocket(this, req, socket);
        return;
      }
      const req = socket._httpMessage;
      if (!req || !req.shouldKeepAlive || !this.keepAlive) { socket.destroy(); return; }
      const free = this.freeSockets[name] || [];
      const count = free.length + (this.sockets[name] ? this.sockets[name].length : 0);
      if (count > this.maxSockets || free.length >= this.maxFreeSockets || !this.keepSocketAlive(socket)) { socket.destroy(); return; }
      this.freeSockets[name] = free;
      socket._httpMessage = null;
      this.removeSocket(socket, options);
      // From Node 22 a free socket that reads anything (data, or the server closing it)
      // is destroyed at once, without 'end'.
      if (internals.nodeMajor >= 22) socket._readGuard = () => socket.destroy();
      free.push(socket);
    }
    createConnection(...args) { return net.createConnection(...args); }
    getName(options = {}) {
      let name = options.host || 'localhost';
      name += ':';
      if (options.port) name += options.port;
      name += ':';
      if (options.localAddress) name += options.localAddress;
      if (options.family === 4 || options.family === 6) name += ':' + options.family;
      if (options.socketPath) name += ':' + options.socketPath;
      return name;
    }
    addRequest(req, options) {
      options = Object.assign({ __proto__: null }, options, this.options);
      if (options.socketPath) options.path = options.socketPath;
      const name = this.getName(options);
      if (!this.sockets[name]) this.sockets[name] = [];
      const freeSockets = this.freeSockets[name];
      let socket;
      if (freeSockets) {
        while (freeSockets.length && freeSockets[0].destroyed) freeSockets.shift();
        socket = this.scheduling === 'fifo' ? freeSockets.shift() : freeSockets.pop();
        if (!freeSockets.length) delete this.freeSockets[name];
      }
      const sockLen = this.sockets[name].length;
      if (socket) {
        this.reuseSocket(socket, req);
        setRequestSocket(this, req, socket);
        this.sockets[name].push(socket);
      } else if (sockLen < this.maxSockets && this.totalSocketCount < this.maxTotalSockets) {
        this.createSocket(req, options, (err, s) => {
          if (err) req.onSocket(s, err);
          else setRequestSocket(this, req, s);
        });
      } else {
        if (!this.requests[name]) this.requests[name] = [];
        this.requests[name].push(req);
      }
    }
    createSocket(req, options, cb) {
      options = Object.assign({ __proto__: null }, options, this.options);
      if (options.socketPath) options.path = options.socketPath;
      options.servername = options.host;
      options._agentKey = this.getName(options);
      const name = options._agentKey;
      let called = false; // createConnection may also take it as its 'connect' listener
      const oncreate = (err, s) => {
        if (called) return;
        called = true;
        if (err) return cb(err);
        if (!this.sockets[name]) this.sockets[name] = [];
        this.sockets[name].push(s);
        this.totalSocketCount++;
        installListeners(this, s, options);
        cb(null, s);
      };
      const newSocket = connectionFor(this, req, options, oncreate);
      if (newSocket) oncreate(null, newSocket);
    }
    removeSocket(s, options) {
      const name = this.getName(options);
      for (const sets of [this.sockets, this.freeSockets]) {
        const list = sets[name];
        if (!list) continue;
        const i = list.indexOf(s);
        if (i !== -1) {
          list.splice(i, 1);
          if (sets === this.sockets) this.totalSocketCount--;
          if (list.length === 0) delete sets[name];
        }
      }
      if (this.requests[name] && this.requests[name].length) {
        const req = this.requests[name][0];
        this.createSocket(req, options, (err, s) => {
          if (err) { req.onSocket(s, err); return; }
          this.requests[name].shift();
          if (!this.requests[name].length) delete this.requests[name];
          setRequestSocket(this, req, s);
        });
      }
    }
    keepSocketAlive(socket) {
      socket.setKeepAlive(true, this.keepAliveMsecs);
      socket.unref();
      const timeout = this.options.timeout;
      if (timeout && socket.timeout !== timeout) socket.setTimeout(timeout);
      return true;
    }
    reuseSocket(socket, req) {
      if (internals.nodeMajor >= 13) req.reusedSocket = true;
      socket._readGuard = null;
      socket.ref();
    }
    destroy() {
      for (const sets of [this.freeSockets, this.sockets]) {
        for (const key of Object.keys(sets)) for (const s of sets[key].slice()) s.destroy();
      }
    }
  }
  Agent.defaultMaxSockets = Infinity;

  function setRequestSocket(agent, req, socket) {
    req.onSocket(socket);
    const agentTimeout = agent.options.timeout || 0;
    if (req.timeout === undefined || req.timeout === agentTimeout) return;
    socket.setTimeout(req.timeout);
  }

  function installListeners(agent, s, options) {
    const onFree = () => agent.emit('free', s, options);
    const onClose = () => agent.removeSocket(s, options);
    const onTimeout = () => {
      const free = agent.freeSockets[agent.getName(options)];
      if (free && free.includes(s)) s.destroy();
    };
    const onRemove = () => {
      agent.totalSocketCount--;
      agent.removeSocket(s, options);
      s.removeListener('close', onClose);
      s.removeListener('free', onFree);
      s.removeListener('timeout', onTimeout);
      s.removeListener('agentRemove', onRemove);
    };
    s.on('free', onFree);
    s.on('close', onClose);
    s.on('timeout', onTimeout);
    s.on('agentRemove', onRemove);
  }

  // connectionFor opens the connection of a request: to this program's own server (or a
  // scenario socket peer) through net, or to a scenario upstream of that host name.
  function connectionFor(agent, req, options, oncreate) {
    if (typeof options.createConnection === 'function') return options.createConnection(options, oncreate);
    const hostName = options.host || 'localhost';
    if (options.path || netInternals.isLoopbackName(hostName)) return agent.createConnection(options, oncreate);
    return upstreamSocket(hostName, Number(options.port) || 80, options);
  }

  // upstreamSocket is a socket to a scenario upstream: the host name is looked up on the
  // thread pool, then the upstream reads the request and answers after its latency.
  function upstreamSocket(hostName, port, options) {
    const socket = new net.Socket();
    socket.connecting = true;
    socket._host = hostName;
    socket._handle = new netInternals.Handle();
    socket._handle.start();
    const connectNow = (address) => {
      socket._peername = { address, family: 'IPv4', port };
      socket._sockname = { address: '10.0.0.2', family: 'IPv4', port: 50000 };
      socket._peer = new UpstreamPeer(socket, hostName);
      host.kernelEvent('connect', host.cost('connect'), () => {
        if (socket.destroyed || !socket.connecting) return;
        socket.connecting = false;
        socket.emit('connect');
        socket.emit('ready');
      }, false);
    };
    if (net.isIP(hostName)) {
      nextTick(() => connectNow(hostName));
    } else {
      host.upstreamLookup(hostName, (err) => {
        if (socket.destroyed) return;
        if (err) {
          const e = makeError(Error, 'ENOTFOUND', 'getaddrinfo ENOTFOUND ' + hostName, { errno: -3008, syscall: 'getaddrinfo', hostname: hostName });
          socket.emit('lookup', e, undefined, undefined, hostName);
          socket.destroy(e);
          return;
        }
        socket.emit('lookup', null, '93.184.215.14', 4, hostName);
        connectNow('93.184.215.14');
      });
    }
    return socket;
  }

  // UpstreamPeer is the far end of an upstream socket: it parses the request and writes
  // the scenario's answer back.
  class UpstreamPeer {
    constructor(socket, hostName) {
      this.socket = socket;
      this._handle = true;
      this.parser = new HTTPParser('request', {
        onHeaders: (info) => { this.url = info.url; this.method = info.method; },
        onBody: () => {},
        onComplete: () => this.answer(),
      });
      this.hostName = hostName;
    }
    _receive(buf) { this.parser.execute(buf); }
    _receiveEOF() {}
    answer() {
      const a = host.upstream(this.hostName, this.url);
      if (a === undefined) {
        host.kernelEvent('connection reset', host.cost('connect'), () => this.socket._receiveEOF(), false);
        return;
      }
      const body = Buffer.from(a.body === undefined ? '' : String(a.body));
      const head = 'HTTP/1.1 ' + a.status + ' ' + (STATUS_CODES[a.status] || 'unknown') + '\r\n' +
        'Date: ' + utcDate() + '\r\nContent-Length: ' + body.length + '\r\nConnection: keep-alive\r\n\r\n';
      const bytes = Buffer.concat([Buffer.from(head, 'latin1'), this.method === 'HEAD' ? Buffer.alloc(0) : body]);
      host.kernelEvent('HTTP response from ' + this.hostName, a.latencyUS, () => {
        if (this.socket._handle) this.socket._onRead(bytes);
      }, true);
    }
  }

  const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  // ---- ClientRequest ------------------------------------------------------------------
  class ClientRequest extends OutgoingMessage {
    constructor(input, options, cb) {
      super();
      if (typeof input === 'string') {
        const u = urlToOptions(new URL(input));
        if (typeof options === 'function') { cb = options; options = u; }
        else options = Object.assign(u, options);
      } else if (input && typeof input === 'object' && input instanceof URL) {
        const u = urlToOptions(input);
        if (typeof options === 'function') { cb = options; options = u; }
        else options = Object.assign(u, options);
      } else {
        cb = options;
        options = Object.assign({}, input);
      }
      let agent = options.agent;
      const defaultAgent = options._defaultAgent || globalAgent;
      if (agent === false) agent = new Agent();
      else if (agent === null || agent === undefined) {
        if (typeof options.createConnection !== 'function') agent = defaultAgent;
        options._defaultAgent = defaultAgent;
      }
      this.agent = agent;
      const protocol = options.protocol || defaultAgent.protocol;
      if (protocol !== defaultAgent.protocol) {
        throw makeError(TypeError, 'ERR_INVALID_PROTOCOL', 'Protocol "' + protocol + '" not supported. Expected "' + defaultAgent.protocol + '"');
      }
      const defaultPort = options.defaultPort || (this.agent && this.agent.defaultPort) || 80;
      const port = options.port = options.port || defaultPort || 80;
      const hostName = options.host = validateHost(options.hostname || options.host || 'localhost');
      const setHost = options.setHost === undefined || Boolean(options.setHost);
      this.socketPath = options.socketPath;
      if (options.timeout !== undefined) this.timeout = getTimerDuration(options.timeout, 'timeout');
      const method = options.method === undefined || options.method === null ? 'GET' : options.method;
      if (typeof method !== 'string') throw invalidArgType('options.method', 'of type string', method);
      if (!tokenRE.test(method)) throw makeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', 'Method must be a valid HTTP token ["' + method + '"]');
      this.method = method.toUpperCase();
      this.path = options.path || '/';
      if (/[\u0000-\u0020]/.test(this.path)) throw makeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
      if (cb) this.once('response', cb);
      if (this.method === 'GET' || this.method === 'HEAD' || this.method === 'DELETE' || this.method === 'OPTIONS' ||
          this.method === 'TRACE' || this.method === 'CONNECT') this.useChunkedEncodingByDefault = false;
      else this.useChunkedEncodingByDefault = true;
      this._ended = false;
      this.res = null;
      this.aborted = false;
      this.timeoutCb = null;
      this.upgradeOrConnect = false;
      this.parser = null;
      this.maxHeadersCount = null;
      if (internals.nodeMajor >= 13) this.reusedSocket = false; // Node 10 has no reusedSocket
      this.host = hostName;
      this.protocol = protocol;
      this.joinDuplicateHeaders = options.joinDuplicateHeaders;
      if (this.agent) {
        if (!this.agent.keepAlive && !Number.isFinite(this.agent.maxSockets)) { this._last = true; this.shouldKeepAlive = false; }
        else { this._last = false; this.shouldKeepAlive = true; }
      }
      const headersArray = Array.isArray(options.headers);
      if (!headersArray) {
        if (options.headers) for (const k of Object.keys(options.headers)) this.setHeader(k, options.headers[k]);
        if (hostName && !this.getHeader('host') && setHost) {
          let hostHeader = hostName;
          if (hostHeader.includes(':') && !hostHeader.startsWith('[')) hostHeader = '[' + hostHeader + ']';
          if (port && +port !== defaultPort) hostHeader += ':' + port;
          this.setHeader('Host', hostHeader);
        }
        if (options.auth && !this.getHeader('Authorization')) {
          this.setHeader('Authorization', 'Basic ' + Buffer.from(options.auth).toString('base64'));
        }
        if (this.getHeader('expect')) {
          if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot render headers after they are sent to the client');
          this._storeHeader(this.method + ' ' + this.path + ' HTTP/1.1\r\n', this._headers);
        }
      } else {
        this._storeHeader(this.method + ' ' + this.path + ' HTTP/1.1\r\n', options.headers);
      }
      if (options.signal) {
        const signal = options.signal;
        const onAbort = () => this.destroy(internals.abortError(signal));
        if (signal.aborted) nextTick(onAbort);
        else {
          signal.addEventListener('abort', onAbort, { once: true });
          this.once('close', () => signal.removeEventListener('abort', onAbort));
        }
      }
      const optsWithoutSignal = Object.assign({ __proto__: null }, options);
      delete optsWithoutSignal.signal;
      if (this.agent) this.agent.addRequest(this, optsWithoutSignal);
      else {
        this._last = true;
        this.shouldKeepAlive = false;
        const opts = Object.assign({}, optsWithoutSignal);
        const s = typeof options.createConnection === 'function'
          ? options.createConnection(opts, (err, sock) => { if (err) nextTick(() => this.emit('error', err)); else this.onSocket(sock); })
          : net.createConnection(opts);
        if (s) this.onSocket(s);
      }
    }
    get path() { return this._path; }
    set path(v) { this._path = v; }
    _finish() { super._finish(); }
    _implicitHeader() {
      if (this._header) throw makeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot render headers after they are sent to the client');
      this._storeHeader(this.method + ' ' + this.path + ' HTTP/1.1\r\n', this._headers);
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      nextTick(() => this.emit('abort'));
      this.destroy();
    }
    destroy(err) {
      if (this.destroyed) return this;
      this.destroyed = true;
      if (this.res) this.res._dump();
      this[kError] = err;
      if (this.socket) this.socket.destroy(err);
      else if (err) this._pendingError = err;
      return this;
    }
    onSocket(socket, err) {
      nextTick(() => onSocketNT(this, socket, err));
    }
    _deferToConnect(method, args) {
      const call = () => { if (method) Reflect.apply(this.socket[method], this.socket, args); };
      if (!this.socket) this.once('socket', (s) => { if (s.connecting) s.once('connect', call); else call(); });
      else if (this.socket.connecting) this.socket.once('connect', call);
      else call();
    }
    setTimeout(msecs, callback) {
      if (this._ended) return this;
      msecs = getTimerDuration(msecs, 'msecs');
      if (callback) this.once('timeout', callback);
      if (this.socket) setSocketTimeout(this, this.socket, msecs);
      else this.once('socket', (s) => setSocketTimeout(this, s, msecs));
      return this;
    }
    setNoDelay(v) { this._deferToConnect('setNoDelay', [v]); }
    setSocketKeepAlive(enable, delay) { this._deferToConnect('setKeepAlive', [enable, delay]); }
    clearTimeout(cb) { this.setTimeout(0, cb); }
  }
  const kError = Symbol('kError');

  function validateHost(h) {
    if (h !== null && h !== undefined && typeof h !== 'string') throw invalidArgType('options.hostname', 'one of type string, undefined, or null', h);
    return h;
  }
  function getTimerDuration(v, name) {
    if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v);
    if (v < 0 || !Number.isFinite(v)) throw internals.outOfRange(name, 'a non-negative finite number', v);
    return v;
  }
  function urlToOptions(u) {
    const options = {
      protocol: u.protocol,
      hostname: typeof u.hostname === 'string' && u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname,
      hash: u.hash, search: u.search, pathname: u.pathname, path: (u.pathname || '') + (u.search || ''), href: u.href,
    };
    if (u.port !== '') options.port = Number(u.port);
    if (u.username || u.password) options.auth = decodeURIComponent(u.username) + ':' + decodeURIComponent(u.password);
    return options;
  }

  function setSocketTimeout(req, sock, msecs) {
    if (msecs === 0) {
      if (req.timeoutCb) { sock.removeListener('timeout', req.timeoutCb); req.timeoutCb = null; }
      sock.setTimeout(0);
      return;
    }
    if (!req.timeoutCb) {
      req.timeoutCb = () => req.emit('timeout');
      sock.on('timeout', req.timeoutCb);
    }
    sock.setTimeout(msecs);
  }

  // onSocketNT gives the request its socket: 'socket', then the head and body go out once
  // the socket is connected.
  // onSocketNT gives the request its socket; a request destroyed meanwhile (an aborted
  // signal, destroy()) hands an agent's socket back to it, or destroys the socket and
  // waits for it to close, then emits 'error' (its error, or 'socket hang up' unless it
  // was aborted) and 'close', as Node's does.
  function onSocketNT(req, socket, err) {
    if (req.destroyed || err) {
      req.destroyed = true;
      const destroyed = (e) => {
        if (!req.aborted && !e) e = connResetException('socket hang up');
        if (e) req.emit('error', e);
        req._closed = true;
        req.emit('close');
      };
      if (socket) {
        if (!err && req.agent && !socket.destroyed) {
          socket.emit('free');
        } else {
          let socketError;
          socket.once('error', (e) => { socketError = e; });
          socket.destroy(err || req[kError]);
          socket.once('close', () => destroyed(socketError || err));
          return;
        }
      }
      destroyed(err || req[kError]);
      return;
    }
    tickOnSocket(req, socket);
    req._flush();
  }

  function tickOnSocket(req, socket) {
    const parser = new HTTPParser('response', {
      onHeaders: (info) => parserOnHeadersClient(req, socket, info),
      onBody: (b) => { if (req.res && !req.res._dumpedBody) req.res.push(b); },
      onComplete: (trailers) => parserOnMessageCompleteClient(req, socket, trailers),
    });
    req.parser = parser;
    if (req.method === 'HEAD') parser.expectNoBody();
    req.socket = socket;
    socket._httpMessage = req;
    socket.parser = parser;
    if (req.timeout !== undefined) setSocketTimeout(req, socket, req.timeout);
    socket.on('error', socketErrorListener);
    socket.on('data', socketOnData);
    socket.on('end', socketOnEnd);
    socket.on('close', socketCloseListener);
    socket.on('drain', ondrain);
    if (req.timeout !== undefined || (req.agent && req.agent.options && req.agent.options.timeout)) {
      // the socket's idle timer ('timeout') is set in setRequestSocket
    }
    req.emit('socket', socket);
  }
  function ondrain() {
    const msg = this._httpMessage;
    if (msg && !msg.finished && msg._needDrain) { msg._needDrain = false; msg.emit('drain'); }
  }

  function socketOnData(d) {
    const req = this._httpMessage;
    const parser = this.parser;
    if (!req || !parser) return;
    const err = parser.execute(d);
    if (err instanceof Error) {
      this.removeListener('data', socketOnData);
      this.removeListener('end', socketOnEnd);
      this.destroy();
      req.socket._hadError = true;
      req.emit('error', err);
    }
  }
  function socketOnEnd() {
    const req = this._httpMessage;
    const parser = this.parser;
    if (!req) return;
    if (!req.res && !req.socket._hadError) {
      req.socket._hadError = true;
      req.emit('error', connResetException('socket hang up'));
    }
    if (parser) {
      const err = parser.finish();
      if (err instanceof Error && !req.res) { /* reported above */ }
    }
    this.destroy();
  }
  function socketErrorListener(err) {
    const req = this._httpMessage;
    if (req) {
      req.socket._hadError = true;
      req.emit('error', err);
    }
    this.removeListener('data', socketOnData);
    this.removeListener('end', socketOnEnd);
    this.destroy();
  }
  function socketCloseListener() {
    const socket = this;
    const req = socket._httpMessage;
    if (!req) return;
    const res = req.res;
    req.destroyed = true;
    if (res) {
      if (!res.complete) {
        res.destroy(connResetException('aborted'));
      }
      req._closed = true;
      req.emit('close');
      if (!res.aborted && res.readable) {
        res.on('end', function () { this.destroyed = true; this.emit('close'); });
        res.push(null);
      } else if (!res.destroyed && !res._closed) {
        res.destroyed = true;
        res._closed = true;
        res.emit('close');
      }
    } else {
      if (!req.socket._hadError) {
        req.socket._hadError = true;
        req.emit('error', req[kError] || connResetException('socket hang up'));
      }
      req._closed = true;
      req.emit('close');
    }
  }
  function connResetException(msg) {
    return makeError(Error, 'ECONNRESET', msg);
  }

  function parserOnHeadersClient(req, socket, info) {
    const res = new IncomingMessage(socket);
    res.httpVersionMajor = info.versionMajor;
    res.httpVersionMinor = info.versionMinor;
    res.httpVersion = info.versionMajor + '.' + info.versionMinor;
    res.rawHeaders = info.rawHeaders;
    res.statusCode = info.statusCode;
    res.statusMessage = info.statusMessage;
    res.req = req;
    if (info.statusCode >= 100 && info.statusCode < 200 && info.statusCode !== 101) {
      req.emit('information', { statusCode: info.statusCode, statusMessage: info.statusMessage, httpVersion: res.httpVersion,
        httpVersionMajor: info.versionMajor, httpVersionMinor: info.versionMinor, headers: res.headers, rawHeaders: info.rawHeaders });
      return true;
    }
    if (req.res) { socket.destroy(); return true; }
    req.res = res;
    if (req.shouldKeepAlive && !info.shouldKeepAlive && !req.upgradeOrConnect) req.shouldKeepAlive = false;
    res.on('end', responseOnEnd);
    req.on('finish', requestOnFinish);
    socket.on('timeout', responseOnTimeout);
    if (req.aborted || !req.emit('response', res)) res._dump();
    return req.method === 'HEAD';
  }
  function parserOnMessageCompleteClient(req, socket, trailers) {
    const res = req.res;
    if (!res) return;
    res.complete = true;
    res.rawTrailers = trailers;
    res.push(null);
  }
  function responseOnTimeout() {
    const req = this._httpMessage;
    if (!req) return;
    const res = req.res;
    if (res) res.emit('timeout');
  }
  function requestOnFinish() {
    if (this.shouldKeepAlive && this._ended) responseKeepAlive(this);
  }
  function responseOnEnd() {
    const req = this.req;
    const socket = req.socket;
    if (socket) socket.removeListener('timeout', responseOnTimeout);
    req._ended = true;
    if (!req.shouldKeepAlive) {
      if (socket.writable) socket.destroySoon();
    } else if (req.writableFinished && !this.aborted) {
      responseKeepAlive(req);
    }
  }
  function responseKeepAlive(req) {
    const socket = req.socket;
    socket.removeListener('close', socketCloseListener);
    socket.removeListener('error', socketErrorListener);
    socket.removeListener('data', socketOnData);
    socket.removeListener('end', socketOnEnd);
    socket.removeListener('drain', ondrain);
    if (req.timeoutCb) { socket.removeListener('timeout', req.timeoutCb); socket.setTimeout(0); req.timeoutCb = null; }
    nextTick(emitFreeNT, req);
    req.destroyed = true;
    if (req.res) req.res.socket = null;
  }
  function emitFreeNT(req) {
    req._closed = true;
    req.emit('close');
    if (req.socket) {
      req.socket.parser = null;
      req.socket.emit('free');
    }
  }

  // ---- Server -------------------------------------------------------------------------
  class Server extends net.Server {
    constructor(options, requestListener) {
      if (typeof options === 'function') { requestListener = options; options = {}; }
      else if (options === null || options === undefined) options = {};
      else if (typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      super({ allowHalfOpen: true, noDelay: options.noDelay === undefined ? true : options.noDelay, keepAlive: options.keepAlive, keepAliveInitialDelay: options.keepAliveInitialDelay, highWaterMark: options.highWaterMark });
      storeHTTPOptions(this, options);
      if (requestListener) this.on('request', requestListener);
      this.httpAllowHalfOpen = false;
      this.on('connection', connectionListener);
    }
    setTimeout(msecs, callback) {
      this.timeout = msecs;
      if (callback) this.on('timeout', callback);
      return this;
    }
    // A listening HTTP server also takes the scenario's clients (Go: http.go).
    _onListen(port, backlog) {
      if (typeof port !== 'number') return;
      this._scenarioPort = host.httpListen(port, backlog || 0, (id, method, url, body) => scenarioRequest(this, id, method, url, body));
    }
    _onClose() {
      if (this._scenarioPort !== undefined) { host.httpClose(this._scenarioPort); this._scenarioPort = undefined; }
      this.closeIdleConnections();
    }
    closeAllConnections() {
      for (const s of Array.from(this._connectionsTracked)) s.destroy();
    }
    closeIdleConnections() {
      for (const s of Array.from(this._connectionsTracked)) {
        const state = s._httpState;
        if (state && state.idle) s.destroy();
      }
    }
  }
  // storeHTTPOptions sets what an HTTP server (http's, https's) takes from its options.
  function storeHTTPOptions(server, options) {
    server[kIncomingMessage] = options.IncomingMessage || IncomingMessage;
    server[kServerResponse] = options.ServerResponse || ServerResponse;
    server.maxHeaderSize = options.maxHeaderSize;
    server.insecureHTTPParser = options.insecureHTTPParser;
    server.requestTimeout = options.requestTimeout === undefined ? 300000 : options.requestTimeout;
    server.headersTimeout = options.headersTimeout === undefined ? Math.min(60000, server.requestTimeout || 60000) : options.headersTimeout;
    server.keepAliveTimeout = options.keepAliveTimeout === undefined ? 5000 : options.keepAliveTimeout;
    server.keepAliveTimeoutBuffer = 1000;
    server.connectionsCheckingInterval = options.connectionsCheckingInterval || 30000;
    server.requireHostHeader = options.requireHostHeader === undefined ? true : options.requireHostHeader;
    server.joinDuplicateHeaders = options.joinDuplicateHeaders;
    server.rejectNonStandardBodyWrites = !!options.rejectNonStandardBodyWrites;
    server.maxHeadersCount = null;
    server.maxRequestsPerSocket = 0;
    server.timeout = 0;
    server._connectionsTracked = new Set();
  }
  const kIncomingMessage = Symbol('IncomingMessage');
  const kServerResponse = Symbol('ServerResponse');

  // connectionListener serves the HTTP requests that arrive on a socket.
  function connectionListener(socket) {
    const server = this;
    if (socket instanceof ScenarioSocket) return; // its request comes parsed (scenarioRequest)
    const state = { incoming: [], outgoing: [], idle: true, keepAliveTimeoutSet: false };
    socket._httpState = state;
    server._connectionsTracked.add(socket);
    socket.once('close', () => server._connectionsTracked.delete(socket));
    if (server.timeout && typeof socket.setTimeout === 'function') socket.setTimeout(server.timeout);
    socket.on('timeout', () => {
      const req = state.incoming[0];
      let handled = false;
      if (req) handled = req.emit('timeout', socket) || handled;
      const res = req ? req._res : null;
      if (res) handled = res.emit('timeout', socket) || handled;
      handled = server.emit('timeout', socket) || handled;
      if (!handled) socket.destroy();
    });
    let current = null;
    const parser = new HTTPParser('request', {
      onHeaders: (info) => {
        const req = new server[kIncomingMessage](socket);
        req.httpVersionMajor = info.versionMajor;
        req.httpVersionMinor = info.versionMinor;
        req.httpVersion = info.versionMajor + '.' + info.versionMinor;
        req.rawHeaders = info.rawHeaders;
        req.method = info.method;
        req.url = info.url;
        req.upgrade = info.upgrade;
        current = req;
        state.idle = false;
        if (state.keepAliveTimeoutSet) { socket.setTimeout(0); state.keepAliveTimeoutSet = false; }
        if (info.upgrade && (server.listenerCount('upgrade') > 0 || (info.method === 'CONNECT' && server.listenerCount('connect') > 0))) {
          req.complete = true;
          socket.removeListener('data', onData);
          socket.removeListener('end', onEnd);
          const head = parser.remainder();
          server._connectionsTracked.delete(socket);
          nextTick(() => server.emit(info.method === 'CONNECT' ? 'connect' : 'upgrade', req, socket, head));
          return true;
        }
        parserOnIncoming(server, socket, state, req, info.shouldKeepAlive);
        return false;
      },
      onBody: (b) => { if (current && !current._dumped) current.push(b); },
      onComplete: (trailers) => {
        const req = current;
        if (!req) return;
        current = null;
        req.complete = true;
        req.rawTrailers = trailers;
        req.push(null);
      },
    });
    const onData = (d) => {
      const err = parser.execute(d);
      if (err instanceof Error) socketOnError(server, socket, err);
    };
    const onEnd = () => {
      const err = parser.finish();
      if (err instanceof Error) { socketOnError(server, socket, err); return; }
      // The client's EOF aborts the requests still being answered (Node's abortIncoming)
      // and ends the connection, unless the server allows half-open connections.
      if (!server.httpAllowHalfOpen) {
        while (state.incoming.length) state.incoming.shift().destroy(connResetException('aborted'));
        if (socket.writable) socket.end();
      } else if (state.outgoing.length) {
        state.outgoing[state.outgoing.length - 1]._last = true;
      } else if (socket._httpMessage) {
        socket._httpMessage._last = true;
      } else if (socket.writable) {
        socket.end();
      }
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', (e) => socketOnError(server, socket, e));
    socket._paused = false;
  }

  function socketOnError(server, socket, err) {
    if (socket.listenerCount('error') > 1 && !err.code) return;
    if (!server.emit('clientError', err, socket)) {
      if (socket.writable && !socket._httpMessage && err.code && err.code.startsWith('HPE_')) {
        socket.write('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      }
      socket.destroy(err.code && err.code.startsWith('HPE_') ? undefined : err);
    }
  }

  function parserOnIncoming(server, socket, state, req, keepAlive) {
    state.incoming.push(req);
    const res = new server[kServerResponse](req);
    req._res = res;
    res._keepAliveTimeout = server.keepAliveTimeout;
    res.shouldKeepAlive = res.shouldKeepAlive && keepAlive;
    if (socket._httpMessage) state.outgoing.push(res);
    else res.assignSocket(socket);
    res.on('finish', () => resOnFinish(req, res, socket, state, server));
    let handled = false;
    if (req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      const expect = req.headers.expect;
      if (expect && /100-continue/i.test(expect)) {
        res._expect_continue = true;
        if (server.listenerCount('checkContinue') > 0) { server.emit('checkContinue', req, res); handled = true; }
        else res.writeContinue();
      } else if (expect) {
        if (server.listenerCount('checkExpectation') > 0) server.emit('checkExpectation', req, res);
        else { res.writeHead(417); res.end(); }
        handled = true;
      }
    }
    if (!handled) server.emit('request', req, res);
  }

  function resOnFinish(req, res, socket, state, server) {
    state.incoming.shift();
    if (!req._consuming && !req._readableState.resumeScheduled) req._dump();
    res.detachSocket(socket);
    nextTick(() => {
      if (!res._closed) {
        res.destroyed = true;
        res._closed = true;
        res.emit('close');
      }
    });
    if (res._last || state.endAfterResponse || !server.listening) {
      if (typeof socket.destroySoon === 'function') socket.destroySoon();
      else socket.end();
    } else if (state.outgoing.length === 0) {
      state.idle = true;
      if (server.keepAliveTimeout && typeof socket.setTimeout === 'function') {
        socket.setTimeout(server.keepAliveTimeout);
        state.keepAliveTimeoutSet = true;
      }
    } else {
      const m = state.outgoing.shift();
      if (m) m.assignSocket(socket);
    }
  }

  // scenarioRequest serves one request of the scenario's clients: a connection of its own
  // (Go keeps the kernel's side), the request parsed, the response's end reported to Go.
  function scenarioRequest(server, id, method, url, body) {
    const socket = new ScenarioSocket(id);
    server.emit('connection', socket);
    const req = new server[kIncomingMessage](socket);
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.httpVersion = '1.1';
    req.rawHeaders = ['Host', 'localhost:' + server._key, 'Connection', 'close'];
    if (body) req.rawHeaders.push('Content-Length', String(Buffer.byteLength(body)));
    req.method = method;
    req.url = url;
    req.complete = true;
    if (body) req.push(Buffer.from(body));
    req.push(null);
    const state = socket._httpState;
    parserOnIncoming(server, socket, state, req, false);
    socket._res = req._res;
  }

  // ScenarioSocket stands for the connection of a scenario client: what the response
  // writes is collected, and the end of the response reports its status and body to Go.
  // It is an emitter with a socket's methods rather than a stream: a load test holds
  // thousands at once.
  class ScenarioSocket extends EventEmitter {
    constructor(id) {
      super();
      this._reqID = id;
      this._bytes = [];
      this._httpState = { incoming: [], outgoing: [], idle: false };
      this._httpMessage = null;
      this.remoteAddress = '::ffff:127.0.0.1';
      this.remoteFamily = 'IPv6';
      this.remotePort = 50000 + (id % 10000);
      this.localAddress = '::ffff:127.0.0.1';
      this.localPort = 0;
      this.bytesRead = 0;
      this.bytesWritten = 0;
      this.destroyed = false;
      this.writable = true;
      this.readable = false;
      this.writableLength = 0;
      this.writableCorked = 0;
      this.writableHighWaterMark = 16384;
    }
    write(chunk, encoding, cb) {
      if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
      const b = typeof chunk === 'string' ? Buffer.from(chunk, encoding || 'utf8') : chunk;
      this._bytes.push(b);
      this.bytesWritten += b.length;
      if (typeof cb === 'function') nextTick(cb);
      return true;
    }
    cork() {}
    uncork() {}
    end(chunk, encoding, cb) {
      if (typeof chunk === 'function') { cb = chunk; chunk = undefined; }
      if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
      this.writable = false;
      this._report();
      nextTick(() => { this.emit('finish'); if (typeof cb === 'function') cb(); this.destroy(); });
      return this;
    }
    destroy(err) {
      if (this.destroyed) return this;
      this.destroyed = true;
      this.writable = false;
      this._report();
      nextTick(() => { if (err) this.emit('error', err); this.emit('close', !!err); });
      return this;
    }
    destroySoon() { this.end(); }
    // _report gives Go the response: its status and its body (the bytes after the head,
    // decoded from the chunked encoding when the response used it).
    _report() {
      if (this._reported) return;
      this._reported = true;
      const res = this._res;
      const all = this._bytes.length === 1 ? this._bytes[0] : Buffer.concat(this._bytes);
      this._bytes = null;
      const headEnd = all.indexOf('\r\n\r\n');
      let body = headEnd < 0 ? all.subarray(all.length) : all.subarray(headEnd + 4);
      if (res && res.chunkedEncoding && body.length) {
        const parts = [];
        for (let i = 0; i < body.length;) {
          const eol = body.indexOf('\r\n', i);
          const n = parseInt(body.toString('latin1', i, eol), 16);
          if (!(n > 0)) break;
          parts.push(body.subarray(eol + 2, eol + 2 + n));
          i = eol + 2 + n + 2;
        }
        body = Buffer.concat(parts);
      }
      host.httpEnd(this._reqID, res ? res.statusCode : 200, body.toString());
    }
    setTimeout() { return this; }
    setNoDelay() { return this; }
    setKeepAlive() { return this; }
    pause() { return this; }
    resume() { return this; }
    isPaused() { return false; }
    address() { return { address: this.localAddress, family: 'IPv6', port: this.localPort }; }
    ref() { return this; }
    unref() { return this; }
  }

  // ---- the module -----------------------------------------------------------------------
  function request(url, options, cb) { return new ClientRequest(url, options, cb); }
  function get(url, options, cb) {
    const req = request(url, options, cb);
    req.end();
    return req;
  }

  Object.assign(exports, {
    _connectionListener: connectionListener,
    METHODS: METHODS.slice(),
    STATUS_CODES,
    Agent,
    ClientRequest,
    IncomingMessage,
    OutgoingMessage,
    Server,
    ServerResponse,
    createServer: (options, listener) => new Server(options, listener),
    validateHeaderName,
    validateHeaderValue,
    get,
    request,
    setMaxIdleHTTPParsers: (max) => {
      if (typeof max !== 'number') throw invalidArgType('max', 'of type number', max);
      if (!Number.isInteger(max) || max < 1) throw internals.outOfRange('max', '>= 1', max);
    },
    maxHeaderSize,
    globalAgent,
  });
  Object.defineProperty(exports, 'CloseEvent', { get: () => internals.CloseEvent, enumerable: true, configurable: true });
  Object.defineProperty(exports, 'MessageEvent', { get: () => internals.MessageEvent, enumerable: true, configurable: true });
  // What fetch.js and https.js need of this module, out of the program's sight.
  Object.defineProperty(exports, Symbol.for('looplab.http.internals'), { value: { upstreamSocket, storeHTTPOptions, connectionListener } });
})
