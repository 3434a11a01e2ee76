package sim

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"math/big"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:crypto's key pairs in Go: RSA and Ed25519 keys made from the run's seeded random
// source (so a run is the same every time), PEM import and export, and signatures. A
// key crosses to JavaScript as PEM: PKCS#8 for a private key, SPKI for a public one.

// opPKey(op, ...) serves js/crypto.js's KeyObject, sign and verify:
//
//	generate  type ('rsa' | 'ed25519'), modulusLength, publicExponent -> JSON [private, public]
//	import    PEM text                      -> JSON {kind, pem, public, type, bits} or undefined
//	export    PEM, type (pkcs8 | pkcs1 | spki), format (pem | der) -> string or ArrayBuffer
//	sign      private PEM, digest ('' for Ed25519), data -> ArrayBuffer, or undefined
//	verify    public PEM, digest, data, signature -> bool
func (r *run) opPKey(c *engine.Call) engine.Value {
	switch c.Arg(0).String() {
	case "generate":
		priv, err := r.generateKey(c.Arg(1).String(), int(argInt(c, 2)), int(argInt(c, 3)))
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
		kind := map[string]string{"pkcs8": "PRIVATE KEY", "pkcs1": "RSA PRIVATE KEY", "spki": "PUBLIC KEY", "pkcs1-public": "RSA PUBLIC KEY"}[c.Arg(2).String()]
		return r.js.String(string(pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: out})))
	case "sign":
		sig, ok := signWith(c.Arg(1).String(), c.Arg(2).String(), r.bytesArg(c.Arg(3)))
		if !ok {
			return r.js.Undefined()
		}
		return r.bufferValue(sig)
	case "verify":
		return r.js.Bool(verifyWith(c.Arg(1).String(), c.Arg(2).String(), r.bytesArg(c.Arg(3)), r.bytesArg(c.Arg(4))))
	}
	panic("sim: no key operation " + c.Arg(0).String())
}

func (r *run) jsonValue(v any) engine.Value {
	b, err := json.Marshal(v)
	if err != nil {
		panic("sim: " + err.Error())
	}
	return r.js.String(string(b))
}

// generateKey makes a key pair from the run's random source: Ed25519 from a 32-byte
// seed; RSA from two primes of half the modulus each (their top two bits set, so the
// modulus has exactly bits bits).
func (r *run) generateKey(kind string, bits, e int) (crypto.Signer, error) {
	rng := r.random()
	if kind == "ed25519" {
		seed := make([]byte, ed25519.SeedSize)
		rng.Read(seed)
		return ed25519.NewKeyFromSeed(seed), nil
	}
	if e == 0 {
		e = 65537
	}
	bits = max(bits, 512)
	E := big.NewInt(int64(e))
	prime := func() *big.Int {
		for {
			p := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits/2)))
			p.SetBit(p, bits/2-1, 1)
			p.SetBit(p, bits/2-2, 1)
			p.SetBit(p, 0, 1)
			if p.ProbablyPrime(20) && new(big.Int).GCD(nil, nil, E, new(big.Int).Sub(p, big.NewInt(1))).Cmp(big.NewInt(1)) == 0 {
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

func pemPair(priv crypto.Signer) (string, string, error) {
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
	Public string `json:"public"` // the public half, SPKI PEM
	Type   string `json:"type"`   // rsa or ed25519
	Bits   int    `json:"bits"`   // an RSA modulus's length
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
	if signer, ok := key.(crypto.Signer); ok {
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
