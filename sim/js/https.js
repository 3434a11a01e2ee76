// https.js: node:https, HTTP (http.js) over TLS (tls.js), as Node's lib/https.js is: a
// Server is a tls.Server whose secure connections http serves ('secureConnection' in
// place of 'connection'), and an Agent is http's whose connections are tls.connect's,
// to port 443 unless told, reusing the TLS sessions it keeps.
(function (exports, internals) {
  'use strict';
  const { invalidArgType } = internals;
  const http = internals.builtin('http');
  const tls = internals.builtin('tls');
  const net = internals.builtin('net');
  const { storeHTTPOptions, connectionListener } = http[Symbol.for('looplab.http.internals')];

  class Server extends tls.Server {
    constructor(opts, requestListener) {
      let ALPNProtocols = ['http/1.1'];
      if (typeof opts === 'function') { requestListener = opts; opts = {}; }
      else if (opts === null || opts === undefined) opts = {};
      else {
        if (typeof opts !== 'object' || Array.isArray(opts)) throw invalidArgType('options', 'of type object', opts);
        if (opts.ALPNProtocols || opts.ALPNCallback) ALPNProtocols = undefined;
      }
      super(Object.assign({ noDelay: true, ALPNProtocols }, opts), connectionListener);
      storeHTTPOptions(this, opts);
      this.httpAllowHalfOpen = false;
      if (requestListener) this.addListener('request', requestListener);
      this.addListener('tlsClientError', function addListener(err, conn) {
        if (!this.emit('clientError', err, conn)) conn.destroy(err);
      });
      this.timeout = 0;
      this.maxHeadersCount = null;
    }
    setTimeout(msecs, callback) { return http.Server.prototype.setTimeout.call(this, msecs, callback); }
    closeAllConnections() { return http.Server.prototype.closeAllConnections.call(this); }
    closeIdleConnections() { return http.Server.prototype.closeIdleConnections.call(this); }
    _onClose() { this.closeIdleConnections(); }
  }

  // The options that make a TLS connection differ, in the order of Node's getName.
  const nameOptions = ['ca', 'cert', 'clientCertEngine', 'ciphers', 'key', 'pfx', 'rejectUnauthorized', 'servername', 'minVersion',
    'maxVersion', 'secureProtocol', 'crl', 'honorCipherOrder', 'ecdhCurve', 'dhparam', 'secureOptions', 'sessionIdContext', 'sigalgs',
    'privateKeyIdentifier', 'privateKeyEngine'];

  class Agent extends http.Agent {
    constructor(options) {
      options = Object.assign({ __proto__: null }, options);
      if (options.defaultPort === undefined || options.defaultPort === null) options.defaultPort = 443;
      if (options.protocol === undefined || options.protocol === null) options.protocol = 'https:';
      super(options);
      this.maxCachedSessions = this.options.maxCachedSessions;
      if (this.maxCachedSessions === undefined) this.maxCachedSessions = 100;
      this._sessionCache = { map: {}, list: [] };
    }
    createConnection(...args) {
      let options;
      if (args[0] !== null && typeof args[0] === 'object') options = Object.assign({}, args[0]);
      else if (args[1] !== null && typeof args[1] === 'object') options = Object.assign({}, args[1]);
      else if (args[2] === null || typeof args[2] !== 'object') options = {};
      else options = Object.assign({}, args[2]);
      if (typeof args[0] === 'number') options.port = args[0];
      if (typeof args[1] === 'string') options.host = args[1];
      // No name to indicate for an IP address (Node's calculateServerName).
      if (options.servername && net.isIP(options.servername)) options.servername = '';
      if (options._agentKey) {
        const session = this._getSession(options._agentKey);
        if (session) options = Object.assign({ session }, options);
      }
      // Node 10 keeps the session once the connection is secure (it has no 'session').
      if (internals.nodeMajor < 12) {
        const socket = tls.connect(options, () => { if (options._agentKey) this._cacheSession(options._agentKey, socket.getSession()); });
        socket.once('close', (err) => { if (err) this._evictSession(options._agentKey); });
        return socket;
      }
      const socket = tls.connect(options);
      if (options._agentKey) {
        socket.on('session', (session) => this._cacheSession(options._agentKey, session));
        socket.once('close', (err) => { if (err) this._evictSession(options._agentKey); });
      }
      return socket;
    }
    getName(options = {}) {
      let name = super.getName(options);
      for (const k of nameOptions) {
        name += ':';
        if (options[k] !== undefined && options[k] !== null) name += options[k];
      }
      return name;
    }
    _getSession(key) { return this._sessionCache.map[key]; }
    _cacheSession(key, session) {
      if (this.maxCachedSessions === 0) return;
      if (this._sessionCache.map[key]) { this._sessionCache.map[key] = session; return; }
      if (this._sessionCache.list.length >= this.maxCachedSessions) {
        const oldKey = this._sessionCache.list.shift();
        delete this._sessionCache.map[oldKey];
      }
      this._sessionCache.list.push(key);
      this._sessionCache.map[key] = session;
    }
    _evictSession(key) {
      const index = this._sessionCache.list.indexOf(key);
      if (index === -1) return;
      this._sessionCache.list.splice(index, 1);
      delete this._sessionCache.map[key];
    }
  }

  const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  // request(url?, options?, cb?) is http's ClientRequest with this module's agent.
  function request(...args) {
    let options = {};
    if (typeof args[0] === 'string') options = urlOptions(new URL(args.shift()));
    else if (args[0] instanceof URL) options = urlOptions(args.shift());
    if (args[0] && typeof args[0] !== 'function') Object.assign(options, args.shift());
    options._defaultAgent = exports.globalAgent;
    return new http.ClientRequest(options, ...args);
  }
  function urlOptions(url) {
    const o = {
      protocol: url.protocol,
      hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash, search: url.search, pathname: url.pathname,
      path: url.pathname + url.search, href: url.href,
    };
    if (url.port !== '') o.port = Number(url.port);
    if (url.username || url.password) o.auth = decodeURIComponent(url.username) + ':' + decodeURIComponent(url.password);
    return o;
  }
  function get(input, options, cb) {
    const req = request(input, options, cb);
    req.end();
    return req;
  }

  Object.assign(exports, {
    Agent,
    globalAgent,
    Server,
    createServer: (opts, requestListener) => new Server(opts, requestListener),
    get,
    request,
  });
})
