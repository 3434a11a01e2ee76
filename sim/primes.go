package sim

import (
	"crypto/sha256"
	"math/big"
)

// Big-number work in chunks (natives.go): modular exponentiation, the step of primality
// tests and key agreement, costs the cube of its size, so a program's sizes (an 8192-bit
// safe prime, a 16384-bit RSA key, a prime of a million bits to check) are priced step by
// step and each step is charged before it runs; an exponentiation priced past one chunk
// is done a slice of its exponent at a time.

// expPrice is the price of x^e mod m with an exponent of eBits bits and a modulus of
// mBits bits (square-and-multiply: eBits products of mBits-bit numbers).
func expPrice(eBits, mBits int) int64 {
	words := float64(mBits/64 + 1)
	return opsOf(float64(eBits+1) * words * words * nsExpUnit)
}

// expStepOps is the price of the largest exponentiation done in one step (about 0.5 s:
// an 8192-bit one is 15 million): a larger one is done a window of its exponent at a
// time, slower but interruptible.
const expStepOps = 25_000_000

// exp is x^e mod m (m > 1; 0 otherwise), priced before it runs; one priced past
// expStepOps is done about kdfChunkOps at a time, a window of e's bits per step.
func (r *run) exp(x, e, m *big.Int) *big.Int {
	if m.Sign() <= 0 || m.BitLen() < 2 {
		return new(big.Int)
	}
	if e.Sign() < 0 {
		e = new(big.Int).Neg(e) // Node's exponents are unsigned bytes
	}
	price := expPrice(e.BitLen(), m.BitLen())
	if price <= expStepOps {
		r.nativeWork(price)
		return new(big.Int).Exp(x, e, m)
	}
	window := max(1, int(kdfChunkOps/max(expPrice(1, m.BitLen()), 1))/2) // bits per step
	acc := big.NewInt(1)
	shift := new(big.Int).Lsh(big.NewInt(1), uint(window))
	for top := e.BitLen(); top > 0; top -= window {
		k := min(window, top)
		bits := new(big.Int).Rsh(e, uint(top-k))
		bits.And(bits, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), big.NewInt(1)))
		r.nativeWork(2 * expPrice(k, m.BitLen()))
		if k == window {
			acc.Exp(acc, shift, m)
		} else {
			acc.Exp(acc, new(big.Int).Lsh(big.NewInt(1), uint(k)), m)
		}
		acc.Mul(acc, new(big.Int).Exp(x, bits, m))
		acc.Mod(acc, m)
	}
	return acc
}

// bpswMaxBits is the largest number the primality test gives to Go's Baillie-PSW test
// (ProbablyPrime(0), one step it cannot be interrupted in: about 0.8 s at this size);
// larger ones get Miller-Rabin rounds only.
const bpswMaxBits = 8192

// probablyPrime is n.ProbablyPrime(rounds) in priced steps: trial division, a
// Miller-Rabin round to base 2 (which rejects almost every composite), Baillie-PSW up to
// bpswMaxBits, then rounds more Miller-Rabin rounds to bases drawn from n. A prime passes
// both tests and a composite fails both (no composite is known to pass Baillie-PSW), so
// the answers are Go's.
func (r *run) probablyPrime(n *big.Int, rounds int) bool {
	if n.Sign() <= 0 || n.BitLen() <= 64 {
		return n.Sign() > 0 && n.ProbablyPrime(rounds)
	}
	if n.Bit(0) == 0 || new(big.Int).GCD(nil, nil, n, smallPrimesProduct).Cmp(big.NewInt(1)) != 0 {
		return false
	}
	if !r.millerRabin(n, big.NewInt(2)) {
		return false
	}
	if n.BitLen() <= bpswMaxBits {
		r.nativeWork(3 * expPrice(n.BitLen(), n.BitLen()))
		if !n.ProbablyPrime(0) {
			return false
		}
	} else {
		rounds = max(rounds, 2)
	}
	for i := 0; i < rounds; i++ {
		if !r.millerRabin(n, mrBase(n, i)) {
			return false
		}
	}
	return true
}

// smallPrimesProduct is the product of the odd primes below 100: a number sharing a
// factor with it is composite (or one of them, which probablyPrime leaves to Go).
var smallPrimesProduct = func() *big.Int {
	p := big.NewInt(1)
	for _, q := range []int64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97} {
		p.Mul(p, big.NewInt(q))
	}
	return p
}()

// mrBase is the base of Miller-Rabin round i for n: a number in [2, n-2] drawn from a
// hash of n and i, so the test is deterministic.
func mrBase(n *big.Int, i int) *big.Int {
	h := sha256.Sum256(append(n.Bytes(), byte(i), byte(i>>8)))
	b := new(big.Int).SetBytes(h[:])
	b.Mod(b, new(big.Int).Sub(n, big.NewInt(3)))
	return b.Add(b, big.NewInt(2))
}

// millerRabin reports whether odd n > 3 is a strong probable prime to base a.
func (r *run) millerRabin(n, a *big.Int) bool {
	nm1 := new(big.Int).Sub(n, big.NewInt(1))
	s := nm1.TrailingZeroBits()
	d := new(big.Int).Rsh(nm1, s)
	x := r.exp(a, d, n)
	if x.Cmp(big.NewInt(1)) == 0 || x.Cmp(nm1) == 0 {
		return true
	}
	for i := uint(1); i < s; i++ {
		r.nativeWork(expPrice(1, n.BitLen()))
		x.Mul(x, x).Mod(x, n)
		if x.Cmp(nm1) == 0 {
			return true
		}
		if x.Cmp(big.NewInt(1)) == 0 {
			return false
		}
	}
	return false
}
