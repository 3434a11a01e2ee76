// crypto.X509Certificate reads a certificate's fields as OpenSSL prints them (names,
// dates, fingerprints, serial, altnames) and checks host names, IPs, its key and its
// signature; toLegacyObject is the object tls's getPeerCertificate returns.
const crypto = require('crypto');
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFCSeaavLMmKW9v8r
eSxtgNjRQwvNxapGUcmj/UHlteGhRANCAARhyhSh3clsMBhh3uTjTou5KWMKWoe9
l7BlxNQzRFP2Bo6lo2/ciHRnfjUn16uk5NpG4GRjZpNvsuX5oN98xUsg
-----END PRIVATE KEY-----
`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBmTCCAT+gAwIBAgIFGis8TV4wCgYIKoZIzj0EAwIwKzEVMBMGA1UEChMMTG9v
cGxhYiBUZXN0MRIwEAYDVQQDEwlsb2NhbGhvc3QwIBcNMjAwMTAxMDAwMDAwWhgP
MjA5OTEyMzEyMzU5NTlaMCsxFTATBgNVBAoTDExvb3BsYWIgVGVzdDESMBAGA1UE
AxMJbG9jYWxob3N0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYcoUod3JbDAY
Yd7k406LuSljClqHvZewZcTUM0RT9gaOpaNv3Ih0Z341J9erpOTaRuBkY2aTb7Ll
+aDffMVLIKNOMEwwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHQ4EFgQUd05TRPfQ70Ds
AAE9BMxqZqLRjnYwGgYDVR0RBBMwEYIJbG9jYWxob3N0hwR/AAABMAoGCCqGSM49
BAMCA0gAMEUCIQC/jkZwEdrvE1y9E3McqSBk4iOUj/60er6p7invCrg/9AIgVmnR
gw6O8uHPHoCE4DSbUc14oL5K/kHkkwXzrinw/Gw=
-----END CERTIFICATE-----
`;
const x = new crypto.X509Certificate(CERT);
console.log(JSON.stringify(x.subject), JSON.stringify(x.issuer), x.subjectAltName);
console.log(x.validFrom, '|', x.validTo, '|', x.validFromDate.toISOString(), x.validToDate.getUTCFullYear());
console.log(x.serialNumber, x.ca, x.keyUsage, x.infoAccess, x.issuerCertificate);
console.log(x.fingerprint);
console.log(x.fingerprint256);
console.log(x.fingerprint512.length, x.raw.length, x.raw.slice(0, 4).toString('hex'));
console.log(x.toString() === x.toJSON(), x.toString().split('\n').length, x.toString().startsWith('-----BEGIN CERTIFICATE-----\nMIIB'));
console.log(x.checkHost('localhost'), x.checkHost('LOCALHOST'), x.checkHost('example.com'), x.checkIP('127.0.0.1'), x.checkIP('10.0.0.1'), x.checkEmail('a@b.c'));
const pub = x.publicKey;
console.log(pub.type, pub.asymmetricKeyType, pub.asymmetricKeyDetails.namedCurve);
console.log(x.verify(pub), x.checkIssued(x), x.checkPrivateKey(crypto.createPrivateKey(KEY)));
const other = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
console.log(x.verify(other.publicKey), x.checkPrivateKey(other.privateKey));
const legacy = x.toLegacyObject();
console.log(Object.keys(legacy).join(','));
console.log(legacy.subject, legacy.bits, legacy.asn1Curve, legacy.nistCurve, legacy.pubkey.length, legacy.valid_to);
try { new crypto.X509Certificate('not a certificate'); } catch (e) { console.log('bad input throws', e instanceof Error); }
try { new crypto.X509Certificate(42); } catch (e) { console.log(e.code); }
