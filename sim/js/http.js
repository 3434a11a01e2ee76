// http.js: node:http on the simulator's kernel. A server's requests come from the
// scenario's clients (or the program's own http.get to localhost): Node accepts and
// parses them in the poll phase and emits 'request' with an IncomingMessage (a Readable
// holding the body) and a ServerResponse; res.end() completes the answer, which is when
// the client's latency stops. Outbound http.get/request and fetch go to the scenario's
// upstreams after a dns.lookup on the thread pool; waiting for them holds no thread.
(function (exports, internals) {
  'use strict';
  const { host, makeError, validateFunction } = internals;
  const EventEmitter = internals.builtin('events');
  const nextTick = (fn, ...a) => internals.process.nextTick(fn, ...a);
  const STATUS = { 200: 'OK', 201: 'Created', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 304: 'Not Modified',
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 429: 'Too Many Requests',
    500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

  // IncomingMessage is a light readable: its body flows (data, end, close, each deferred
  // with nextTick) once a 'data' or 'end' listener is added or resume()/pipe() is called,
  // like a paused Node stream; a body nobody reads never emits 'end', as in Node.
  class IncomingMessage extends EventEmitter {
    constructor(body, fields) {
      super();
      Object.assign(this, fields);
      this.httpVersion = '1.1';
      this.complete = true;
      this.readableEnded = false;
      this._body = body;
      this._flowing = false;
      this._encoding = null;
    }
    on(ev, fn) {
      super.on(ev, fn);
      if (ev === 'data' || ev === 'end' || ev === 'readable') this.resume();
      return this;
    }
    setEncoding(enc) { this._encoding = enc; return this; }
    resume() {
      if (this._flowing) return this;
      this._flowing = true;
      nextTick(() => {
        if (this._body) {
          const chunk = this._encoding ? this._body : internals.builtin('buffer').Buffer.from(this._body);
          this.emit('data', chunk);
        }
        nextTick(() => { this.readableEnded = true; this.emit('end'); nextTick(() => this.emit('close')); });
      });
      return this;
    }
    pause() { return this; }
    pipe(dest) { this.on('data', (c) => dest.write(c)); this.on('end', () => dest.end()); return dest; }
    read() { return null; }
  }
  IncomingMessage.prototype.addListener = IncomingMessage.prototype.on;
  const incoming = (body, fields) => new IncomingMessage(body, fields);

  class ServerResponse extends EventEmitter {
    constructor(id, req) {
      super();
      this._id = id;
      this.req = req;
      this.statusCode = 200;
      this.statusMessage = undefined;
      this.headersSent = false;
      this.finished = false;
      this.writableEnded = false;
      this._headers = Object.create(null);
      this._body = '';
    }
    setHeader(name, value) { this._headers[String(name).toLowerCase()] = value; return this; }
    getHeader(name) { return this._headers[String(name).toLowerCase()]; }
    getHeaders() { return Object.assign({}, this._headers); }
    hasHeader(name) { return String(name).toLowerCase() in this._headers; }
    removeHeader(name) { delete this._headers[String(name).toLowerCase()]; }
    writeHead(status, message, headers) {
      if (typeof message === 'object') { headers = message; message = undefined; }
      this.statusCode = status;
      if (message) this.statusMessage = message;
      if (headers) for (const k of Object.keys(headers)) this.setHeader(k, headers[k]);
      this.headersSent = true;
      return this;
    }
    write(chunk, encoding, cb) {
      if (typeof encoding === 'function') cb = encoding;
      this.headersSent = true;
      if (chunk) this._body += String(chunk);
      if (cb) nextTick(cb);
      return true;
    }
    end(chunk, encoding, cb) {
      if (typeof chunk === 'function') { cb = chunk; chunk = undefined; }
      if (typeof encoding === 'function') cb = encoding;
      if (this.writableEnded) return this;
      if (chunk) this.write(chunk);
      this.headersSent = true;
      this.writableEnded = this.finished = true;
      host.httpEnd(this._id, this.statusCode, this._body);
      nextTick(() => { if (cb) cb(); this.emit('finish'); this.emit('close'); });
      return this;
    }
  }

  class Server extends EventEmitter {
    constructor(options, handler) {
      super();
      if (typeof options === 'function') handler = options;
      if (handler) this.on('request', handler);
      this.listening = false;
      this._port = 0;
    }
    listen(...args) {
      let cb;
      if (typeof args[args.length - 1] === 'function') cb = args.pop();
      let port = 0;
      let backlog = 0;
      if (args[0] !== null && typeof args[0] === 'object') { port = args[0].port || 0; backlog = args[0].backlog || 0; }
      else {
        port = Number(args[0]) || 0;
        if (typeof args[1] === 'number') backlog = args[1];
        else if (typeof args[2] === 'number') backlog = args[2];
      }
      if (cb) this.once('listening', cb);
      this._port = host.httpListen(port, backlog, (id, method, url, body) => this._request(id, method, url, body));
      this.listening = true;
      nextTick(() => this.emit('listening'));
      return this;
    }
    _request(id, method, url, body) {
      const req = incoming(body, { method, url, headers: { host: 'localhost:' + this._port }, socket: { remoteAddress: '127.0.0.1' } });
      const res = new ServerResponse(id, req);
      this.emit('request', req, res);
    }
    address() { return this.listening ? { address: '::', family: 'IPv6', port: this._port } : null; }
    close(cb) {
      if (this.listening) { host.httpClose(this._port); this.listening = false; }
      if (cb) this.once('close', cb);
      nextTick(() => this.emit('close'));
      return this;
    }
    ref() { return this; }
    unref() { return this; }
    setTimeout() { return this; }
  }

  // ClientRequest: 'response' when the answer arrives; 'close' once the response has
  // ended, or when the request is destroyed (before an answer, with the error
  // ECONNRESET "socket hang up" unless destroy was given one); setTimeout(ms) emits
  // 'timeout' when no answer came within ms of idle socket (it does not abort).
  class ClientRequest extends EventEmitter {
    constructor(url, method, cb) {
      super();
      this._url = url;
      this.method = method;
      this._body = '';
      this._sent = false;
      this._answered = false;
      this._timer = null;
      this.destroyed = false;
      if (cb) this.once('response', cb);
    }
    setHeader() { return this; }
    setTimeout(ms, cb) {
      if (cb) this.once('timeout', cb);
      this._clearTimer();
      this._timer = timers().setTimeout(() => {
        this._timer = null;
        if (!this.destroyed && !this._answered) this.emit('timeout');
      }, ms);
      this._timer.unref(); // the socket's idle timer keeps nothing alive on its own
      return this;
    }
    _clearTimer() { if (this._timer) { timers().clearTimeout(this._timer); this._timer = null; } }
    write(chunk) { this._body += String(chunk); return true; }
    end(chunk) {
      if (chunk) this.write(chunk);
      if (this._sent) return this;
      this._sent = true;
      host.httpRequest(this._url, this.method, this._body,
        (status, body) => {
          if (this.destroyed) return;
          this._answered = true;
          this._clearTimer();
          const res = incoming(body, { statusCode: status, statusMessage: STATUS[status] || '' });
          res.once('end', () => nextTick(() => this._close()));
          this.emit('response', res);
        },
        (code, message) => {
          if (this.destroyed) return;
          this._clearTimer();
          this.emit('error', makeError(Error, code, message));
          nextTick(() => this._close());
        });
      return this;
    }
    destroy(err) {
      if (this.destroyed) return this;
      this.destroyed = true;
      this._clearTimer();
      if (!err && !this._answered) err = makeError(Error, 'ECONNRESET', 'socket hang up');
      nextTick(() => { if (err) this.emit('error', err); this._close(); });
      return this;
    }
    _close() { if (!this._closed) { this._closed = true; this.emit('close'); } }
    abort() { this.destroy(); }
  }
  const timers = () => internals.builtin('timers');

  function toURL(input, options) {
    if (typeof input === 'string') return input;
    if (input && typeof input.href === 'string') return input.href;
    const o = input || options || {};
    const h = o.hostname || o.host || 'localhost';
    return (o.protocol || 'http:') + '//' + h + (o.port ? ':' + o.port : '') + (o.path || '/');
  }
  function request(input, options, cb) {
    if (typeof options === 'function') { cb = options; options = undefined; }
    const method = ((options && options.method) || (input && typeof input === 'object' && input.method) || 'GET').toUpperCase();
    return new ClientRequest(toURL(input, options), method, cb);
  }
  function get(input, options, cb) { const req = request(input, options, cb); req.end(); return req; }

  // fetch resolves when the response arrives; the body methods resolve in a microtask.
  function fetch(input, init) {
    const url = toURL(input);
    const method = ((init && init.method) || 'GET').toUpperCase();
    const body = init && init.body !== undefined ? String(init.body) : '';
    return new Promise((resolve, reject) => {
      host.httpRequest(url, method, body,
        (status, text) => resolve({
          status, ok: status >= 200 && status < 300, statusText: STATUS[status] || '', url,
          headers: { get: () => null, has: () => false },
          text: () => Promise.resolve(text),
          json: () => Promise.resolve().then(() => JSON.parse(text)),
        }),
        (code, message) => reject(makeError(TypeError, code, 'fetch failed: ' + message)));
    });
  }

  Object.assign(exports, {
    createServer: (options, handler) => new Server(options, handler),
    Server, ServerResponse, ClientRequest, IncomingMessage, request, get, fetch,
    STATUS_CODES: STATUS, METHODS: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'],
    globalAgent: {},
  });
})
