// x509.js: crypto.X509Certificate and the certificate objects of tls (getPeerCertificate),
// one home for both. The fields are read by Go's crypto/x509 from the certificate itself
// (sim/x509.go) and shown as OpenSSL shows them to Node.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const { Buffer } = internals.builtin('buffer');
  const crypto = () => internals.builtin('crypto');
  const kFields = Symbol('kFields');
  const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

  // parse reads every certificate of PEM text or one DER certificate: their fields, or
  // undefined when there is none.
  function parse(data) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return host.x509Parse(bytes);
  }

  const dnText = (pairs) => pairs.map(([k, v]) => k + '=' + v).join('\n');
  function dnObject(pairs) {
    const o = { __proto__: null };
    for (const [k, v] of pairs) {
      if (k in o) o[k] = [].concat(o[k], v);
      else o[k] = v;
    }
    return o;
  }
  const toBuffer = (ab) => (ab === undefined ? undefined : Buffer.from(ab));
  const pemOf = (der, label) => '-----BEGIN ' + label + '-----\n' + Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '') + '\n-----END ' + label + '-----\n';

  // legacyObject is a certificate as tls's getPeerCertificate and toLegacyObject give it:
  // before Node 24 without the fields it lacks, its key's fields after ca.
  function legacyObject(f) {
    if (internals.nodeMajor < 24) {
      const o = { subject: dnObject(f.subject), issuer: dnObject(f.issuer) };
      if (f.subjectaltname) o.subjectaltname = f.subjectaltname;
      o.ca = f.ca;
      if (f.modulus !== undefined) { o.modulus = f.modulus; o.bits = f.bits; o.exponent = f.exponent; o.pubkey = toBuffer(f.pubkey); }
      else { o.bits = f.bits; o.pubkey = toBuffer(f.pubkey); }
      if (f.asn1Curve) { o.asn1Curve = f.asn1Curve; o.nistCurve = f.nistCurve; }
      Object.assign(o, { valid_from: f.validFrom, valid_to: f.validTo, fingerprint: f.fingerprint, fingerprint256: f.fingerprint256 });
      if (internals.nodeMajor >= 17) o.fingerprint512 = f.fingerprint512;
      if (f.extKeyUsage) o.ext_key_usage = f.extKeyUsage;
      o.serialNumber = f.serialNumber;
      o.raw = toBuffer(f.raw);
      return o;
    }
    const o = {
      subject: dnObject(f.subject),
      issuer: dnObject(f.issuer),
      subjectaltname: f.subjectaltname || undefined,
      infoAccess: undefined,
      ca: f.ca,
      modulus: f.modulus,
      exponent: f.exponent,
      pubkey: toBuffer(f.pubkey),
      bits: f.bits,
      valid_from: f.validFrom,
      valid_to: f.validTo,
      fingerprint: f.fingerprint,
      fingerprint256: f.fingerprint256,
      fingerprint512: f.fingerprint512,
      ext_key_usage: f.extKeyUsage,
      serialNumber: f.serialNumber,
      raw: toBuffer(f.raw),
    };
    if (f.asn1Curve) { o.asn1Curve = f.asn1Curve; o.nistCurve = f.nistCurve; }
    return o;
  }

  const validateString = (v, name) => { if (typeof v !== 'string') throw invalidArgType(name, 'of type string', v); };

  class X509Certificate {
    constructor(buffer) {
      if (typeof buffer !== 'string' && !ArrayBuffer.isView(buffer)) {
        throw invalidArgType('buffer', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', buffer);
      }
      const all = parse(buffer);
      if (all === undefined) {
        throw makeError(Error, 'ERR_OSSL_ASN1_HEADER_TOO_LONG', 'error:0680007B:asn1 encoding routines::header too long',
          { library: 'asn1 encoding routines', reason: 'header too long' });
      }
      this[kFields] = all[0];
    }
    get subject() { return dnText(this[kFields].subject); }
    get issuer() { return dnText(this[kFields].issuer); }
    get subjectAltName() { return this[kFields].subjectaltname || undefined; }
    get infoAccess() { return undefined; }
    get validFrom() { return this[kFields].validFrom; }
    get validTo() { return this[kFields].validTo; }
    get validFromDate() { return new Date(this[kFields].validFromMS); }
    get validToDate() { return new Date(this[kFields].validToMS); }
    get fingerprint() { return this[kFields].fingerprint; }
    get fingerprint256() { return this[kFields].fingerprint256; }
    get fingerprint512() { return this[kFields].fingerprint512; }
    get keyUsage() { return this[kFields].extKeyUsage; }
    get signatureAlgorithm() { return this[kFields].signatureAlgorithm; }
    get signatureAlgorithmOid() { return this[kFields].signatureAlgorithmOid; }
    get serialNumber() { return this[kFields].serialNumber; }
    get raw() { return Buffer.from(this[kFields].raw); }
    get ca() { return this[kFields].ca; }
    get issuerCertificate() { return undefined; }
    get publicKey() { return crypto().createPublicKey(pemOf(this[kFields].spki, 'PUBLIC KEY')); }
    checkHost(name, options) {
      validateString(name, 'name');
      const tls = internals.builtin('tls');
      const cert = { subject: dnObject(this[kFields].subject), subjectaltname: this[kFields].subjectaltname };
      if (options && options.subject === 'always') delete cert.subjectaltname;
      if (tls.checkServerIdentity(name, cert) !== undefined) return undefined;
      // The name the certificate gives, as it gives it.
      const dns = (cert.subjectaltname || '').split(', ').filter((n) => n.startsWith('DNS:')).map((n) => n.slice(4));
      const match = dns.find((d) => tls.checkServerIdentity(name, { subjectaltname: 'DNS:' + d }) === undefined);
      return match !== undefined ? match : cert.subject.CN !== undefined ? String(cert.subject.CN) : name;
    }
    checkEmail(email) {
      validateString(email, 'email');
      const names = (this[kFields].subjectaltname || '').split(', ').filter((n) => n.startsWith('email:')).map((n) => n.slice(6));
      const subject = dnObject(this[kFields].subject);
      return names.includes(email) || (names.length === 0 && subject.emailAddress === email) ? email : undefined;
    }
    checkIP(ip) {
      validateString(ip, 'ip');
      if (!internals.builtin('net').isIP(ip)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'ip' is invalid. Received '" + ip + "'");
      const names = (this[kFields].subjectaltname || '').split(', ').filter((n) => n.startsWith('IP Address:')).map((n) => n.slice(11));
      return names.includes(ip) ? ip : undefined;
    }
    checkIssued(otherCert) {
      if (!(otherCert instanceof X509Certificate)) throw invalidArgType('otherCert', 'an instance of X509Certificate', otherCert);
      return this.issuer === otherCert.subject && host.x509SignedBy(Buffer.from(this[kFields].raw), Buffer.from(otherCert[kFields].spki));
    }
    checkPrivateKey(pkey) {
      if (!pkey || pkey.type !== 'private') throw invalidArgType('pkey', 'an instance of KeyObject', pkey);
      const spki = crypto().createPublicKey(pkey).export({ type: 'spki', format: 'der' });
      return Buffer.compare(spki, Buffer.from(this[kFields].spki)) === 0;
    }
    verify(pkey) {
      if (!pkey || pkey.type !== 'public') throw invalidArgType('pkey', 'an instance of KeyObject', pkey);
      return host.x509SignedBy(Buffer.from(this[kFields].raw), pkey.export({ type: 'spki', format: 'der' }));
    }
    toString() { return pemOf(this[kFields].raw, 'CERTIFICATE'); }
    toJSON() { return this.toString(); }
    toLegacyObject() { return legacyObject(this[kFields]); }
    [inspectCustom](depth, options, inspect) {
      if (depth < 0) return this;
      const o = {
        subject: this.subject, subjectAltName: this.subjectAltName, issuer: this.issuer, infoAccess: this.infoAccess,
        validFrom: this.validFrom, validTo: this.validTo, validFromDate: this.validFromDate, validToDate: this.validToDate,
        fingerprint: this.fingerprint, fingerprint256: this.fingerprint256, fingerprint512: this.fingerprint512,
        keyUsage: this.keyUsage, serialNumber: this.serialNumber,
      };
      return 'X509Certificate ' + inspect(o, Object.assign({}, options, { depth: options.depth === null ? null : options.depth - 1 }));
    }
  }

  // What releases before 24 lack: the signature's algorithm (24), the dates as Dates (22).
  for (const [k, since] of [['signatureAlgorithm', 24], ['signatureAlgorithmOid', 24], ['validFromDate', 22], ['validToDate', 22]]) {
    if (internals.nodeMajor < since) delete X509Certificate.prototype[k];
  }

  Object.assign(exports, { X509Certificate, parse, legacyObject, pemOf });
})
