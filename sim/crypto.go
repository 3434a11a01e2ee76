package sim

import (
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
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
func (r *run) opPBKDF2(c *engine.Call) engine.Value {
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
func (r *run) derivedValue(params string, pw, salt []byte, compute func() ([]byte, error)) engine.Value {
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
func (r *run) opScrypt(c *engine.Call) engine.Value {
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

func hashFunc(name string) func() hash.Hash {
	switch strings.ToLower(strings.ReplaceAll(name, "-", "")) {
	case "sha256":
		return sha256.New
	case "sha512":
		return sha512.New
	case "sha1":
		return sha1.New
	case "md5":
		return md5.New
	case "sha384":
		return sha512.New384
	}
	return nil
}

// hRandomBytes(n) -> ArrayBuffer of seeded pseudo-random bytes.
func (r *run) opRandomBytes(c *engine.Call) engine.Value {
	n := int(argInt(c, 0))
	if r.rng == nil {
		r.rng = rand.New(rand.NewSource(r.sc.Seed ^ 0x5eed))
	}
	b := make([]byte, max(n, 0))
	for i := range b {
		b[i] = byte(r.rng.Intn(256))
	}
	return r.bufferValue(b)
}

// hHash(algorithm, data) -> ArrayBuffer digest, or undefined for an unknown algorithm.
func (r *run) opHash(c *engine.Call) engine.Value {
	h := hashFunc(c.Arg(0).String())
	if h == nil {
		return r.js.Undefined()
	}
	d := h()
	d.Write(r.bytesArg(c.Arg(1)))
	return r.bufferValue(d.Sum(nil))
}
