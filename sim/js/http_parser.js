// http_parser.js: an incremental HTTP/1.x message parser (what llhttp is to Node), for
// http.js and fetch.js. One parser reads one direction of one connection: requests on a
// server's socket, responses on a client's.
//
//   const p = new HTTPParser(kind, callbacks)   kind 'request' or 'response'
//   p.execute(buffer)    feed bytes; returns an Error (code HPE_*) when they are not HTTP
//   p.finish()           the peer closed: completes a body read until EOF
//   p.expectNoBody()     the next response answers a HEAD request
//
// callbacks.onHeaders(info) gets { method, url, statusCode, statusMessage, versionMajor,
// versionMinor, rawHeaders, shouldKeepAlive, upgrade, contentLength, chunked } and may
// return true to say the message has no body (a response to HEAD); onBody(buf) gets each
// piece of the body as it arrives (chunked pieces one by one); onComplete(trailers) ends
// the message; after it the parser reads the next one (keep-alive).
(function (exports, internals) {
  'use strict';
  const { Buffer } = internals.builtin('buffer');
  const maxHeaderSize = 16384;

  const hpe = (code, reason) => {
    const e = new Error('Parse Error: ' + reason);
    e.code = code;
    e.reason = reason;
    return e;
  };

  class HTTPParser {
    constructor(kind, callbacks) {
      this.kind = kind;
      this.cb = callbacks;
      this.buf = Buffer.alloc(0);
      this.state = 'head';  // head, body-length, body-chunk-size, body-chunk, body-chunk-end, trailers, body-eof, done
      this.remaining = 0;
      this.noBodyNext = [];
      this.info = null;
      this.trailers = [];
    }
    expectNoBody() { this.noBodyNext.push(true); }
    execute(data) {
      this.buf = this.buf.length === 0 ? data : Buffer.concat([this.buf, data]);
      for (;;) {
        const progressed = this.step();
        if (progressed instanceof Error) return progressed;
        if (!progressed) return undefined;
      }
    }
    finish() {
      if (this.state === 'body-eof') {
        this.state = 'head';
        this.cb.onComplete([]);
        return undefined;
      }
      if (this.state !== 'head' || this.buf.length > 0) return hpe('HPE_INVALID_EOF_STATE', 'Invalid EOF state');
      return undefined;
    }
    // takeBody gives onBody what the buffer holds of the body's remaining bytes (a
    // length-delimited body or one chunk) and reports whether none remain.
    takeBody() {
      const n = Math.min(this.remaining, this.buf.length);
      const piece = this.buf.subarray(0, n);
      this.buf = this.buf.subarray(n);
      this.remaining -= n;
      this.cb.onBody(piece);
      return this.remaining === 0;
    }
    // step consumes what it can; it returns true when it made progress, false when it
    // needs more bytes, or an Error.
    step() {
      switch (this.state) {
        case 'head': return this.readHead();
        case 'body-length': {
          if (this.buf.length === 0) return false;
          if (this.takeBody()) this.complete([]);
          return true;
        }
        case 'body-eof': {
          if (this.buf.length === 0) return false;
          const piece = this.buf;
          this.buf = Buffer.alloc(0);
          this.cb.onBody(piece);
          return true;
        }
        case 'body-chunk-size': {
          const i = this.buf.indexOf('\r\n');
          if (i < 0) return false;
          const line = this.buf.subarray(0, i).toString('latin1');
          this.buf = this.buf.subarray(i + 2);
          const size = parseInt(line.split(';')[0].trim(), 16);
          if (Number.isNaN(size)) return hpe('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size');
          if (size === 0) { this.state = 'trailers'; this.trailers = []; return true; }
          this.remaining = size;
          this.state = 'body-chunk';
          return true;
        }
        case 'body-chunk': {
          if (this.buf.length === 0) return false;
          if (this.takeBody()) this.state = 'body-chunk-end';
          return true;
        }
        case 'body-chunk-end': {
          if (this.buf.length < 2) return false;
          this.buf = this.buf.subarray(2);
          this.state = 'body-chunk-size';
          return true;
        }
        case 'trailers': {
          const i = this.buf.indexOf('\r\n');
          if (i < 0) return false;
          const line = this.buf.subarray(0, i).toString('latin1');
          this.buf = this.buf.subarray(i + 2);
          if (line === '') { this.complete(this.trailers); return true; }
          const c = line.indexOf(':');
          if (c > 0) this.trailers.push(line.slice(0, c).trim(), line.slice(c + 1).trim());
          return true;
        }
        default: return false;
      }
    }
    readHead() {
      let start = 0;
      while (this.buf.length >= start + 2 && this.buf[start] === 13 && this.buf[start + 1] === 10) start += 2; // stray CRLFs
      if (start > 0) this.buf = this.buf.subarray(start);
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (this.buf.length > maxHeaderSize) return hpe('HPE_HEADER_OVERFLOW', 'Header overflow');
        return false;
      }
      if (end > maxHeaderSize) return hpe('HPE_HEADER_OVERFLOW', 'Header overflow');
      const lines = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      this.buf = this.buf.subarray(end + 4);
      const info = { rawHeaders: [], versionMajor: 1, versionMinor: 1 };
      const first = lines[0];
      if (this.kind === 'request') {
        const m = /^([A-Z-]+) (\S+) HTTP\/(\d)\.(\d)$/.exec(first);
        if (!m) return hpe(/^[A-Z-]+ /.test(first) ? 'HPE_INVALID_VERSION' : 'HPE_INVALID_METHOD', /^[A-Z-]+ /.test(first) ? 'Invalid HTTP version' : 'Invalid method encountered');
        info.method = m[1];
        info.url = m[2];
        info.versionMajor = Number(m[3]);
        info.versionMinor = Number(m[4]);
      } else {
        const m = /^HTTP\/(\d)\.(\d) (\d{3})(?: (.*))?$/.exec(first);
        if (!m) return hpe('HPE_INVALID_CONSTANT', 'Expected HTTP/');
        info.versionMajor = Number(m[1]);
        info.versionMinor = Number(m[2]);
        info.statusCode = Number(m[3]);
        info.statusMessage = m[4] === undefined ? '' : m[4];
      }
      let contentLength = -1, chunked = false, connection = '', upgrade = false;
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i];
        const c = line.indexOf(':');
        if (c <= 0) return hpe('HPE_INVALID_HEADER_TOKEN', 'Invalid header token');
        const name = line.slice(0, c);
        const value = line.slice(c + 1).trim();
        info.rawHeaders.push(name, value);
        const lower = name.toLowerCase();
        if (lower === 'content-length') {
          const n = Number(value);
          if (!/^\d+$/.test(value) || (contentLength >= 0 && contentLength !== n)) return hpe('HPE_UNEXPECTED_CONTENT_LENGTH', 'Duplicate Content-Length');
          contentLength = n;
        } else if (lower === 'transfer-encoding') {
          chunked = /(^|,)\s*chunked\s*$/i.test(value);
        } else if (lower === 'connection') {
          connection += ',' + value.toLowerCase();
        } else if (lower === 'upgrade') {
          upgrade = true;
        }
      }
      const http11 = info.versionMajor === 1 && info.versionMinor === 1;
      const closeAsked = /(^|,)\s*close\s*($|,)/.test(connection);
      const keepAsked = /(^|,)\s*keep-alive\s*($|,)/.test(connection);
      info.upgrade = upgrade && /(^|,)\s*upgrade\s*($|,)/.test(connection) || (this.kind === 'request' && info.method === 'CONNECT');
      info.contentLength = contentLength;
      info.chunked = chunked;
      const noBody = this.kind === 'response' && (this.noBodyNext.shift() === true || info.statusCode === 204 || info.statusCode === 304 || (info.statusCode >= 100 && info.statusCode < 200));
      const readsToEOF = this.kind === 'response' && !noBody && !chunked && contentLength < 0;
      info.shouldKeepAlive = !readsToEOF && (http11 ? !closeAsked : keepAsked);
      this.info = info;
      const skip = this.cb.onHeaders(info) === true;
      if (skip || noBody || info.upgrade) { this.complete([]); return true; }
      if (chunked) { this.state = 'body-chunk-size'; return true; }
      if (contentLength > 0) { this.state = 'body-length'; this.remaining = contentLength; return true; }
      if (readsToEOF) { this.state = 'body-eof'; return true; }
      this.complete([]);
      return true;
    }
    complete(trailers) {
      this.state = 'head';
      this.cb.onComplete(trailers);
    }
    // remainder is what came after an upgraded message's head.
    remainder() { const b = this.buf; this.buf = Buffer.alloc(0); return b; }
  }

  exports.HTTPParser = HTTPParser;
  exports.maxHeaderSize = maxHeaderSize;
})
