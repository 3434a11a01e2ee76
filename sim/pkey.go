package sim

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"math/big"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:crypto's key pairs in Go: RSA, Ed25519, X25519 and EC (NIST curves) keys made from the run's seeded random
// source (so a run is the same every time), PEM import and export, and signatures. A
// key crosses to JavaScript as PEM: PKCS#8 for a private key, SPKI for a public one.

// opPKey(op, ...) serves js/crypto.js's KeyObject, sign and verify:
//
//	generate  type ('rsa' | 'ed25519' | 'x25519' | 'ec'), modulusLength, publicExponent, curve
//	          -> JSON [private, public]
//	import    PEM text                      -> JSON {kind, pem, public, type, bits} or undefined
//	export    PEM, type (pkcs8 | pkcs1 | sec1 | spki), format (pem | der) -> string or ArrayBuffer
//	jwk       PEM -> the JWK as JSON (members in Node's order), or undefined
//	dh        private PEM, public PEM -> the shared secret (X25519 or ECDH), "mismatch", or undefined
//	sign      private PEM, digest ('' for Ed25519), data -> ArrayBuffer, or undefined
//	verify    public PEM, digest, data, signature -> bool
//	encrypt   public PEM, padding (1 PKCS#1 v1.5, 4 OAEP), OAEP digest, data -> ArrayBuffer
//	decrypt   private PEM, padding, OAEP digest, data -> ArrayBuffer, or undefined
//	privenc   private PEM, data -> ArrayBuffer (PKCS#1 v1.5 type 1, privateEncrypt)
//	pubdec    public PEM, data -> ArrayBuffer, or undefined (publicDecrypt)
func (r *cryptoModule) opPKey(c *engine.Call) engine.Value {
	op := c.Arg(0).String()
	if op != "generate" {
		r.chargeKeyOp(op, c)
	}
	switch op {
	case "generate":
		priv, err := r.generateKey(c.Arg(1).String(), int(argInt(c, 2)), int(argInt(c, 3)), c.Arg(4).String())
		if err != nil {
			return r.js.Undefined()
		}
		privPEM, pubPEM, err := pemPair(priv)
		if err != nil {
			return r.js.Undefined()
		}
		return r.jsonValue([]string{privPEM, pubPEM})
	case "import":
		info, ok := importKey(c.Arg(1).String())
		if !ok {
			return r.js.Undefined()
		}
		return r.jsonValue(info)
	case "export":
		out, ok := exportKey(c.Arg(1).String(), c.Arg(2).String())
		if !ok {
			return r.js.Undefined()
		}
		if c.Arg(3).String() == "der" {
			return r.bufferValue(out)
		}
		kind := map[string]string{"pkcs8": "PRIVATE KEY", "pkcs1": "RSA PRIVATE KEY", "sec1": "EC PRIVATE KEY", "spki": "PUBLIC KEY", "pkcs1-public": "RSA PUBLIC KEY"}[c.Arg(2).String()]
		return r.js.String(string(pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: out})))
	case "jwk":
		out, ok := jwkOf(c.Arg(1).String())
		if !ok {
			return r.js.Undefined()
		}
		return r.js.String(out)
	case "dh":
		secret, err := agree(c.Arg(1).String(), c.Arg(2).String())
		if err == errMismatch {
			return r.js.String("mismatch")
		}
		if err != nil {
			return r.js.Undefined()
		}
		return r.bufferValue(secret)
	case "sign":
		sig, ok := signWith(c.Arg(1).String(), c.Arg(2).String(), r.viewArg(c.Arg(3)))
		if !ok {
			return r.js.Undefined()
		}
		return r.bufferValue(sig)
	case "verify":
		return r.js.Bool(verifyWith(c.Arg(1).String(), c.Arg(2).String(), r.viewArg(c.Arg(3)), r.viewArg(c.Arg(4))))
	case "encrypt", "decrypt", "privenc", "pubdec":
		out, ok := r.rsaCrypt(c.Arg(0).String(), c.Arg(1).String(), int(argInt(c, 2)), c.Arg(3).String(), r.viewArg(c.Arg(4)))
		if !ok {
			return r.js.Undefined()
		}
		return r.bufferValue(out)
	}
	panic("sim: no key operation " + c.Arg(0).String())
}

// chargeKeyOp prices a key operation of opPKey before it runs (natives.go): reading its
// PEM keys (their numbers' arithmetic grows with the square of their size, which a
// program chooses), then the operation by the key's real size (an RSA private key's
// exponentiation grows with its cube) and the data it hashes.
func (r *run) chargeKeyOp(op string, c *engine.Call) {
	keys := []engine.Value{c.Arg(1)}
	if op == "dh" {
		keys = append(keys, c.Arg(2))
	}
	for _, k := range keys {
		n := r.js.Len(k)
		r.nativeWork(opsOf(float64(n)*nsCopyByte) + 8*expPrice(1, 6*n))
	}
	private := false
	switch op {
	case "sign", "decrypt", "privenc":
		private = true
	case "verify", "encrypt", "pubdec":
	default:
		return
	}
	key, ok := parsePEM(c.Arg(1).String())
	if !ok {
		return
	}
	if op == "sign" || op == "verify" {
		r.nativeWork(opsOf(float64(r.js.Len(c.Arg(3))) * nsHashByte))
	}
	var pub *rsa.PublicKey
	switch k := key.(type) {
	case *rsa.PrivateKey:
		pub = &k.PublicKey
	case *rsa.PublicKey:
		pub = k
	default:
		return // Ed25519 and EC keys have sizes of their own, all small
	}
	bits := pub.N.BitLen()
	if private {
		r.nativeWork(2 * expPrice(bits/2, bits/2))
	} else {
		r.nativeWork(expPrice(big.NewInt(int64(pub.E)).BitLen(), bits))
	}
}

func (r *cryptoModule) jsonValue(v any) engine.Value {
	b, err := json.Marshal(v)
	if err != nil {
		panic("sim: " + err.Error())
	}
	return r.js.String(string(b))
}

// privateKey is any private key Go's x509 marshals (RSA, Ed25519, ECDSA, X25519).
type privateKey interface{ Public() crypto.PublicKey }

// ecNames are the NIST curves by OpenSSL's short name, as asymmetricKeyDetails gives it.
var ecNames = map[string]elliptic.Curve{"secp224r1": elliptic.P224(), "prime256v1": elliptic.P256(), "secp384r1": elliptic.P384(), "secp521r1": elliptic.P521()}

// generateKey makes a key pair from the run's random source: Ed25519 and X25519 from 32
// random bytes; EC from a scalar in [1, n); RSA from two primes of half the modulus each
// (their top two bits set, so the modulus has exactly bits bits). Go's own generators
// ignore the reader they are given, so the keys are made from their bytes here.
func (r *cryptoModule) generateKey(kind string, bits, e int, curve string) (privateKey, error) {
	rng := r.random()
	switch kind {
	case "ed25519":
		seed := make([]byte, ed25519.SeedSize)
		rng.Read(seed)
		return ed25519.NewKeyFromSeed(seed), nil
	case "x25519":
		b := make([]byte, 32)
		rng.Read(b)
		return ecdh.X25519().NewPrivateKey(b)
	case "ec":
		c, ok := ecNames[curve]
		if !ok {
			return nil, errMismatch
		}
		n := c.Params().N
		k := new(big.Int).Rand(rng, new(big.Int).Sub(n, big.NewInt(1)))
		k.Add(k, big.NewInt(1))
		return ecdsa.ParseRawPrivateKey(c, k.FillBytes(make([]byte, (n.BitLen()+7)/8)))
	}
	if e == 0 {
		e = 65537
	}
	bits = max(bits, 512)
	E := big.NewInt(int64(e))
	r.holdCall(int64(bits/8+8) * 12) // the primes, the key's numbers and their arithmetic
	prime := func() *big.Int {
		for {
			r.nativeWork(candidatePrice(bits / 2))
			p := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits/2)))
			p.SetBit(p, bits/2-1, 1)
			p.SetBit(p, bits/2-2, 1)
			p.SetBit(p, 0, 1)
			if r.probablyPrime(p, 20) && new(big.Int).GCD(nil, nil, E, new(big.Int).Sub(p, big.NewInt(1))).Cmp(big.NewInt(1)) == 0 {
				return p
			}
		}
	}
	p := prime()
	q := prime()
	for q.Cmp(p) == 0 {
		q = prime()
	}
	phi := new(big.Int).Mul(new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Sub(q, big.NewInt(1)))
	key := &rsa.PrivateKey{
		PublicKey: rsa.PublicKey{N: new(big.Int).Mul(p, q), E: e},
		D:         new(big.Int).ModInverse(E, phi),
		Primes:    []*big.Int{p, q},
	}
	key.Precompute()
	return key, key.Validate()
}

func pemPair(priv privateKey) (string, string, error) {
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return "", "", err
	}
	pub, err := x509.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		return "", "", err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})), nil
}

// keyInfo is an imported key as js/crypto.js keeps it.
type keyInfo struct {
	Kind   string `json:"kind"` // private or public
	PEM    string `json:"pem"`
	Public string `json:"public"`          // the public half, SPKI PEM
	Type   string `json:"type"`            // rsa or ed25519
	Bits   int    `json:"bits"`            // an RSA modulus's length
	Curve  string `json:"curve,omitempty"` // an EC key's curve (OpenSSL's short name)
}

// importKey reads a PEM private key (PKCS#8 or PKCS#1) or public key (SPKI or PKCS#1).
func importKey(text string) (keyInfo, bool) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return keyInfo{}, false
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case "PUBLIC KEY":
		key, err = x509.ParsePKIXPublicKey(block.Bytes)
	case "RSA PUBLIC KEY":
		key, err = x509.ParsePKCS1PublicKey(block.Bytes)
	default:
		return keyInfo{}, false
	}
	if err != nil {
		return keyInfo{}, false
	}
	if signer, ok := key.(privateKey); ok {
		privPEM, pubPEM, err := pemPair(signer)
		if err != nil {
			return keyInfo{}, false
		}
		info := keyInfo{Kind: "private", PEM: privPEM, Public: pubPEM}
		return describeKey(info, signer.Public())
	}
	pub, err := x509.MarshalPKIXPublicKey(key)
	if err != nil {
		return keyInfo{}, false
	}
	pubPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}))
	return describeKey(keyInfo{Kind: "public", PEM: pubPEM, Public: pubPEM}, key)
}

func describeKey(info keyInfo, pub any) (keyInfo, bool) {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		info.Type, info.Bits = "rsa", k.N.BitLen()
	case ed25519.PublicKey:
		info.Type = "ed25519"
	case *ecdh.PublicKey:
		if k.Curve() != ecdh.X25519() {
			return keyInfo{}, false
		}
		info.Type = "x25519"
	case *ecdsa.PublicKey:
		for name, c := range ecNames {
			if c == k.Curve {
				info.Type, info.Curve = "ec", name
			}
		}
		if info.Curve == "" {
			return keyInfo{}, false
		}
	default:
		return keyInfo{}, false // EC and other keys are not simulated
	}
	return info, true
}

// exportKey is the DER of a key in the encoding asked for.
func exportKey(text, encoding string) ([]byte, bool) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, false
	}
	switch encoding {
	case "pkcs8", "spki":
		return block.Bytes, true
	case "pkcs1":
		key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if rk, ok := key.(*rsa.PrivateKey); err == nil && ok {
			return x509.MarshalPKCS1PrivateKey(rk), true
		}
	case "sec1":
		key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if ek, ok := key.(*ecdsa.PrivateKey); err == nil && ok {
			der, err := x509.MarshalECPrivateKey(ek)
			return der, err == nil
		}
	case "pkcs1-public":
		key, err := x509.ParsePKIXPublicKey(block.Bytes)
		if rk, ok := key.(*rsa.PublicKey); err == nil && ok {
			return x509.MarshalPKCS1PublicKey(rk), true
		}
	}
	return nil, false
}

// signWith signs data: RSA PKCS#1 v1.5 over the digest, Ed25519 over the data itself.
func signWith(privPEM, digest string, data []byte) ([]byte, bool) {
	block, _ := pem.Decode([]byte(privPEM))
	if block == nil {
		return nil, false
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, false
	}
	switch k := key.(type) {
	case ed25519.PrivateKey:
		return ed25519.Sign(k, data), true
	case *rsa.PrivateKey:
		h, id, ok := digestFor(digest, data)
		if !ok {
			return nil, false
		}
		sig, err := rsa.SignPKCS1v15(nil, k, id, h)
		return sig, err == nil
	}
	return nil, false
}

func verifyWith(pubPEM, digest string, data, sig []byte) bool {
	block, _ := pem.Decode([]byte(pubPEM))
	if block == nil {
		return false
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return false
	}
	switch k := key.(type) {
	case ed25519.PublicKey:
		return ed25519.Verify(k, data, sig)
	case *rsa.PublicKey:
		h, id, ok := digestFor(digest, data)
		return ok && rsa.VerifyPKCS1v15(k, id, h, sig) == nil
	}
	return false
}

// digestFor is data's digest by the name Node takes (an empty name means SHA-256, OpenSSL's
// default for RSA), with its crypto.Hash.
func digestFor(name string, data []byte) ([]byte, crypto.Hash, bool) {
	ids := map[string]crypto.Hash{"": crypto.SHA256, "sha1": crypto.SHA1, "sha224": crypto.SHA224, "sha256": crypto.SHA256,
		"sha384": crypto.SHA384, "sha512": crypto.SHA512, "md5": crypto.MD5}
	id, ok := ids[normDigest(name)]
	if !ok {
		return nil, 0, false
	}
	h := id.New()
	h.Write(data)
	return h.Sum(nil), id, true
}

// normDigest is a digest name as Node takes it ("SHA256", "RSA-SHA256", "sha-256").
func normDigest(name string) string {
	n := []byte{}
	for _, ch := range []byte(name) {
		if ch >= 'A' && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		if ch != '-' {
			n = append(n, ch)
		}
	}
	s := string(n)
	if len(s) > 3 && s[:3] == "rsa" {
		s = s[3:]
	}
	return s
}

// rsaCrypt is RSA encryption with a public key (OAEP, or PKCS#1 v1.5 with padding 1)
// and its inverse, or PKCS#1 v1.5 type 1 with the private key (privateEncrypt) and its
// inverse. The padding's random bytes come from the run's seeded source.
func (r *cryptoModule) rsaCrypt(op, keyPEM string, padding int, oaepDigest string, data []byte) ([]byte, bool) {
	block, _ := pem.Decode([]byte(keyPEM))
	if block == nil {
		return nil, false
	}
	_, hashID, ok := digestFor(oaepDigest, nil)
	if oaepDigest == "" {
		hashID, ok = crypto.SHA1, true // OAEP's default digest in Node
	}
	if !ok {
		return nil, false
	}
	if op == "encrypt" || op == "pubdec" {
		key, err := x509.ParsePKIXPublicKey(block.Bytes)
		pub, isRSA := key.(*rsa.PublicKey)
		if err != nil || !isRSA {
			return nil, false
		}
		if op == "pubdec" {
			return unpadType1(new(big.Int).Exp(new(big.Int).SetBytes(data), big.NewInt(int64(pub.E)), pub.N).Bytes())
		}
		var out []byte
		if padding == 1 {
			out, err = rsa.EncryptPKCS1v15(r.random(), pub, data)
		} else {
			out, err = rsa.EncryptOAEP(hashID.New(), r.random(), pub, data, nil)
		}
		return out, err == nil
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	priv, isRSA := key.(*rsa.PrivateKey)
	if err != nil || !isRSA {
		return nil, false
	}
	var out []byte
	switch {
	case op == "privenc":
		out, err = rsa.SignPKCS1v15(nil, priv, 0, data)
	case padding == 1:
		out, err = rsa.DecryptPKCS1v15(nil, priv, data)
	default:
		out, err = rsa.DecryptOAEP(hashID.New(), nil, priv, data, nil)
	}
	return out, err == nil
}

// unpadType1 is the data in a PKCS#1 v1.5 type 1 block (00 01 ff... 00 data; the
// leading zero byte is gone from the big-endian number).
func unpadType1(em []byte) ([]byte, bool) {
	if len(em) < 2 || em[0] != 1 {
		return nil, false
	}
	for i := 1; i < len(em); i++ {
		switch em[i] {
		case 0xff:
		case 0:
			return em[i+1:], true
		default:
			return nil, false
		}
	}
	return nil, false
}

var errMismatch = errors.New("mismatching domain parameters")

// parsePEM reads a PKCS#8 private key or an SPKI public key.
func parsePEM(text string) (any, bool) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, false
	}
	if block.Type == "PUBLIC KEY" {
		key, err := x509.ParsePKIXPublicKey(block.Bytes)
		return key, err == nil
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	return key, err == nil
}

// agree is crypto.diffieHellman over two keys: X25519, or ECDH on one NIST curve.
func agree(privPEM, pubPEM string) ([]byte, error) {
	priv, ok1 := parsePEM(privPEM)
	pub, ok2 := parsePEM(pubPEM)
	if !ok1 || !ok2 {
		return nil, errMismatch
	}
	var k *ecdh.PrivateKey
	var p *ecdh.PublicKey
	var err error
	switch v := priv.(type) {
	case *ecdh.PrivateKey:
		k = v
	case *ecdsa.PrivateKey:
		if k, err = v.ECDH(); err != nil {
			return nil, err
		}
	}
	switch v := pub.(type) {
	case *ecdh.PublicKey:
		p = v
	case *ecdsa.PublicKey:
		if p, err = v.ECDH(); err != nil {
			return nil, err
		}
	}
	if k == nil || p == nil || k.Curve() != p.Curve() {
		return nil, errMismatch
	}
	return k.ECDH(p)
}

// jwkOf is a key as Node exports it with format 'jwk', its members in Node's order:
// EC {kty, x, y, crv, d}; OKP (Ed25519, X25519) {crv, d, x, kty}.
func jwkOf(text string) (string, bool) {
	key, ok := parsePEM(text)
	if !ok {
		return "", false
	}
	b64 := base64.RawURLEncoding.EncodeToString
	var members [][2]string
	switch k := key.(type) {
	case *ecdsa.PrivateKey, *ecdsa.PublicKey:
		var pub *ecdsa.PublicKey
		var d []byte
		if priv, ok := k.(*ecdsa.PrivateKey); ok {
			pub = &priv.PublicKey
			raw, err := priv.Bytes()
			if err != nil {
				return "", false
			}
			d = raw
		} else {
			pub = k.(*ecdsa.PublicKey)
		}
		crv := map[string]string{"P-256": "P-256", "P-384": "P-384", "P-521": "P-521"}[pub.Curve.Params().Name]
		if crv == "" {
			return "", false
		}
		point, err := pub.Bytes()
		if err != nil {
			return "", false
		}
		size := (len(point) - 1) / 2
		members = [][2]string{{"kty", "EC"}, {"x", b64(point[1 : 1+size])}, {"y", b64(point[1+size:])}, {"crv", crv}}
		if d != nil {
			members = append(members, [2]string{"d", b64(d)})
		}
	case ed25519.PrivateKey:
		members = [][2]string{{"crv", "Ed25519"}, {"d", b64(k.Seed())}, {"x", b64(k.Public().(ed25519.PublicKey))}, {"kty", "OKP"}}
	case ed25519.PublicKey:
		members = [][2]string{{"crv", "Ed25519"}, {"x", b64(k)}, {"kty", "OKP"}}
	case *ecdh.PrivateKey:
		members = [][2]string{{"crv", "X25519"}, {"d", b64(k.Bytes())}, {"x", b64(k.PublicKey().Bytes())}, {"kty", "OKP"}}
	case *ecdh.PublicKey:
		members = [][2]string{{"crv", "X25519"}, {"x", b64(k.Bytes())}, {"kty", "OKP"}}
	default:
		return "", false
	}
	out := "{"
	for i, m := range members {
		if i > 0 {
			out += ","
		}
		name, _ := json.Marshal(m[0])
		value, _ := json.Marshal(m[1])
		out += string(name) + ":" + string(value)
	}
	return out + "}", true
}
