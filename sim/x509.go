package sim

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/looplab/looplab/sim/internal/engine"
)

// X.509 certificates for crypto.X509Certificate and tls (js/crypto.js, js/tls.js): the
// fields are read from the certificate itself with crypto/x509, as OpenSSL prints them
// for Node; a chain is checked as OpenSSL's X509_verify_cert answers, at the run's
// virtual date.

// errNotCertificate is a PEM or DER input that holds no certificate.
var errNotCertificate = errors.New("not a certificate")

// parseCertificates reads every certificate of PEM text, or one DER certificate.
func parseCertificates(data []byte) ([]*x509.Certificate, error) {
	var certs []*x509.Certificate
	rest := data
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" && block.Type != "TRUSTED CERTIFICATE" {
			continue
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", errNotCertificate, err)
		}
		certs = append(certs, c)
	}
	if len(certs) > 0 {
		return certs, nil
	}
	c, err := x509.ParseCertificate(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotCertificate, err)
	}
	return []*x509.Certificate{c}, nil
}

// dnShortNames are OpenSSL's short names of the name attributes Node prints.
var dnShortNames = map[string]string{
	"2.5.4.3": "CN", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.9": "street",
	"2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.12": "title", "2.5.4.5": "serialNumber",
	"2.5.4.42": "GN", "2.5.4.4": "SN", "2.5.4.17": "postalCode", "2.5.4.46": "dnQualifier",
	"1.2.840.113549.1.9.1": "emailAddress", "0.9.2342.19200300.100.1.25": "DC",
	"0.9.2342.19200300.100.1.1": "UID",
}

// distinguishedName is a name's attributes in the certificate's order, as [key, value]
// pairs.
func distinguishedName(n pkix.Name) []any {
	out := make([]any, 0, len(n.Names))
	for _, a := range n.Names {
		key, ok := dnShortNames[a.Type.String()]
		if !ok {
			key = a.Type.String()
		}
		out = append(out, []any{key, fmt.Sprint(a.Value)})
	}
	return out
}

// opensslTime is a date as OpenSSL prints it: "Jan  1 00:00:00 2020 GMT".
func opensslTime(t time.Time) string { return t.UTC().Format("Jan _2 15:04:05 2006 GMT") }

// colonHex is bytes as upper-case hexadecimal pairs joined by colons.
func colonHex(b []byte) string {
	h := strings.ToUpper(hex.EncodeToString(b))
	parts := make([]string, 0, len(b))
	for i := 0; i < len(h); i += 2 {
		parts = append(parts, h[i:i+2])
	}
	return strings.Join(parts, ":")
}

// subjectAltName is the extension as OpenSSL prints it ("DNS:a, IP Address:127.0.0.1").
func subjectAltName(c *x509.Certificate) string {
	var parts []string
	for _, d := range c.DNSNames {
		parts = append(parts, "DNS:"+d)
	}
	for _, ip := range c.IPAddresses {
		parts = append(parts, "IP Address:"+ip.String())
	}
	for _, e := range c.EmailAddresses {
		parts = append(parts, "email:"+e)
	}
	for _, u := range c.URIs {
		parts = append(parts, "URI:"+u.String())
	}
	return strings.Join(parts, ", ")
}

var curveNames = map[string][2]string{"P-256": {"prime256v1", "P-256"}, "P-384": {"secp384r1", "P-384"}, "P-521": {"secp521r1", "P-521"}}

// certificateFields is what Node shows of a certificate (X509Certificate's getters and
// the legacy object of getPeerCertificate), for js/crypto.js to assemble.
func certificateFields(c *x509.Certificate) map[string]any {
	sha1sum := sha1.Sum(c.Raw)
	sha256sum := sha256.Sum256(c.Raw)
	sha512sum := sha512.Sum512(c.Raw)
	f := map[string]any{
		"subject":        distinguishedName(c.Subject),
		"issuer":         distinguishedName(c.Issuer),
		"subjectaltname": subjectAltName(c),
		"ca":             c.BasicConstraintsValid && c.IsCA,
		"validFrom":      opensslTime(c.NotBefore),
		"validTo":        opensslTime(c.NotAfter),
		"validFromMS":    c.NotBefore.UnixMilli(),
		"validToMS":      c.NotAfter.UnixMilli(),
		"fingerprint":    colonHex(sha1sum[:]),
		"fingerprint256": colonHex(sha256sum[:]),
		"fingerprint512": colonHex(sha512sum[:]),
		"serialNumber":   strings.ToUpper(c.SerialNumber.Text(16)),
		"raw":            append([]byte(nil), c.Raw...),
		"spki":           append([]byte(nil), c.RawSubjectPublicKeyInfo...),
	}
	if alg, ok := signatureAlgorithms[c.SignatureAlgorithm]; ok {
		f["signatureAlgorithm"], f["signatureAlgorithmOid"] = alg[0], alg[1]
	}
	if len(c.ExtKeyUsage) > 0 || len(c.UnknownExtKeyUsage) > 0 {
		var oids []any
		for _, u := range c.ExtKeyUsage {
			if oid, ok := extKeyUsageOIDs[u]; ok {
				oids = append(oids, oid)
			}
		}
		for _, u := range c.UnknownExtKeyUsage {
			oids = append(oids, u.String())
		}
		f["extKeyUsage"] = oids
	}
	switch k := c.PublicKey.(type) {
	case *rsa.PublicKey:
		f["keyType"] = "rsa"
		f["bits"] = k.N.BitLen()
		f["modulus"] = strings.ToUpper(k.N.Text(16))
		f["exponent"] = fmt.Sprintf("0x%x", k.E)
		f["pubkey"] = x509.MarshalPKCS1PublicKey(k)
	case *ecdsa.PublicKey:
		f["keyType"] = "ec"
		f["bits"] = k.Curve.Params().BitSize
		if n, ok := curveNames[k.Curve.Params().Name]; ok {
			f["asn1Curve"], f["nistCurve"] = n[0], n[1]
		}
		if pub, err := k.ECDH(); err == nil {
			f["pubkey"] = pub.Bytes()
		}
	case ed25519.PublicKey:
		f["keyType"] = "ed25519"
		f["bits"] = 256
		f["pubkey"] = []byte(k)
	}
	return f
}

// signatureAlgorithms are OpenSSL's long names and the OIDs of the signatures Node shows.
var signatureAlgorithms = map[x509.SignatureAlgorithm][2]string{
	x509.SHA256WithRSA: {"sha256WithRSAEncryption", "1.2.840.113549.1.1.11"}, x509.SHA384WithRSA: {"sha384WithRSAEncryption", "1.2.840.113549.1.1.12"},
	x509.SHA512WithRSA: {"sha512WithRSAEncryption", "1.2.840.113549.1.1.13"}, x509.SHA1WithRSA: {"sha1WithRSAEncryption", "1.2.840.113549.1.1.5"},
	x509.ECDSAWithSHA256: {"ecdsa-with-SHA256", "1.2.840.10045.4.3.2"}, x509.ECDSAWithSHA384: {"ecdsa-with-SHA384", "1.2.840.10045.4.3.3"},
	x509.ECDSAWithSHA512: {"ecdsa-with-SHA512", "1.2.840.10045.4.3.4"}, x509.PureEd25519: {"ED25519", "1.3.101.112"},
	x509.SHA256WithRSAPSS: {"rsassaPss", "1.2.840.113549.1.1.10"},
}

var extKeyUsageOIDs = map[x509.ExtKeyUsage]string{
	x509.ExtKeyUsageServerAuth: "1.3.6.1.5.5.7.3.1", x509.ExtKeyUsageClientAuth: "1.3.6.1.5.5.7.3.2",
	x509.ExtKeyUsageCodeSigning: "1.3.6.1.5.5.7.3.3", x509.ExtKeyUsageEmailProtection: "1.3.6.1.5.5.7.3.4",
	x509.ExtKeyUsageTimeStamping: "1.3.6.1.5.5.7.3.8", x509.ExtKeyUsageOCSPSigning: "1.3.6.1.5.5.7.3.9",
}

// opX509Parse(pemOrDER) -> the certificates' fields (certificateFields), first one
// first; throws when the input holds no certificate.
func (r *cryptoModule) opX509Parse(c *engine.Call) engine.Value {
	certs, err := parseCertificates(r.bytesArg(c.Arg(0)))
	if err != nil {
		return r.js.Undefined()
	}
	out := make([]any, len(certs))
	for i, cert := range certs {
		out[i] = certificateFields(cert)
	}
	return r.val(out)
}

// opX509Verify(chainPEMOrDER, trustedPEMs) -> "" when the chain's first certificate
// chains to one of the trusted ones at the run's virtual date, else OpenSSL's
// verification code (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, ...).
func (r *cryptoModule) opX509Verify(c *engine.Call) engine.Value {
	chain, err := parseCertificates(r.bytesArg(c.Arg(0)))
	if err != nil || len(chain) == 0 {
		return r.js.String("UNABLE_TO_GET_ISSUER_CERT_LOCALLY")
	}
	roots := x509.NewCertPool()
	trusted := c.Arg(1)
	for i := range r.js.Len(trusted) {
		certs, err := parseCertificates(r.bytesArg(r.js.Index(trusted, i)))
		if err != nil {
			continue
		}
		for _, cert := range certs {
			roots.AddCert(cert)
		}
	}
	inter := x509.NewCertPool()
	for _, cert := range chain[1:] {
		inter.AddCert(cert)
	}
	return r.js.String(verifyCode(chain[0], roots, inter, len(chain) > 1, r.virtualDate()))
}

// verifyCode is OpenSSL's name of why leaf (sent with intermediates when withChain)
// does not verify against roots at now, or "".
func verifyCode(leaf *x509.Certificate, roots, inter *x509.CertPool, withChain bool, now time.Time) string {
	_, err := leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter, CurrentTime: now,
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
	if err == nil {
		return ""
	}
	var inv x509.CertificateInvalidError
	if errors.As(err, &inv) && inv.Reason == x509.Expired {
		if now.Before(leaf.NotBefore) {
			return "CERT_NOT_YET_VALID"
		}
		return "CERT_HAS_EXPIRED"
	}
	selfSigned := string(leaf.RawIssuer) == string(leaf.RawSubject) && leaf.CheckSignatureFrom(leaf) == nil
	if selfSigned {
		return "DEPTH_ZERO_SELF_SIGNED_CERT"
	}
	var unknown x509.UnknownAuthorityError
	if errors.As(err, &unknown) {
		if withChain {
			return "SELF_SIGNED_CERT_IN_CHAIN"
		}
		return "UNABLE_TO_VERIFY_LEAF_SIGNATURE"
	}
	return "CERT_SIGNATURE_FAILURE"
}

// virtualDate is the run's clock as a date (the one Date.now() reads).
func (r *run) virtualDate() time.Time {
	return simEpoch.Add(time.Duration(r.lp.Now()) * time.Microsecond)
}

// opX509SignedBy(certDER, spkiDER) -> whether the certificate's signature verifies with
// the public key (X509Certificate's verify and checkIssued).
func (r *cryptoModule) opX509SignedBy(c *engine.Call) engine.Value {
	certs, err := parseCertificates(r.bytesArg(c.Arg(0)))
	if err != nil {
		return r.js.Bool(false)
	}
	pub, err := x509.ParsePKIXPublicKey(r.bytesArg(c.Arg(1)))
	if err != nil {
		return r.js.Bool(false)
	}
	parent := &x509.Certificate{PublicKey: pub}
	switch pub.(type) {
	case *rsa.PublicKey:
		parent.PublicKeyAlgorithm = x509.RSA
	case *ecdsa.PublicKey:
		parent.PublicKeyAlgorithm = x509.ECDSA
	case ed25519.PublicKey:
		parent.PublicKeyAlgorithm = x509.Ed25519
	}
	return r.js.Bool(certs[0].CheckSignatureFrom(parent) == nil)
}
