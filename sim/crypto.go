package sim

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"hash"
	"math/big"
	"math/rand"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"golang.org/x/crypto/scrypt"
)

// node:crypto in Go: digests, key derivations and seeded random bytes for js/crypto.js.

// Real pbkdf2/scrypt results are computed (and cached per Simulator) up to these work
// limits; above them the simulator returns a deterministic stand-in derived from the
// inputs, so a 1e6-iteration job costs virtual time, not wall time. Programs that print a
// derived key use small parameters; interview snippets with huge ones print timings.
const (
	realPBKDF2Iterations = 100_000
	realScryptN          = 16384
)

// opPBKDF2(password, salt, iterations, keylen, digest) -> ArrayBuffer.
func (r *cryptoModule) opPBKDF2(c *engine.Call) engine.Value {
	pw, salt := r.bytesArg(c.Arg(0)), r.bytesArg(c.Arg(1))
	iter, keylen := int(argInt(c, 2)), int(argInt(c, 3))
	h := hashFunc(c.Arg(4).String())
	if h == nil || keylen < 0 || iter < 1 {
		return r.js.Undefined()
	}
	if iter > realPBKDF2Iterations {
		return r.bufferValue(standInKey("pbkdf2", keylen, pw, salt, []byte(itoa(iter))))
	}
	return r.derivedValue("pbkdf2/"+c.Arg(4).String()+"/"+itoa(iter)+"/"+itoa(keylen), pw, salt, func() ([]byte, error) {
		return pbkdf2.Key(h, string(pw), salt, iter, keylen)
	})
}

// derivedValue is a cached key derivation as an ArrayBuffer (undefined if it failed).
func (r *cryptoModule) derivedValue(params string, pw, salt []byte, compute func() ([]byte, error)) engine.Value {
	key := r.ex.sim.derived(params, pw, salt, func() []byte {
		k, err := compute()
		if err != nil {
			return nil
		}
		return k
	})
	if key == nil {
		return r.js.Undefined()
	}
	return r.bufferValue(key)
}

// hScrypt(password, salt, keylen, N) -> ArrayBuffer.
func (r *cryptoModule) opScrypt(c *engine.Call) engine.Value {
	pw, salt := r.bytesArg(c.Arg(0)), r.bytesArg(c.Arg(1))
	keylen, n := int(argInt(c, 2)), int(argInt(c, 3))
	if n <= 1 {
		n = 16384
	}
	if n > realScryptN {
		return r.bufferValue(standInKey("scrypt", keylen, pw, salt, []byte(itoa(n))))
	}
	return r.derivedValue("scrypt/"+itoa(n)+"/"+itoa(keylen), pw, salt, func() ([]byte, error) {
		return scrypt.Key(pw, salt, n, 8, 1, keylen)
	})
}

// standInKey is a deterministic key derived from the inputs by SHA-256 in counter mode.
func standInKey(kind string, n int, parts ...[]byte) []byte {
	var out []byte
	for i := 0; len(out) < n; i++ {
		h := sha256.New()
		h.Write([]byte(kind + itoa(i)))
		for _, p := range parts {
			h.Write(p)
			h.Write([]byte{0})
		}
		out = h.Sum(out)
	}
	return out[:n]
}

// hashFunc is the digest OpenSSL knows by name (case-insensitive, as Node takes it), or
// nil. SHAKE is an extendable-output function: shake (opHash) reads it.
func hashFunc(name string) func() hash.Hash {
	switch strings.ToLower(name) {
	case "sha256", "sha-256", "rsa-sha256":
		return sha256.New
	case "sha224", "sha-224", "rsa-sha224":
		return sha256.New224
	case "sha512", "sha-512", "rsa-sha512":
		return sha512.New
	case "sha512-224", "sha512/224":
		return sha512.New512_224
	case "sha512-256", "sha512/256":
		return sha512.New512_256
	case "sha1", "sha-1", "rsa-sha1":
		return sha1.New
	case "md5", "rsa-md5":
		return md5.New
	case "sha384", "sha-384", "rsa-sha384":
		return sha512.New384
	case "sha3-224":
		return func() hash.Hash { return sha3.New224() }
	case "sha3-256":
		return func() hash.Hash { return sha3.New256() }
	case "sha3-384":
		return func() hash.Hash { return sha3.New384() }
	case "sha3-512":
		return func() hash.Hash { return sha3.New512() }
	}
	return nil
}

// shake is the SHAKE function of that name and its default output length in bytes.
func shake(name string) (*sha3.SHAKE, int) {
	switch strings.ToLower(name) {
	case "shake128":
		return sha3.NewSHAKE128(), 16
	case "shake256":
		return sha3.NewSHAKE256(), 32
	}
	return nil, 0
}

// random is the run's seeded random source (the scenario's seed).
func (r *cryptoModule) random() *rand.Rand {
	if r.rng == nil {
		r.rng = rand.New(rand.NewSource(r.sc.Seed ^ 0x5eed))
	}
	return r.rng
}

// hRandomBytes(n) -> ArrayBuffer of seeded pseudo-random bytes.
func (r *cryptoModule) opRandomBytes(c *engine.Call) engine.Value {
	n := int(argInt(c, 0))
	b := make([]byte, max(n, 0))
	rng := r.random()
	for i := range b {
		b[i] = byte(rng.Intn(256))
	}
	return r.bufferValue(b)
}

// opHash(algorithm, data, outputLength) -> ArrayBuffer digest, or undefined for an
// unknown algorithm (outputLength: SHAKE's, in bytes; undefined for its default).
func (r *cryptoModule) opHash(c *engine.Call) engine.Value {
	if x, n := shake(c.Arg(0).String()); x != nil {
		if !c.Arg(2).IsNullish() {
			n = int(argInt(c, 2))
		}
		x.Write(r.bytesArg(c.Arg(1)))
		out := make([]byte, max(n, 0))
		x.Read(out)
		return r.bufferValue(out)
	}
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	d := h()
	d.Write(r.bytesArg(c.Arg(1)))
	return r.bufferValue(d.Sum(nil))
}

// opHmac(algorithm, key, data) -> ArrayBuffer, or undefined for an unknown algorithm.
func (r *cryptoModule) opHmac(c *engine.Call) engine.Value {
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	m := hmac.New(h, r.bytesArg(c.Arg(1)))
	m.Write(r.bytesArg(c.Arg(2)))
	return r.bufferValue(m.Sum(nil))
}

// opHkdf(digest, ikm, salt, info, keylen) -> ArrayBuffer, or undefined (unknown digest,
// or a length HKDF cannot give).
func (r *cryptoModule) opHkdf(c *engine.Call) engine.Value {
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	key, err := hkdf.Key(h, r.bytesArg(c.Arg(1)), r.bytesArg(c.Arg(2)), string(r.bytesArg(c.Arg(3))), int(argInt(c, 4)))
	if err != nil {
		return r.js.Undefined()
	}
	return r.bufferValue(key)
}

// opPrime("check", decimal, checks) -> "true"/"false"; ("generate", bits) -> a prime of
// that many bits (decimal) drawn from the run's seeded random source.
func (r *cryptoModule) opPrime(c *engine.Call) engine.Value {
	switch c.Arg(0).String() {
	case "check":
		n, ok := new(big.Int).SetString(c.Arg(1).String(), 10)
		checks := int(argInt(c, 2))
		if checks <= 0 {
			checks = 20
		}
		return r.js.String(boolText(ok && n.ProbablyPrime(checks)))
	default:
		bits := max(int(argInt(c, 1)), 2)
		for {
			n := new(big.Int).Rand(r.random(), new(big.Int).Lsh(big.NewInt(1), uint(bits)))
			n.SetBit(n, bits-1, 1)
			n.SetBit(n, 0, 1)
			if n.ProbablyPrime(20) {
				return r.js.String(n.String())
			}
		}
	}
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// opAES(op, key, iv, data, aad, tag) -> ArrayBuffer, or undefined (a bad key, or a GCM
// tag that does not authenticate). The block operations of AES that js/crypto.js's
// Cipheriv and Decipheriv stream over:
//
//	cbc-enc, cbc-dec, ecb-enc, ecb-dec   whole blocks (data a multiple of 16 bytes)
//	ctr                                  the keystream from counter block iv, xored
//	gcm-seal, gcm-open                   the whole message, the tag after (seal) or given
func (r *cryptoModule) opAES(c *engine.Call) engine.Value {
	key, iv, data := r.bytesArg(c.Arg(1)), r.bytesArg(c.Arg(2)), r.bytesArg(c.Arg(3))
	block, err := aes.NewCipher(key)
	if err != nil {
		return r.js.Undefined()
	}
	out := make([]byte, len(data))
	switch op := c.Arg(0).String(); op {
	case "cbc-enc", "cbc-dec":
		if len(data)%aes.BlockSize != 0 || len(iv) != aes.BlockSize {
			return r.js.Undefined()
		}
		if op == "cbc-enc" {
			cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, data)
		} else {
			cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, data)
		}
	case "ecb-enc", "ecb-dec":
		if len(data)%aes.BlockSize != 0 {
			return r.js.Undefined()
		}
		for i := 0; i < len(data); i += aes.BlockSize {
			if op == "ecb-enc" {
				block.Encrypt(out[i:], data[i:i+aes.BlockSize])
			} else {
				block.Decrypt(out[i:], data[i:i+aes.BlockSize])
			}
		}
	case "ctr":
		if len(iv) != aes.BlockSize {
			return r.js.Undefined()
		}
		cipher.NewCTR(block, iv).XORKeyStream(out, data)
	case "gcm-seal", "gcm-open":
		aead, err := cipher.NewGCMWithNonceSize(block, max(len(iv), 1))
		if err != nil {
			return r.js.Undefined()
		}
		aad := r.bytesArg(c.Arg(4))
		if op == "gcm-seal" {
			return r.bufferValue(aead.Seal(nil, iv, data, aad))
		}
		plain, err := aead.Open(nil, iv, append(append([]byte(nil), data...), r.bytesArg(c.Arg(5))...), aad)
		if err != nil {
			return r.js.Undefined()
		}
		return r.bufferValue(plain)
	default:
		panic("sim: no AES operation " + op)
	}
	return r.bufferValue(out)
}
