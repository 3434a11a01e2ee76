package sim

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"

	"golang.org/x/crypto/salsa20/salsa"
)

// Key derivations in chunks (natives.go): PBKDF2 block by block, scrypt's mixing a
// slice of its rounds at a time, the stand-in of a derivation past the real limits a
// hash at a time. Each is priced whole before it starts (its price is known from its
// parameters, so a cached result costs the same operations as a computed one); between
// chunks it calls check, which ends the run past its budgets or once cancelled.

// kdfChunkOps is about how much work a derivation does between two checks of the
// run's budgets (about 20 ms).
const kdfChunkOps = 1_000_000

// hashPrice is the price of hashing n bytes with h's digest.
func hashPrice(h func() hash.Hash, n int64) int64 {
	d := h()
	rate := nsHashByte
	if d.BlockSize() == 136 || d.BlockSize() == 144 || d.BlockSize() == 104 || d.BlockSize() == 72 {
		rate = nsSHA3Byte // the SHA-3 family (its rates)
	}
	return opsOf(float64(n) * rate)
}

// pbkdf2Price is the price of PBKDF2 with h of keylen bytes at iter iterations: each
// iteration of each block is an HMAC of two blocks of the digest.
func pbkdf2Price(h func() hash.Hash, keylen, iter int64) int64 {
	d := h()
	blocks := (keylen + int64(d.Size()) - 1) / int64(d.Size())
	return hashPrice(h, blocks*iter*2*int64(d.BlockSize()))
}

// pbkdf2Into fills out with PBKDF2-HMAC (RFC 8018 section 5.2) of pw and salt at iter
// iterations, calling check (natives.go: it ends the run past a budget) every
// kdfChunkOps of work.
func pbkdf2Into(out []byte, h func() hash.Hash, pw, salt []byte, iter int, check func()) {
	prf := hmac.New(h, pw)
	size := prf.Size()
	u := make([]byte, 0, size)
	t := make([]byte, size)
	perCheck := max(1, int(kdfChunkOps/max(pbkdf2Price(h, int64(size), 1), 1)))
	done := 0
	for block := uint32(1); len(out) > 0; block++ {
		prf.Reset()
		prf.Write(salt)
		prf.Write(binary.BigEndian.AppendUint32(nil, block))
		u = prf.Sum(u[:0])
		copy(t, u)
		for i := 1; i < iter; i++ {
			prf.Reset()
			prf.Write(u)
			u = prf.Sum(u[:0])
			for k := range t {
				t[k] ^= u[k]
			}
			if done++; done%perCheck == 0 {
				check()
			}
		}
		if done++; done%perCheck == 0 {
			check()
		}
		out = out[copy(out, t):]
	}
}

// scryptPrice is the price of scrypt with cost n, block size 8 and parallelism 1 (the
// parameters js/crypto.js passes) giving keylen bytes.
func scryptPrice(n, keylen int64) int64 {
	return opsOf(float64(n)*8*nsScryptUnit) + pbkdf2Price(sha256.New, keylen, 1)
}

// scryptInto fills out with scrypt (RFC 7914) of pw and salt at cost n (a power of two),
// block size 8 and parallelism 1: golang.org/x/crypto/scrypt's result, calling check
// every kdfChunkOps of work. Its memory is scryptMemory(n) bytes (the caller holds it).
func scryptInto(out []byte, pw, salt []byte, n int, check func()) {
	b := make([]byte, 128*scryptR)
	pbkdf2Into(b, sha256.New, pw, salt, 1, check)
	v := make([]byte, scryptMemory(n))
	x := append([]byte(nil), b...)
	y := make([]byte, len(x))
	perCheck := max(1, int(kdfChunkOps/max(opsOf(8*nsScryptUnit), 1)))
	for i := 0; i < n; i++ {
		copy(v[i*len(x):], x)
		scryptBlockMix(y, x)
		x, y = y, x
		if i%perCheck == perCheck-1 {
			check()
		}
	}
	for i := 0; i < n; i++ {
		j := int(binary.LittleEndian.Uint64(x[len(x)-64:]) & uint64(n-1))
		for k, vb := range v[j*len(x) : (j+1)*len(x)] {
			x[k] ^= vb
		}
		scryptBlockMix(y, x)
		x, y = y, x
		if i%perCheck == perCheck-1 {
			check()
		}
	}
	pbkdf2Into(out, sha256.New, pw, x, 1, check)
}

// scryptR is scrypt's block size js/crypto.js passes (Node's default).
const scryptR = 8

// scryptMemory is the memory scrypt with cost n takes, in bytes.
func scryptMemory(n int) int64 { return int64(n) * 128 * scryptR }

// scryptBlockMix is scrypt's BlockMix (RFC 7914 section 4) of in's 2r 64-byte blocks
// with Salsa20/8: the even outputs first, then the odd ones.
func scryptBlockMix(out, in []byte) {
	blocks := len(in) / 64
	var x, t [64]byte
	copy(x[:], in[len(in)-64:])
	for i := 0; i < blocks; i++ {
		for k := range t {
			t[k] = x[k] ^ in[i*64+k]
		}
		salsa.Core208(&x, &t)
		dst := (i/2 + (i%2)*(blocks/2)) * 64
		copy(out[dst:dst+64], x[:])
	}
}

// standInPrice is the price of a stand-in of n bytes from parts of m bytes.
func standInPrice(n, m int64) int64 { return hashPrice(sha256.New, n+m+64) }

// standInInto fills out with a deterministic stand-in for a derivation too costly to
// compute for real (pbkdf2, scrypt and argon2 past their real limits): SHA-256 of kind
// and the parts, then SHA-256 of that seed in counter mode, calling check every
// kdfChunkOps of work.
func standInInto(out []byte, check func(), kind string, parts ...[]byte) {
	h := sha256.New()
	h.Write([]byte(kind))
	for _, p := range parts {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(p))))
		h.Write(p)
	}
	seed := h.Sum(nil)
	perCheck := max(1, int(kdfChunkOps/max(standInPrice(sha256.Size, 0), 1)))
	for i := uint64(0); len(out) > 0; i++ {
		if i%uint64(perCheck) == uint64(perCheck)-1 {
			check()
		}
		block := sha256.Sum256(binary.BigEndian.AppendUint64(append([]byte(nil), seed...), i))
		out = out[copy(out, block[:]):]
	}
}
