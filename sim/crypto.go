package sim

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"hash"
	"io"
	"math/big"
	"math/rand"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
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

// maxCachedKey is the longest derived key the Simulator's cache keeps: programs print
// short keys; a long one is derived again (at the same price: natives.go).
const maxCachedKey = 1024

// opPBKDF2(password, salt, iterations, keylen, digest) -> ArrayBuffer. The key is made
// in the run's heap and derived in it block by block (kdf.go), priced whole first.
func (r *cryptoModule) opPBKDF2(c *engine.Call) engine.Value {
	pw, salt := r.viewArg(c.Arg(0)), r.viewArg(c.Arg(1))
	iter, keylen := argInt(c, 2), argInt(c, 3)
	h := hashFunc(c.Arg(4).String())
	if h == nil || keylen < 0 || iter < 1 {
		return r.js.Undefined()
	}
	v, out := r.newBuffer(int(keylen)) // before any work: a key past the heap limit ends the run
	if iter > realPBKDF2Iterations {
		r.nativeWork(standInPrice(keylen, int64(len(pw)+len(salt))))
		standInInto(out, r.checkNative, "pbkdf2", pw, salt, []byte(itoa(int(iter))))
		return v
	}
	r.nativeWork(hashPrice(h, int64(len(pw)+len(salt))) + pbkdf2Price(h, keylen, iter))
	r.derive(out, "pbkdf2/"+c.Arg(4).String()+"/"+itoa(int(iter))+"/"+itoa(int(keylen)), pw, salt, func(out []byte) {
		pbkdf2Into(out, h, pw, salt, int(iter), r.checkNative)
	})
	return v
}

// derive fills out with a key derivation: from the Simulator's cache when out is short
// (compute fills it, and the cache keeps it, on a miss), else computed in place.
func (r *run) derive(out []byte, params string, pw, salt []byte, compute func(out []byte)) {
	if len(out) > maxCachedKey {
		compute(out)
		return
	}
	copy(out, r.ex.sim.derived(params, pw, salt, func() []byte {
		key := make([]byte, len(out))
		compute(key)
		return key
	}))
}

// opScrypt(password, salt, keylen, N) -> ArrayBuffer, derived in the run's heap (kdf.go).
func (r *cryptoModule) opScrypt(c *engine.Call) engine.Value {
	pw, salt := r.viewArg(c.Arg(0)), r.viewArg(c.Arg(1))
	keylen, n := max(argInt(c, 2), 0), argInt(c, 3)
	if n <= 1 {
		n = 16384
	}
	v, out := r.newBuffer(int(keylen))
	if n > realScryptN || n&(n-1) != 0 {
		r.nativeWork(standInPrice(keylen, int64(len(pw)+len(salt))))
		standInInto(out, r.checkNative, "scrypt", pw, salt, []byte(itoa(int(n))))
		return v
	}
	r.holdCall(scryptMemory(int(n)))
	r.nativeWork(hashPrice(sha256.New, int64(len(pw)+len(salt))) + scryptPrice(n, keylen))
	r.derive(out, "scrypt/"+itoa(int(n))+"/"+itoa(int(keylen)), pw, salt, func(out []byte) {
		scryptInto(out, pw, salt, int(n), r.checkNative)
	})
	return v
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

// opRandomBytes(n) -> ArrayBuffer of n seeded pseudo-random bytes, drawn into the run's
// heap a chunk at a time.
func (r *cryptoModule) opRandomBytes(c *engine.Call) engine.Value {
	n := max(argInt(c, 0), 0)
	v, out := r.newBuffer(int(n))
	r.nativeWork(opsOf(float64(n) * nsRandomByte))
	rng := r.random()
	for len(out) > 0 {
		chunk := out[:min(len(out), nativeChunk)]
		for i := range chunk {
			chunk[i] = byte(rng.Intn(256))
		}
		out = out[len(chunk):]
		r.nativeWork(0)
	}
	return v
}

// nativeChunk is how many bytes a native streams between two checks of the run's
// budgets (natives.go).
const nativeChunk = 1 << 20

// opHash(algorithm, data, outputLength) -> ArrayBuffer digest, or undefined for an
// unknown algorithm (outputLength: SHAKE's, in bytes; undefined for its default). SHAKE's
// output is read into the run's heap.
func (r *cryptoModule) opHash(c *engine.Call) engine.Value {
	data := r.viewArg(c.Arg(1))
	if x, n := shake(c.Arg(0).String()); x != nil {
		if !c.Arg(2).IsNullish() {
			n = int(max(argInt(c, 2), 0))
		}
		v, out := r.newBuffer(n)
		r.nativeWork(opsOf(float64(len(data)+n) * nsSHA3Byte))
		r.hashChunks(x, data)
		for len(out) > 0 {
			k, _ := x.Read(out[:min(len(out), nativeChunk)])
			out = out[k:]
			r.nativeWork(0)
		}
		return v
	}
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	r.nativeWork(hashPrice(h, int64(len(data))))
	d := h()
	r.hashChunks(d, data)
	return r.bufferValue(d.Sum(nil))
}

// hashChunks writes data to h a chunk at a time, checking the run's budgets between
// chunks (its price is charged by the caller).
func (r *run) hashChunks(h io.Writer, data []byte) {
	for len(data) > 0 {
		k := min(len(data), nativeChunk)
		h.Write(data[:k])
		data = data[k:]
		r.nativeWork(0)
	}
}

// opHmac(algorithm, key, data) -> ArrayBuffer, or undefined for an unknown algorithm.
func (r *cryptoModule) opHmac(c *engine.Call) engine.Value {
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	key, data := r.viewArg(c.Arg(1)), r.viewArg(c.Arg(2))
	r.nativeWork(hashPrice(h, int64(len(key)+len(data))))
	m := hmac.New(h, key)
	r.hashChunks(m, data)
	return r.bufferValue(m.Sum(nil))
}

// opHkdf(digest, ikm, salt, info, keylen) -> ArrayBuffer, or undefined (unknown digest,
// or a length HKDF cannot give: at most 255 digests).
func (r *cryptoModule) opHkdf(c *engine.Call) engine.Value {
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	ikm, salt, info := r.viewArg(c.Arg(1)), r.viewArg(c.Arg(2)), r.viewArg(c.Arg(3))
	keylen, size := argInt(c, 4), int64(h().Size())
	if keylen < 0 || keylen > 255*size {
		return r.js.Undefined()
	}
	r.nativeWork(hashPrice(h, int64(len(ikm)+len(salt))+(keylen/size+1)*int64(len(info)+2*h().BlockSize())))
	key, err := hkdf.Key(h, ikm, salt, string(info), int(keylen))
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
		text := c.Arg(1).String()
		r.nativeWork(decimalPrice(len(text)))
		n, ok := new(big.Int).SetString(text, 10)
		checks := int(argInt(c, 2))
		if checks <= 0 {
			checks = 20
		}
		return r.js.String(boolText(ok && r.probablyPrime(n, checks)))
	default:
		bits := max(int(argInt(c, 1)), 2)
		r.holdCall(int64(bits/8+8) * 4) // a candidate and the numbers of its test
		for {
			r.nativeWork(candidatePrice(bits))
			n := new(big.Int).Rand(r.random(), new(big.Int).Lsh(big.NewInt(1), uint(bits)))
			n.SetBit(n, bits-1, 1)
			n.SetBit(n, 0, 1)
			if r.probablyPrime(n, 20) {
				r.nativeWork(decimalPrice(bits/3 + 1))
				return r.js.String(n.String())
			}
		}
	}
}

// decimalPrice is the price of converting a number of digits decimal digits to or from
// binary (Go's conversion is quadratic in the words).
func decimalPrice(digits int) int64 {
	words := float64(digits/19 + 1)
	return opsOf(words*words*nsExpUnit + float64(digits)*nsCopyByte)
}

// candidatePrice is the price of drawing a random candidate of bits bits and
// dividing it by the small primes.
func candidatePrice(bits int) int64 {
	return opsOf(float64(bits/8+1)*nsRandomByte + float64(bits/64+1)*nsExpUnit*25)
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
	key, iv, data := r.viewArg(c.Arg(1)), r.viewArg(c.Arg(2)), r.viewArg(c.Arg(3))
	block, err := aes.NewCipher(key)
	if err != nil {
		return r.js.Undefined()
	}
	r.nativeWork(opsOf(float64(len(data)) * nsCipherByte))
	op := c.Arg(0).String()
	switch op {
	case "cbc-enc", "cbc-dec", "ecb-enc", "ecb-dec":
		if len(data)%aes.BlockSize != 0 || (op[:3] == "cbc" && len(iv) != aes.BlockSize) {
			return r.js.Undefined()
		}
	case "ctr":
		if len(iv) != aes.BlockSize {
			return r.js.Undefined()
		}
	case "gcm-seal", "gcm-open":
		return r.gcm(op == "gcm-seal", block, iv, data, r.viewArg(c.Arg(4)), c.Arg(5))
	default:
		panic("sim: no AES operation " + op)
	}
	v, out := r.newBuffer(len(data))
	switch op {
	case "cbc-enc":
		cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, data)
	case "cbc-dec":
		cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, data)
	case "ecb-enc", "ecb-dec":
		for i := 0; i < len(data); i += aes.BlockSize {
			if op == "ecb-enc" {
				block.Encrypt(out[i:], data[i:i+aes.BlockSize])
			} else {
				block.Decrypt(out[i:], data[i:i+aes.BlockSize])
			}
		}
	case "ctr":
		cipher.NewCTR(block, iv).XORKeyStream(out, data)
	}
	return v
}

// gcm seals data (the tag after it) or opens it with tag, into the run's heap; undefined
// when the nonce is empty or the tag does not authenticate.
func (r *run) gcm(seal bool, block cipher.Block, iv, data, aad []byte, tag engine.Value) engine.Value {
	aead, err := cipher.NewGCMWithNonceSize(block, max(len(iv), 1))
	if err != nil {
		return r.js.Undefined()
	}
	if seal {
		v, out := r.newBuffer(len(data) + aead.Overhead())
		aead.Seal(out[:0], iv, data, aad)
		return v
	}
	t := r.viewArg(tag)
	r.holdCall(int64(len(data) + len(t)))
	sealed := append(append(make([]byte, 0, len(data)+len(t)), data...), t...)
	if len(t) != aead.Overhead() {
		return r.js.Undefined()
	}
	v, out := r.newBuffer(len(data))
	if _, err := aead.Open(out[:0], iv, sealed, aad); err != nil {
		return r.js.Undefined()
	}
	return v
}
