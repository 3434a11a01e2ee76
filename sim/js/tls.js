// tls.js: TLS on the simulated network (net.js). The bytes travel in plaintext; what a
// program sees is Node's: the API, the events and their order, the errors, and the CPU
// of each side's part of the handshake (Costs.TLSHandshakeUS, charged where that side
// handles its peer's flight; Costs.TLSContextUS for each secure context). Certificates
// are real X.509 ones (x509.js): the client checks the server's chain against its ca
// (or the defaults setDefaultCACertificates sets; the simulated machine trusts no
// public root) at the run's virtual date, then its name (checkServerIdentity).
// The handshake is exchanged as records beside the data, one poll phase per flight:
// - TLS 1.3 (Node 12 on): the client's hello; the server's flight (hello, certificate,
//   Finished); the client checks it, sends its Finished (with what the program wrote
//   meanwhile) and emits 'secureConnect'; the server emits 'secureConnection' on that
//   Finished and sends two session tickets ('session' on the client);
// - TLS 1.2 (Node 10): the client's hello; the server's flight; the client's key
//   exchange and Finished; the server emits 'secureConnection' and sends its ticket and
//   Finished; the client then checks the chain and emits 'secureConnect'.
// A client that rejects the server's certificate destroys its socket before its
// Finished leaves: the server's socket closes ('tlsClientError' ECONNRESET).
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const net = internals.builtin('net');
  const { Buffer } = internals.builtin('buffer');
  const x509 = internals.builtin('x509');
  const nextTick = (...a) => internals.process.nextTick(...a);
  const tls13 = internals.nodeMajor >= 12;
  const protocolName = tls13 ? 'TLSv1.3' : 'TLSv1.2';
  const kRecord = Symbol('tls record');
  const maxRecord = 16384;
  const kConnectOptions = Symbol('connect-options');
  const kErrorEmitted = Symbol('error-emitted');
  const kIsVerified = Symbol('verified');
  const kPendingSession = Symbol('pendingSession');
  let defaultCA = [];

  const validateString = (v, name) => { if (typeof v !== 'string') throw invalidArgType(name, 'of type string', v); };
  const validateFunction = (v, name) => { if (typeof v !== 'function') throw invalidArgType(name, 'of type function', v); };
  const validateObject = (v, name) => { if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidArgType(name, 'of type object', v); };

  // ---- secure contexts -------------------------------------------------------------------
  const asList = (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
  const pemText = (v) => (typeof v === 'string' ? v : Buffer.isBuffer(v) || ArrayBuffer.isView(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('latin1') : v);
  function badPEM() {
    return makeError(Error, 'ERR_OSSL_PEM_NO_START_LINE', 'error:0480006C:PEM routines::no start line',
      { library: 'PEM routines', reason: 'no start line' });
  }

  // SecureContext holds what a side presents and trusts: its certificate chain (PEM
  // text and fields), whether it has a key, and its trusted certificates.
  class SecureContext {
    constructor(secureProtocol, secureOptions, minVersion, maxVersion) {
      this.context = { certs: [], certPEM: '', key: false, ca: null, minVersion, maxVersion, secureProtocol, secureOptions };
    }
  }

  function createSecureContext(options) {
    if (options === undefined) options = {};
    else validateObject(options, 'options');
    const sc = new SecureContext(options.secureProtocol, options.secureOptions, options.minVersion, options.maxVersion);
    const ctx = sc.context;
    let items = 0;
    for (const k of ['ca', 'cert', 'key']) {
      for (const v of asList(options[k])) {
        const inner = k === 'key' && v && typeof v === 'object' && !ArrayBuffer.isView(v) ? v.pem : v;
        if (typeof inner !== 'string' && !ArrayBuffer.isView(inner)) {
          throw invalidArgType('options.' + k, 'of type string or an instance of Buffer, TypedArray, or DataView', inner);
        }
        items++;
      }
    }
    host.cpu(host.cost('tlsContext') + items * host.cost('tlsContextItem'));
    if (options.ca !== undefined) {
      ctx.ca = [];
      for (const v of asList(options.ca)) {
        const certs = x509.parse(Buffer.from(pemText(v), 'latin1'));
        if (certs === undefined) throw badPEM();
        ctx.ca.push(...certs.map((f) => Buffer.from(f.raw)));
      }
    }
    const certs = asList(options.cert);
    if (certs.length > 0) {
      const text = certs.map(pemText).join('\n');
      const parsed = x509.parse(Buffer.from(text, 'latin1'));
      if (parsed === undefined) throw badPEM();
      ctx.certs = parsed;
      ctx.certPEM = text;
    }
    for (const v of asList(options.key)) {
      const text = pemText(v && typeof v === 'object' && !ArrayBuffer.isView(v) ? v.pem : v);
      if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) throw badPEM();
      ctx.key = true;
    }
    if (options.pfx !== undefined) {
      return internals.unsupported('tls.createSecureContext({ pfx })', 'PKCS#12 bundles are not simulated: give key and cert as PEM');
    }
    return sc;
  }

  // ---- server identity -------------------------------------------------------------------
  const unfqdn = (h) => h.replace(/[.]$/, '');
  const splitHost = (h) => unfqdn(h).replace(/[A-Z]/g, (c) => String.fromCharCode(32 + c.charCodeAt(0))).split('.');
  function check(hostParts, pattern, wildcards) {
    if (!pattern) return false;
    const patternParts = splitHost(pattern);
    if (hostParts.length !== patternParts.length) return false;
    if (patternParts.includes('')) return false;
    if (patternParts.some((s) => /[^\u0021-\u007F]/u.test(s))) return false;
    for (let i = hostParts.length - 1; i > 0; i -= 1) if (hostParts[i] !== patternParts[i]) return false;
    const hostSubdomain = hostParts[0];
    const patternSubdomain = patternParts[0];
    const patternSubdomainParts = patternSubdomain.split('*', 3);
    if (patternSubdomainParts.length === 1 || patternSubdomain.includes('xn--')) return hostSubdomain === patternSubdomain;
    if (!wildcards || patternSubdomainParts.length > 2 || patternParts.length <= 2) return false;
    const [prefix, suffix] = patternSubdomainParts;
    if (prefix.length + suffix.length > hostSubdomain.length) return false;
    return hostSubdomain.startsWith(prefix) && hostSubdomain.endsWith(suffix);
  }
  const canonicalizeIP = (ip) => (ip.includes(':') ? new net.SocketAddress({ address: ip, family: 'ipv6' }).address.toLowerCase() : ip);

  function checkServerIdentity(hostname, cert) {
    const subject = cert.subject;
    const altNames = cert.subjectaltname;
    const dnsNames = [];
    const ips = [];
    hostname = '' + hostname;
    if (altNames) {
      for (const name of altNames.split(', ')) {
        if (name.startsWith('DNS:')) dnsNames.push(name.slice(4));
        else if (name.startsWith('IP Address:')) ips.push(canonicalizeIP(name.slice(11)));
      }
    }
    let valid = false;
    let reason = 'Unknown reason';
    hostname = unfqdn(hostname);
    if (net.isIP(hostname)) {
      valid = ips.includes(canonicalizeIP(hostname));
      if (!valid) reason = `IP: ${hostname} is not in the cert's list: ` + ips.join(', ');
    } else if (dnsNames.length > 0 || (subject && subject.CN)) {
      const hostParts = splitHost(hostname);
      const wildcard = (pattern) => check(hostParts, pattern, true);
      if (dnsNames.length > 0) {
        valid = dnsNames.some(wildcard);
        if (!valid) reason = `Host: ${hostname}. is not in the cert's altnames: ${altNames}`;
      } else {
        const cn = subject.CN;
        valid = Array.isArray(cn) ? cn.some(wildcard) : cn ? wildcard(cn) : false;
        if (!valid) reason = `Host: ${hostname}. is not cert's CN: ${cn}`;
      }
    } else {
      reason = 'Cert does not contain a DNS name';
    }
    if (!valid) {
      return makeError(Error, 'ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: " + reason,
        { reason, host: hostname, cert });
    }
    return undefined;
  }

  // ---- verification errors (OpenSSL's texts) ---------------------------------------------
  const verifyTexts = {
    DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
    SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in certificate chain',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unable to get local issuer certificate',
    CERT_HAS_EXPIRED: 'certificate has expired',
    CERT_NOT_YET_VALID: 'certificate is not yet valid',
    CERT_SIGNATURE_FAILURE: 'certificate signature failure',
  };
  const systemCAHint = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE']);
  function verifyError(code) {
    let text = verifyTexts[code] || code;
    if (internals.nodeMajor < 17) text = text.replace('self-signed', 'self signed'); // OpenSSL 1.1's wording
    // From Node 24 a chain that a locally installed root might complete says so.
    if (internals.nodeMajor >= 24 && systemCAHint.has(code)) text += '; if the root CA is installed locally, try running Node.js with --use-system-ca';
    return makeError(Error, code, text);
  }

  // ---- TLSSocket -------------------------------------------------------------------------
  // Each end keeps the state of its side of the handshake: 'new', 'hello' (the client
  // sent its hello), 'flight' (the server sent its flight), 'done'.
  class TLSSocket extends net.Socket {
    constructor(socket, opts) {
      const tlsOptions = Object.assign({}, opts);
      super({ allowHalfOpen: socket ? socket.allowHalfOpen : tlsOptions.allowHalfOpen, signal: tlsOptions.signal,
        highWaterMark: tlsOptions.highWaterMark });
      this._tlsOptions = tlsOptions;
      this._secureEstablished = false;
      this._controlReleased = false;
      this.secureConnecting = true;
      this._SNICallback = null;
      this.servername = null;
      this.alpnProtocol = null;
      this.authorized = false;
      this.authorizationError = null;
      this.encrypted = true;
      this._tls = { state: 'new', peerCerts: null, session: null, heldWrites: [], servername: false, reused: false };
      this[kIsVerified] = false;
      this[kPendingSession] = null;
      this.on('error', this._tlsError);
      this._requestCert = !!tlsOptions.requestCert || !tlsOptions.isServer;
      this._rejectUnauthorized = !!tlsOptions.rejectUnauthorized;
      this.server = tlsOptions.server;
      if (tlsOptions.handshakeTimeout > 0) this.setTimeout(tlsOptions.handshakeTimeout, this._handleTimeout);
      if (socket instanceof net.Socket) this._adopt(socket);
    }

    // _adopt takes over a connected net.Socket's connection (the server's raw socket),
    // as Node's TLSWrap takes over its handle.
    _adopt(raw) {
      this._parent = raw;
      this._handle = raw._handle;
      this._peer = raw._peer;
      if (this._peer) this._peer._peer = this;
      this._server = raw._server;
      this._sockname = raw._sockname;
      this._peername = raw._peername;
      this.connecting = raw.connecting || !raw._handle;
      const inbox = raw._inbox;
      raw._inbox = [];
      raw._handle = null;
      raw._peer = null;
      raw._server = null;
      for (const b of inbox) this._receive(b);
    }

    // _sendRecord hands a handshake record to the peer, behind what was sent before.
    _sendRecord(kind, body) {
      if (!this._peer || !this._handle) return;
      this._peer._receive({ [kRecord]: kind, body });
    }

    _deliverInbox() {
      this._inboxScheduled = false;
      const items = this._inbox;
      this._inbox = [];
      if (!this._handle) return;
      let data = [];
      const flush = () => {
        if (data.length === 0) return;
        const buf = data.length === 1 ? data[0] : Buffer.concat(data);
        data = [];
        if (this._readGuard) { this._readGuard(); return; }
        this._onRead(buf);
      };
      // Each write of the peer is a record of its own (16 KiB at most), read as one chunk.
      for (const item of items) {
        if (!this._handle) return;
        if (!Buffer.isBuffer(item)) { this._onRecord(item[kRecord], item.body); continue; }
        for (let at = 0; at < item.length || at === 0; at += maxRecord) {
          data.push(item.subarray(at, at + maxRecord));
          flush();
          if (!this._handle) return;
        }
      }
    }

    _onRecord(kind, body) {
      const s = this._tls;
      switch (kind) {
        case 'clientHello': { // the server: its whole part of the handshake
          host.cpu(host.cost('tlsHandshake'));
          const ctx = this._tlsOptions.secureContext.context;
          s.servername = body.servername || false;
          this.alpnProtocol = selectALPN(this._tlsOptions, body.alpn);
          s.state = 'flight';
          this._sendRecord('serverFlight', { certs: ctx.certs, certPEM: ctx.certPEM, alpn: this.alpnProtocol, requestCert: this._requestCert });
          return;
        }
        case 'serverFlight': { // the client: three quarters of its part
          host.cpu(host.cost('tlsHandshake') - Math.floor(host.cost('tlsHandshake') / 4));
          s.peerCerts = body.certs;
          s.peerPEM = body.certPEM;
          this.alpnProtocol = body.alpn;
          // A server that asks for a certificate gets the client's with its Finished.
          const mine = this._tlsOptions.secureContext.context;
          const finished = body.requestCert ? { certs: mine.certs, certPEM: mine.certPEM } : {};
          if (!tls13) { // key exchange and Finished; the server's Finished ends it
            s.state = 'finished';
            this._sendRecord('finished', finished);
            return;
          }
          this._finishInit(); // the checks: a rejected server never gets the Finished
          if (!this._handle || this.destroyed) return;
          this._sendRecord('finished', finished);
          this._handshakeDone();
          return;
        }
        case 'finished': {
          if (this._tlsOptions.isServer) {
            // The server's tickets (and its Finished in TLS 1.2) go out before the
            // program hears of the connection.
            s.peerCerts = body && body.certs;
            s.peerPEM = body && body.certPEM;
            if (this._requestCert && this._rejectUnauthorized && !s.peerPEM) { this._noPeerCertificate(); return; }
            s.state = 'done';
            if (tls13) {
              this._sendRecord('ticket');
              this._sendRecord('ticket');
            } else {
              this._sendRecord('ticket');
              this._sendRecord('finished');
            }
            this._finishInit();
            if (this._handle && !this.destroyed) this._handshakeDone();
            return;
          }
          this._finishInit(); // TLS 1.2: the server's Finished ends the client's handshake
          if (this._handle && !this.destroyed) this._handshakeDone();
          return;
        }
        case 'alert': { // the server ended the handshake: after it on the client's side
          const err = makeError(Error, body.code, body.message, { library: 'SSL routines', reason: body.reason });
          if (this._secureEstablished) this._emitTLSError(err);
          else this.destroy(err);
          return;
        }
        case 'ticket': {
          const session = sessionBytes(this);
          this._tls.session = session;
          if (!tls13) return; // Node 10 has no 'session' event: getSession() reads it
          if (this[kIsVerified]) this.emit('session', session);
          else this[kPendingSession] = session;
          return;
        }
        default:
      }
    }

    // _noPeerCertificate ends a handshake whose client sent no certificate the server
    // required (requestCert with rejectUnauthorized): OpenSSL's error on the server
    // ('tlsClientError'); in TLS 1.3 the client, done already, hears the alert.
    _noPeerCertificate() {
      if (tls13) {
        this._sendRecord('alert', { code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', reason: 'tlsv13 alert certificate required',
          message: 'error:0A00045C:SSL routines::tlsv13 alert certificate required' });
        this.destroy(makeError(Error, 'ERR_SSL_PEER_DID_NOT_RETURN_A_CERTIFICATE',
          'error:0A0000C7:SSL routines::peer did not return a certificate', { library: 'SSL routines', reason: 'peer did not return a certificate' }));
        return;
      }
      this.destroy(Object.assign(new Error('error:1417C0C7:SSL routines:tls_process_client_certificate:peer did not return a certificate'),
        { library: 'SSL routines', function: 'tls_process_client_certificate', reason: 'peer did not return a certificate' }));
    }

    // A server whose client goes away during the handshake closes its socket ('close'
    // tells the server: tlsClientError ECONNRESET).
    _onEOF() {
      if (this._tlsOptions.isServer && this._tls.state !== 'done' && this._handle) {
        this.destroy();
        return;
      }
      super._onEOF();
    }

    // _handshakeDone lets the writes held during the handshake go, in their order.
    // An end() asked for meanwhile shuts down right after the callback that finished
    // the handshake, as the write queue drains after a connect callback (net.js).
    _handshakeDone() {
      this._tls.state = 'done';
      this._drainPending = true;
      host.pollNext('socket drain', () => {
        this._drainPending = false;
        if (this._shutdownCb) this._completeShutdown();
      });
      const held = this._tls.heldWrites;
      this._tls.heldWrites = [];
      for (const w of held) w();
    }

    _writeGeneric(writev, data, encoding, cb) {
      if (!this.connecting && this._handle && this._tls.state !== 'done') {
        this._tls.heldWrites.push(() => super._writeGeneric(writev, data, encoding, cb));
        return;
      }
      super._writeGeneric(writev, data, encoding, cb);
    }

    _final(cb) {
      if (!this.connecting && this._handle && this._tls.state !== 'done') {
        this._tls.heldWrites.push(() => super._final(cb));
        return;
      }
      super._final(cb);
    }

    _finishInit() {
      if (!this._handle) return;
      if (this.servername === null) this.servername = this._tlsOptions.isServer ? this._tls.servername : (this._tls.servername || false);
      this._secureEstablished = true;
      if (this._tlsOptions.handshakeTimeout > 0) this.setTimeout(0, this._handleTimeout);
      this.emit('secure');
    }

    _start() {
      if (this.connecting) {
        this.once('connect', this._start);
        return;
      }
      if (!this._handle) return;
      host.cpu(Math.floor(host.cost('tlsHandshake') / 4));
      this._tls.state = 'hello';
      const alpn = this._tlsOptions.ALPNProtocols;
      this._sendRecord('clientHello', { servername: this._tls.servername || null, alpn: alpn ? decodeALPN(alpn) : null });
    }

    _handleTimeout() { this._emitTLSError(makeError(Error, 'ERR_TLS_HANDSHAKE_TIMEOUT', 'TLS handshake timeout')); }
    _emitTLSError(err) {
      const e = this._tlsError(err);
      if (e) this.emit('error', e);
    }
    _tlsError(err) {
      this.emit('_tlsError', err);
      if (this._controlReleased) return err;
      return null;
    }
    _releaseControl() {
      if (this._controlReleased) return false;
      this._controlReleased = true;
      this.removeListener('error', this._tlsError);
      return true;
    }

    setServername(name) {
      validateString(name, 'name');
      if (this._tlsOptions.isServer) throw makeError(Error, 'ERR_TLS_SNI_FROM_SERVER', 'Cannot issue SNI from a TLS server-side socket');
      this._tls.servername = name;
    }
    setSession(session) {
      if (typeof session === 'string') session = Buffer.from(session, 'latin1');
      this._tls.reused = !!session;
    }
    getSession() { return this._tls.session || undefined; }
    getTLSTicket() { return this._tls.session ? Buffer.from(this._tls.session) : undefined; }
    isSessionReused() { return this._handle ? this._tls.reused : null; }
    getPeerCertificate(detailed) {
      if (!this._handle) return null;
      const certs = this._tls.peerCerts;
      if (!certs || certs.length === 0) return {};
      const chain = certs.map((f) => x509.legacyObject(f));
      if (detailed) {
        for (let i = 0; i < chain.length; i++) chain[i].issuerCertificate = chain[i + 1] || chain[i];
      }
      return chain[0];
    }
    getCertificate() {
      if (!this._handle) return null;
      const certs = this._tlsOptions.secureContext ? this._tlsOptions.secureContext.context.certs : [];
      return certs.length > 0 ? x509.legacyObject(certs[0]) : {};
    }
    getPeerX509Certificate() {
      const certs = this._handle ? this._tls.peerCerts : null;
      return certs && certs.length > 0 ? new x509.X509Certificate(Buffer.from(certs[0].raw)) : undefined;
    }
    getX509Certificate() {
      const certs = this._handle && this._tlsOptions.secureContext ? this._tlsOptions.secureContext.context.certs : [];
      return certs.length > 0 ? new x509.X509Certificate(Buffer.from(certs[0].raw)) : undefined;
    }
    setKeyCert(context) {
      if (!this._handle) return;
      this._tlsOptions.secureContext = context instanceof SecureContext ? context : createSecureContext(context);
    }
    getCipher() {
      if (!this._handle) return null;
      if (!this._secureEstablished) return {};
      if (tls13) return { name: 'TLS_AES_256_GCM_SHA384', standardName: 'TLS_AES_256_GCM_SHA384', version: 'TLSv1.3' };
      return { name: 'ECDHE-ECDSA-AES128-GCM-SHA256', version: 'TLSv1/SSLv3' };
    }
    // Before the handshake OpenSSL names the highest version it has (TLSv1.3, Node 10's too).
    getProtocol() { return this._handle ? (this._secureEstablished ? protocolName : 'TLSv1.3') : null; }
    // The client's key exchange: an X25519 ECDHE key (TLS 1.2, and 1.3 before Node 22);
    // Node 22 and 24 report none for TLS 1.3, Node 26 (OpenSSL 3.5) its hybrid group.
    getEphemeralKeyInfo() {
      if (!this._handle) return null;
      if (this._tlsOptions.isServer || !this._secureEstablished) return {};
      if (!tls13 || internals.nodeMajor < 22) return { type: 'ECDH', name: 'X25519', size: 253 };
      return internals.nodeMajor >= 26 ? { type: 'TLSGroup', name: 'X25519MLKEM768' } : {};
    }
    getSharedSigalgs() {
      if (!this._handle) return null;
      return this._tlsOptions.isServer && this._secureEstablished ? ['ecdsa_secp256r1_sha256', 'rsa_pss_rsae_sha256', 'rsa_pkcs1_sha256'] : [];
    }
    getFinished() { return this._handle && this._secureEstablished ? finishedBytes(this, this._tlsOptions.isServer) : undefined; }
    getPeerFinished() { return this._handle && this._secureEstablished ? finishedBytes(this, !this._tlsOptions.isServer) : undefined; }
    exportKeyingMaterial(length, label, context) {
      if (typeof length !== 'number') throw invalidArgType('length', 'of type number', length);
      validateString(label, 'label');
      if (!this._secureEstablished) throw makeError(Error, 'ERR_TLS_INVALID_STATE', 'TLS socket connection must be securely established');
      const out = Buffer.alloc(length);
      const seed = label + (context ? Buffer.from(context).toString('hex') : '');
      for (let i = 0; i < length; i++) out[i] = (seed.charCodeAt(i % seed.length) * 31 + i * 17) & 0xff;
      return out;
    }
    setMaxSendFragment(size) {
      if (typeof size !== 'number') throw invalidArgType('size', 'of type number', size);
      return size >= 512 && size <= 16384;
    }
    disableRenegotiation() { this._disableRenegotiation = true; }
    renegotiate(options, callback) {
      validateObject(options, 'options');
      if (callback !== undefined) validateFunction(callback, 'callback');
      if (this.destroyed) return false;
      const err = tls13 ? makeError(Error, 'ERR_SSL_WRONG_SSL_VERSION', 'error:0A00010A:SSL routines::wrong ssl version')
        : null;
      if (callback) nextTick(callback, err);
      return !tls13;
    }
    enableTrace() {}
  }

  // Node 10's TLSSocket has not the methods later releases added (11.2 to 15.9).
  if (!tls13) {
    for (const k of ['enableTrace', 'exportKeyingMaterial', 'getCertificate', 'getPeerX509Certificate', 'getSharedSigalgs', 'getX509Certificate', 'setKeyCert']) {
      delete TLSSocket.prototype[k];
    }
  }

  // The session and Finished bytes are made up but fixed for a connection: nothing can
  // read them except to hand them back.
  let sessionCount = 0;
  function sessionBytes() {
    const b = Buffer.alloc(tls13 ? 1208 : 1195);
    const n = ++sessionCount;
    for (let i = 0; i < b.length; i++) b[i] = (i * 131 + n * 7) & 0xff;
    b[0] = 0x30; b[1] = 0x82;
    return b;
  }
  function finishedBytes(sock, server) {
    const b = Buffer.alloc(tls13 ? 48 : 12);
    const port = sock.localPort || 0;
    for (let i = 0; i < b.length; i++) b[i] = (i * 29 + port + (server ? 101 : 0)) & 0xff;
    return b;
  }

  // ALPN: the protocols as the wire carries them, and the server's choice (its first
  // preference the client offers).
  function decodeALPN(buf) {
    const out = [];
    for (let i = 0; i < buf.length;) { const n = buf[i]; out.push(buf.slice(i + 1, i + 1 + n).toString('latin1')); i += 1 + n; }
    return out;
  }
  function convertProtocols(protocols) {
    const lens = protocols.map((p) => Buffer.byteLength(p));
    const buf = Buffer.allocUnsafe(lens.reduce((a, b) => a + 1 + b, 0));
    let offset = 0;
    protocols.forEach((p, i) => {
      if (lens[i] > 255) throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The byte length of the protocol at index ' + i + ' exceeds the maximum length. It must be <= 255. Received ' + lens[i]);
      buf[offset++] = lens[i];
      buf.write(p, offset);
      offset += lens[i];
    });
    return buf;
  }
  function convertALPNProtocols(protocols, out) {
    if (Array.isArray(protocols)) out.ALPNProtocols = convertProtocols(protocols);
    else if (protocols instanceof Uint8Array) out.ALPNProtocols = Buffer.from(protocols);
    else if (ArrayBuffer.isView(protocols)) out.ALPNProtocols = Buffer.from(protocols.buffer.slice(protocols.byteOffset, protocols.byteOffset + protocols.byteLength));
  }
  function selectALPN(serverOptions, offered) {
    if (!offered) return false;
    if (serverOptions.ALPNCallback) {
      const chosen = serverOptions.ALPNCallback.call(serverOptions.server, { servername: null, protocols: offered });
      return chosen === undefined ? false : chosen;
    }
    if (!serverOptions.ALPNProtocols) return false;
    const mine = decodeALPN(serverOptions.ALPNProtocols);
    const pick = mine.find((p) => offered.includes(p));
    return pick === undefined ? false : pick;
  }

  // ---- the server ------------------------------------------------------------------------
  // onServerSocketSecure checks the client's certificate when the server asked for one
  // (a client without one is UNABLE_TO_GET_ISSUER_CERT) and announces the connection.
  function onServerSocketSecure() {
    if (this._requestCert) {
      const ca = this._tlsOptions.secureContext.context.ca || defaultCA;
      const code = this._tls.peerPEM ? host.x509Verify(Buffer.from(this._tls.peerPEM, 'latin1'), ca) : 'UNABLE_TO_GET_ISSUER_CERT';
      if (code) {
        this.authorizationError = code;
        if (this._rejectUnauthorized) this.destroy();
      } else {
        this.authorized = true;
      }
    }
    if (!this.destroyed && this._releaseControl()) {
      this.secureConnecting = false;
      this._tlsOptions.server.emit('secureConnection', this);
    }
  }
  function onSocketTLSError(err) {
    if (!this._controlReleased && !this[kErrorEmitted]) {
      this[kErrorEmitted] = true;
      this._tlsOptions.server.emit('tlsClientError', err, this);
    }
  }
  function onSocketClose(err) {
    if (err) return;
    if (!this._controlReleased && !this[kErrorEmitted]) {
      this[kErrorEmitted] = true;
      const connReset = makeError(Error, 'ECONNRESET', 'socket hang up');
      this._tlsOptions.server.emit('tlsClientError', connReset, this);
    }
  }
  function tlsConnectionListener(rawSocket) {
    const socket = new TLSSocket(rawSocket, {
      secureContext: this._sharedCreds, isServer: true, server: this, requestCert: this.requestCert,
      rejectUnauthorized: this.rejectUnauthorized, handshakeTimeout: this._handshakeTimeout,
      ALPNProtocols: this.ALPNProtocols, ALPNCallback: this.ALPNCallback, pauseOnConnect: this.pauseOnConnect,
    });
    socket.on('secure', onServerSocketSecure);
    socket[kErrorEmitted] = false;
    socket.on('close', onSocketClose);
    socket.on('_tlsError', onSocketTLSError);
    socket.on('error', onSocketTLSError);
  }

  class Server extends net.Server {
    constructor(options, listener) {
      if (typeof options === 'function') { listener = options; options = {}; }
      else if (options === undefined || options === null) options = {};
      else if (typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      super(options, tlsConnectionListener);
      this._contexts = [];
      this.requestCert = options.requestCert === true;
      this.rejectUnauthorized = options.rejectUnauthorized !== false;
      this.ALPNCallback = options.ALPNCallback;
      if (this.ALPNCallback && options.ALPNProtocols) {
        throw makeError(TypeError, 'ERR_TLS_ALPN_CALLBACK_WITH_PROTOCOLS', 'The ALPNCallback and ALPNProtocols TLS options are mutually exclusive');
      }
      if (options.sessionTimeout) this.sessionTimeout = options.sessionTimeout;
      if (options.ticketKeys) this.ticketKeys = options.ticketKeys;
      if (options.ALPNProtocols) convertALPNProtocols(options.ALPNProtocols, this);
      this.setSecureContext(options);
      this._handshakeTimeout = options.handshakeTimeout || 120 * 1000;
      if (typeof this._handshakeTimeout !== 'number') throw invalidArgType('options.handshakeTimeout', 'of type number', this._handshakeTimeout);
      if (options.SNICallback) validateFunction(options.SNICallback, 'options.SNICallback');
      if (listener) this.on('secureConnection', listener);
    }
    setSecureContext(options) {
      validateObject(options, 'options');
      this.key = options.key || undefined;
      this.cert = options.cert || undefined;
      this.ca = options.ca || undefined;
      this._sharedCreds = createSecureContext(Object.assign({}, options, { ca: options.ca }));
    }
    addContext(servername, context) {
      if (!servername) throw makeError(TypeError, 'ERR_TLS_REQUIRED_SERVER_NAME', '"servername" is required parameter for Server.addContext');
      this._contexts.push([servername, context instanceof SecureContext ? context : createSecureContext(context)]);
    }
    getTicketKeys() { return Buffer.alloc(48, 0x5a); }
    setTicketKeys(keys) {
      if (!ArrayBuffer.isView(keys)) throw invalidArgType('keys', 'an instance of Buffer, TypedArray, or DataView', keys);
      if (keys.byteLength !== 48) throw makeError(RangeError, 'ERR_INVALID_ARG_VALUE', 'Session ticket keys must be a 48-byte buffer');
    }
  }

  // ---- the client ------------------------------------------------------------------------
  function onConnectSecure() {
    const options = this[kConnectOptions];
    let err = null;
    const code = host.x509Verify(Buffer.from(this._tls.peerPEM || '', 'latin1'), this._secureContextCA || defaultCA);
    if (code) err = verifyError(code);
    if (!err && !this.isSessionReused()) {
      const cert = this.getPeerCertificate(true);
      err = options.checkServerIdentity(options.servername || options.host || 'localhost', cert) || null;
    }
    if (err) {
      this.authorized = false;
      this.authorizationError = err.code || err.message;
      if (options.rejectUnauthorized !== false) {
        this.destroy(err);
        return;
      }
    } else {
      this.authorized = true;
    }
    this.secureConnecting = false;
    this.emit('secureConnect');
    this[kIsVerified] = true;
    const session = this[kPendingSession];
    this[kPendingSession] = null;
    if (session) this.emit('session', session);
    this.removeListener('end', onConnectEnd);
  }

  function onConnectEnd() {
    if (!this._hadError) {
      const options = this[kConnectOptions];
      this._hadError = true;
      const error = makeError(Error, 'ECONNRESET', 'Client network socket disconnected before secure TLS connection was established',
        { path: options.path, host: options.host, port: options.port, localAddress: options.localAddress });
      this.destroy(error);
    }
  }

  function normalizeConnectArgs(listArgs) {
    const [options, cb] = net._normalizeArgs(listArgs);
    if (listArgs[1] !== null && typeof listArgs[1] === 'object') Object.assign(options, listArgs[1]);
    else if (listArgs[2] !== null && typeof listArgs[2] === 'object') Object.assign(options, listArgs[2]);
    return [options, cb];
  }

  function connect(...args) {
    let [options, cb] = normalizeConnectArgs(args);
    options = Object.assign({ rejectUnauthorized: true, ciphers: exports.DEFAULT_CIPHERS, checkServerIdentity, minDHSize: 1024 }, options);
    if (!options.keepAlive) options.singleUse = true;
    validateFunction(options.checkServerIdentity, 'options.checkServerIdentity');
    if (typeof options.minDHSize !== 'number') throw invalidArgType('options.minDHSize', 'of type number', options.minDHSize);
    const context = options.secureContext || createSecureContext(options);
    const tlssock = new TLSSocket(options.socket, {
      allowHalfOpen: options.allowHalfOpen, pipe: !!options.path, secureContext: context, isServer: false, requestCert: true,
      rejectUnauthorized: options.rejectUnauthorized !== false, session: options.session, ALPNProtocols: undefined,
      signal: options.signal, highWaterMark: options.highWaterMark,
    });
    if (options.ALPNProtocols) convertALPNProtocols(options.ALPNProtocols, tlssock._tlsOptions);
    tlssock._secureContextCA = context.context.ca;
    options.rejectUnauthorized = options.rejectUnauthorized !== false;
    tlssock[kConnectOptions] = options;
    if (cb) tlssock.once('secureConnect', cb);
    if (!options.socket) {
      if (options.timeout) tlssock.setTimeout(options.timeout);
      tlssock.connect(options, tlssock._start);
    }
    tlssock._releaseControl();
    if (options.session) tlssock.setSession(options.session);
    if (options.servername) {
      if (net.isIP(options.servername)) {
        internals.process.emitWarning('Setting the TLS ServerName to an IP address is not permitted by RFC 6066. This will be ignored in a future version.', 'DeprecationWarning', 'DEP0123');
      }
      tlssock.setServername(options.servername);
    }
    if (options.socket) tlssock._start();
    tlssock.on('secure', onConnectSecure);
    tlssock.prependListener('end', onConnectEnd);
    return tlssock;
  }

  // ---- CA certificates -------------------------------------------------------------------
  function getCACertificates(type = 'default') {
    validateString(type, 'type');
    if (type === 'extra') return [];
    if (type === 'default') return defaultCA.map((der) => x509.pemOf(der, 'CERTIFICATE'));
    if (type === 'bundled' || type === 'system') {
      return internals.unsupported("tls.getCACertificates('" + type + "')", "Node's bundled Mozilla root certificates and the system's store are not carried by the simulated machine, which trusts no public root");
    }
    throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'type' is invalid. Received '" + type + "'");
  }
  function setDefaultCACertificates(certs) {
    if (!Array.isArray(certs)) throw invalidArgType('certs', 'an instance of Array', certs);
    const list = [];
    for (const c of certs) {
      const parsed = x509.parse(typeof c === 'string' ? Buffer.from(c) : c);
      if (parsed === undefined) throw badPEM();
      list.push(...parsed.map((f) => Buffer.from(f.raw)));
    }
    defaultCA = list;
  }

  const ciphers = ['aes128-gcm-sha256', 'aes128-sha', 'aes128-sha256', 'aes256-gcm-sha384', 'aes256-sha', 'aes256-sha256', 'dhe-psk-aes128-cbc-sha',
    'dhe-psk-aes128-cbc-sha256', 'dhe-psk-aes128-gcm-sha256', 'dhe-psk-aes256-cbc-sha', 'dhe-psk-aes256-cbc-sha384', 'dhe-psk-aes256-gcm-sha384',
    'dhe-psk-chacha20-poly1305', 'dhe-rsa-aes128-gcm-sha256', 'dhe-rsa-aes128-sha', 'dhe-rsa-aes128-sha256', 'dhe-rsa-aes256-gcm-sha384',
    'dhe-rsa-aes256-sha', 'dhe-rsa-aes256-sha256', 'dhe-rsa-chacha20-poly1305', 'ecdhe-ecdsa-aes128-gcm-sha256', 'ecdhe-ecdsa-aes128-sha',
    'ecdhe-ecdsa-aes128-sha256', 'ecdhe-ecdsa-aes256-gcm-sha384', 'ecdhe-ecdsa-aes256-sha', 'ecdhe-ecdsa-aes256-sha384',
    'ecdhe-ecdsa-chacha20-poly1305', 'ecdhe-psk-aes128-cbc-sha', 'ecdhe-psk-aes128-cbc-sha256', 'ecdhe-psk-aes256-cbc-sha',
    'ecdhe-psk-aes256-cbc-sha384', 'ecdhe-psk-chacha20-poly1305', 'ecdhe-rsa-aes128-gcm-sha256', 'ecdhe-rsa-aes128-sha',
    'ecdhe-rsa-aes128-sha256', 'ecdhe-rsa-aes256-gcm-sha384', 'ecdhe-rsa-aes256-sha', 'ecdhe-rsa-aes256-sha384', 'ecdhe-rsa-chacha20-poly1305',
    'psk-aes128-cbc-sha', 'psk-aes128-cbc-sha256', 'psk-aes128-gcm-sha256', 'psk-aes256-cbc-sha', 'psk-aes256-cbc-sha384',
    'psk-aes256-gcm-sha384', 'psk-chacha20-poly1305', 'rsa-psk-aes128-cbc-sha', 'rsa-psk-aes128-cbc-sha256', 'rsa-psk-aes128-gcm-sha256',
    'rsa-psk-aes256-cbc-sha', 'rsa-psk-aes256-cbc-sha384', 'rsa-psk-aes256-gcm-sha384', 'rsa-psk-chacha20-poly1305', 'srp-aes-128-cbc-sha',
    'srp-aes-256-cbc-sha', 'srp-rsa-aes-128-cbc-sha', 'srp-rsa-aes-256-cbc-sha', 'tls_aes_128_ccm_8_sha256', 'tls_aes_128_ccm_sha256',
    'tls_aes_128_gcm_sha256', 'tls_aes_256_gcm_sha384', 'tls_chacha20_poly1305_sha256'];

  Object.assign(exports, {
    CLIENT_RENEG_LIMIT: 3,
    CLIENT_RENEG_WINDOW: 600,
    DEFAULT_CIPHERS: 'TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:ECDHE-RSA-AES128-GCM-SHA256:' +
      'ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:' +
      'ECDHE-RSA-AES128-SHA256:DHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:DHE-RSA-AES256-SHA384:ECDHE-RSA-AES256-SHA256:' +
      'DHE-RSA-AES256-SHA256:HIGH:!aNULL:!eNULL:!EXPORT:!DES:!RC4:!MD5:!PSK:!SRP:!CAMELLIA',
    DEFAULT_ECDH_CURVE: 'auto',
    DEFAULT_MIN_VERSION: tls13 ? 'TLSv1.2' : 'TLSv1',
    DEFAULT_MAX_VERSION: protocolName,
    getCiphers: () => ciphers.slice(),
    checkServerIdentity,
    convertALPNProtocols,
    createSecureContext,
    SecureContext,
    TLSSocket,
    Server,
    createServer: (options, listener) => new Server(options, listener),
    connect,
    getCACertificates,
    setDefaultCACertificates,
  });
})
