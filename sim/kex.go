package sim

import (
	"crypto/elliptic"
	"math/big"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:crypto's key agreement in Go: ECDH over prime curves (math/big, so secp256k1 is
// one more table entry beside the NIST curves) and finite-field Diffie-Hellman (the MODP
// groups of kex_modp.go, or a prime of the program's). Private keys drawn by the
// simulator come from the run's seeded source, so a run is the same every time.

// ecCurve is a short Weierstrass curve y^2 = x^3 + ax + b over GF(p) of prime order n
// (cofactor 1), its field elements size bytes long.
type ecCurve struct {
	p, a, b, gx, gy, n *big.Int
	size               int
}

func hexInt(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("sim: bad curve constant " + s)
	}
	return v
}

func nistCurve(c elliptic.Curve) *ecCurve {
	p := c.Params()
	return &ecCurve{p: p.P, a: new(big.Int).Sub(p.P, big.NewInt(3)), b: p.B, gx: p.Gx, gy: p.Gy, n: p.N, size: (p.BitSize + 7) / 8}
}

// ecCurves are the curves the simulator computes, by OpenSSL's short name (the names
// crypto.getCurves() lists); the others of that list are refused by name in js/crypto.js.
var ecCurves = map[string]*ecCurve{
	"prime256v1": nistCurve(elliptic.P256()),
	"secp224r1":  nistCurve(elliptic.P224()),
	"secp384r1":  nistCurve(elliptic.P384()),
	"secp521r1":  nistCurve(elliptic.P521()),
	"secp256k1": {
		p:    hexInt("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
		a:    big.NewInt(0),
		b:    big.NewInt(7),
		gx:   hexInt("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
		gy:   hexInt("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
		n:    hexInt("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
		size: 32,
	},
}

// jacobian is a point (X/Z^2, Y/Z^3); Z = 0 is the point at infinity.
type jacobian struct{ x, y, z *big.Int }

func (c *ecCurve) mod(v *big.Int) *big.Int { return v.Mod(v, c.p) }

func (c *ecCurve) mul(a, b *big.Int) *big.Int { return c.mod(new(big.Int).Mul(a, b)) }

func (c *ecCurve) double(q jacobian) jacobian {
	if q.z.Sign() == 0 || q.y.Sign() == 0 {
		return jacobian{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
	}
	yy := c.mul(q.y, q.y)
	s := c.mul(big.NewInt(4), c.mul(q.x, yy))
	zz := c.mul(q.z, q.z)
	m := c.mod(new(big.Int).Add(c.mul(big.NewInt(3), c.mul(q.x, q.x)), c.mul(c.a, c.mul(zz, zz))))
	x := c.mod(new(big.Int).Sub(c.mul(m, m), new(big.Int).Lsh(s, 1)))
	y := c.mod(new(big.Int).Sub(c.mul(m, new(big.Int).Sub(s, x)), c.mul(big.NewInt(8), c.mul(yy, yy))))
	z := c.mul(big.NewInt(2), c.mul(q.y, q.z))
	return jacobian{x, y, z}
}

func (c *ecCurve) add(p, q jacobian) jacobian {
	if p.z.Sign() == 0 {
		return q
	}
	if q.z.Sign() == 0 {
		return p
	}
	z1z1, z2z2 := c.mul(p.z, p.z), c.mul(q.z, q.z)
	u1, u2 := c.mul(p.x, z2z2), c.mul(q.x, z1z1)
	s1, s2 := c.mul(p.y, c.mul(q.z, z2z2)), c.mul(q.y, c.mul(p.z, z1z1))
	if u1.Cmp(u2) == 0 {
		if s1.Cmp(s2) != 0 {
			return jacobian{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
		}
		return c.double(p)
	}
	h := c.mod(new(big.Int).Sub(u2, u1))
	r := c.mod(new(big.Int).Sub(s2, s1))
	hh := c.mul(h, h)
	hhh := c.mul(h, hh)
	u1hh := c.mul(u1, hh)
	x := c.mod(new(big.Int).Sub(new(big.Int).Sub(c.mul(r, r), hhh), new(big.Int).Lsh(u1hh, 1)))
	y := c.mod(new(big.Int).Sub(c.mul(r, new(big.Int).Sub(u1hh, x)), c.mul(s1, hhh)))
	return jacobian{x, y, c.mul(h, c.mul(p.z, q.z))}
}

// scalarMult is k(x, y) in affine coordinates; ok is false at infinity.
func (c *ecCurve) scalarMult(x, y, k *big.Int) (*big.Int, *big.Int, bool) {
	acc := jacobian{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
	base := jacobian{x, y, big.NewInt(1)}
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc = c.double(acc)
		if k.Bit(i) == 1 {
			acc = c.add(acc, base)
		}
	}
	if acc.z.Sign() == 0 {
		return nil, nil, false
	}
	zi := new(big.Int).ModInverse(acc.z, c.p)
	zi2 := c.mul(zi, zi)
	return c.mul(acc.x, zi2), c.mul(acc.y, c.mul(zi2, zi)), true
}

func (c *ecCurve) onCurve(x, y *big.Int) bool {
	if x.Sign() < 0 || y.Sign() < 0 || x.Cmp(c.p) >= 0 || y.Cmp(c.p) >= 0 {
		return false
	}
	rhs := c.mod(new(big.Int).Add(new(big.Int).Add(c.mul(x, c.mul(x, x)), c.mul(c.a, x)), c.b))
	return c.mul(y, y).Cmp(rhs) == 0
}

func (c *ecCurve) pad(v *big.Int) []byte { return v.FillBytes(make([]byte, c.size)) }

// uncompressed is the SEC 1 encoding 04 || X || Y.
func (c *ecCurve) uncompressed(x, y *big.Int) []byte {
	return append(append([]byte{4}, c.pad(x)...), c.pad(y)...)
}

// decode reads a point in any SEC 1 form (compressed 02/03, uncompressed 04, hybrid
// 06/07) and checks that it is on the curve; the point at infinity is refused.
func (c *ecCurve) decode(b []byte) (*big.Int, *big.Int, bool) {
	switch {
	case len(b) == 1+c.size && (b[0] == 2 || b[0] == 3):
		x := new(big.Int).SetBytes(b[1:])
		if x.Cmp(c.p) >= 0 {
			return nil, nil, false
		}
		rhs := c.mod(new(big.Int).Add(new(big.Int).Add(c.mul(x, c.mul(x, x)), c.mul(c.a, x)), c.b))
		y := new(big.Int).ModSqrt(rhs, c.p)
		if y == nil {
			return nil, nil, false
		}
		if y.Bit(0) != uint(b[0]&1) {
			y.Sub(c.p, y)
		}
		return x, y, c.onCurve(x, y)
	case len(b) == 1+2*c.size && (b[0] == 4 || b[0] == 6 || b[0] == 7):
		x, y := new(big.Int).SetBytes(b[1:1+c.size]), new(big.Int).SetBytes(b[1+c.size:])
		if b[0] != 4 && y.Bit(0) != uint(b[0]&1) {
			return nil, nil, false
		}
		return x, y, c.onCurve(x, y)
	}
	return nil, nil, false
}

// opKex(op, ...) serves js/crypto.js's ECDH and DiffieHellman:
//
//	ec-pub     curve, private key            -> uncompressed public key, or undefined (not in [1, n))
//	ec-gen     curve                         -> a random private key in [1, n) (minimal bytes)
//	ec-point   curve, point (any SEC 1 form) -> uncompressed, or undefined (not on the curve)
//	ec-secret  curve, private key, point     -> the shared X coordinate (field size), or undefined
//	dh-group   name                          -> the MODP group's prime, or undefined
//	dh-check   p, g, openssl3                -> DH_check's flags (Node's verifyError); -1 for a group
//	                                            OpenSSL 3 knows by name, which it does not check
//	dh-pub     p, g, private key             -> g^x mod p (minimal bytes)
//	dh-gen     p, g, openssl3                -> a random private key (OpenSSL's length for the group)
//	dh-secret  p, private key, public key    -> y^x mod p padded to p's length, or "small" / "large"
//	dh-prime   bits, g, openssl3             -> a random safe prime of bits bits (OpenSSL's residue for g)
func (r *cryptoModule) opKex(c *engine.Call) engine.Value {
	op := c.Arg(0).String()
	var in int64
	for _, a := range c.Args()[1:] {
		if b, ok := r.js.View(a); ok {
			in += int64(len(b))
		}
	}
	r.holdCall(4 * in) // the numbers read from the bytes and their arithmetic
	if len(op) > 3 && op[:3] == "ec-" {
		cv := ecCurves[c.Arg(1).String()]
		if cv == nil {
			return r.js.Undefined()
		}
		switch op {
		case "ec-pub":
			k := new(big.Int).SetBytes(r.viewArg(c.Arg(2)))
			if k.Sign() == 0 || k.Cmp(cv.n) >= 0 {
				return r.js.Undefined()
			}
			x, y, _ := cv.scalarMult(cv.gx, cv.gy, k)
			return r.bufferValue(cv.uncompressed(x, y))
		case "ec-gen":
			k := new(big.Int).Rand(r.random(), new(big.Int).Sub(cv.n, big.NewInt(1)))
			return r.bufferValue(k.Add(k, big.NewInt(1)).Bytes())
		case "ec-point":
			x, y, ok := cv.decode(r.viewArg(c.Arg(2)))
			if !ok {
				return r.js.Undefined()
			}
			return r.bufferValue(cv.uncompressed(x, y))
		case "ec-secret":
			k := new(big.Int).SetBytes(r.viewArg(c.Arg(2)))
			k.Mod(k, cv.n) // k and k mod n multiply a point of the curve's group alike
			px, py, ok := cv.decode(r.viewArg(c.Arg(3)))
			if !ok || k.Sign() == 0 {
				return r.js.Undefined()
			}
			x, _, ok := cv.scalarMult(px, py, k)
			if !ok {
				return r.js.Undefined()
			}
			return r.bufferValue(cv.pad(x))
		}
	}
	switch op {
	case "dh-group":
		h, ok := modpPrimes[c.Arg(1).String()]
		if !ok {
			return r.js.Undefined()
		}
		return r.bufferValue(hexInt(h).Bytes())
	case "dh-check":
		p, g := new(big.Int).SetBytes(r.viewArg(c.Arg(1))), new(big.Int).SetBytes(r.viewArg(c.Arg(2)))
		if c.Arg(3).Truthy() && namedGroupLength(p, g) > 0 {
			return r.js.Int(-1) // OpenSSL 3 knows the group: no check, verifyError 0
		}
		return r.js.Int(int64(r.dhCheck(p, g, c.Arg(3).Truthy())))
	case "dh-pub":
		p, g := new(big.Int).SetBytes(r.viewArg(c.Arg(1))), new(big.Int).SetBytes(r.viewArg(c.Arg(2)))
		x := new(big.Int).SetBytes(r.viewArg(c.Arg(3)))
		return r.bufferValue(r.exp(g, x, p).Bytes())
	case "dh-gen":
		p, g := new(big.Int).SetBytes(r.viewArg(c.Arg(1))), new(big.Int).SetBytes(r.viewArg(c.Arg(2)))
		return r.bufferValue(dhPrivateKey(r.run, p, g, c.Arg(3).Truthy()).Bytes())
	case "dh-secret":
		p := new(big.Int).SetBytes(r.viewArg(c.Arg(1)))
		x, y := new(big.Int).SetBytes(r.viewArg(c.Arg(2))), new(big.Int).SetBytes(r.viewArg(c.Arg(3)))
		if y.Cmp(big.NewInt(1)) <= 0 {
			return r.js.String("small")
		}
		if y.Cmp(new(big.Int).Sub(p, big.NewInt(1))) >= 0 {
			return r.js.String("large")
		}
		return r.bufferValue(r.exp(y, x, p).FillBytes(make([]byte, (p.BitLen()+7)/8)))
	case "dh-prime":
		return r.bufferValue(r.safePrime(int(argInt(c, 1)), argInt(c, 2), c.Arg(3).Truthy()).Bytes())
	}
	panic("sim: no key agreement operation " + op)
}

// OpenSSL's DH_check flags.
const (
	dhCheckPNotPrime          = 0x01
	dhCheckPNotSafePrime      = 0x02
	dhNotSuitableGenerator    = 0x08
	dhModulusTooSmall         = 0x80
	dhModulusTooLarge         = 0x100
	dhMinModulusBits          = 512
	dhMaxModulusBits          = 10000
	primeChecks               = 20
	modpNamedGroupMinimumBits = 1536
)

// namedGroupLength is the private key length OpenSSL 3 gives a MODP group it knows by
// name (RFC 3526's, with generator 2; RFC 2409's 768- and 1024-bit ones it does not
// know), or 0.
func namedGroupLength(p, g *big.Int) int {
	if g.Cmp(big.NewInt(2)) != 0 || p.BitLen() < modpNamedGroupMinimumBits {
		return 0
	}
	lengths := map[string]int{"modp5": 200, "modp14": 225, "modp15": 275, "modp16": 325, "modp17": 375, "modp18": 400}
	for name, bits := range lengths {
		if hexInt(modpPrimes[name]).Cmp(p) == 0 {
			return bits
		}
	}
	return 0
}

// dhCheck is OpenSSL's DH_check for parameters without q: OpenSSL 3 (Node 17 on) flags a
// modulus shorter than 512 bits, 1.1.1 (Node 10) does not; neither checks the generator
// beyond its range.
func (r *run) dhCheck(p, g *big.Int, openssl3 bool) int {
	flags := 0
	if p.Bit(0) == 0 {
		flags |= dhCheckPNotPrime
	}
	if g.Cmp(big.NewInt(1)) <= 0 || g.Cmp(new(big.Int).Sub(p, big.NewInt(1))) >= 0 {
		flags |= dhNotSuitableGenerator
	}
	if openssl3 && p.BitLen() < dhMinModulusBits {
		flags |= dhModulusTooSmall
	}
	if openssl3 && p.BitLen() > dhMaxModulusBits {
		flags |= dhModulusTooLarge
	}
	if knownSafePrime(p) {
		return flags
	}
	if !r.probablyPrime(p, primeChecks) {
		flags |= dhCheckPNotPrime
	} else if !r.probablyPrime(new(big.Int).Rsh(p, 1), primeChecks) {
		flags |= dhCheckPNotSafePrime
	}
	return flags
}

// knownSafePrime tells whether p is one of the MODP primes (all safe primes), whose
// primality tests would take seconds at 8192 bits.
func knownSafePrime(p *big.Int) bool {
	for _, h := range modpPrimes {
		if hexInt(h).Cmp(p) == 0 {
			return true
		}
	}
	return false
}

// dhPrivateKey is a random private key as OpenSSL draws it: for a named group (OpenSSL
// 3) below 2^length; otherwise bits(p)-1 bits long with the top bit set.
func dhPrivateKey(r *run, p, g *big.Int, openssl3 bool) *big.Int {
	rng := cryptoKey.of(r).random()
	if l := namedGroupLength(p, g); openssl3 && l > 0 {
		k := new(big.Int).Rand(rng, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(l)), big.NewInt(1)))
		return k.Add(k, big.NewInt(1))
	}
	bits := max(p.BitLen()-1, 1)
	k := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
	return k.SetBit(k, bits-1, 1)
}

// safePrime is a random safe prime p (p and (p-1)/2 prime) of exactly bits bits, in
// the residue class OpenSSL's DH parameter generation uses for the generator: OpenSSL 3
// takes 23 mod 24 for 2, 59 mod 60 for 5, 11 mod 12 otherwise; 1.1.1 (Node 10) 11 mod 24
// for 2 and 3 mod 10 for 5.
func (r *cryptoModule) safePrime(bits int, g int64, openssl3 bool) *big.Int {
	add, rem := int64(12), int64(11)
	switch {
	case g == 2 && openssl3:
		add, rem = 24, 23
	case g == 5 && openssl3:
		add, rem = 60, 59
	case g == 2:
		add, rem = 24, 11
	case g == 5:
		add, rem = 10, 3
	}
	bits = max(bits, 6)
	rng := r.random()
	A := big.NewInt(add)
	// A sieve: p and (p-1)/2 have no small factor when p mod s is neither 0 nor 1.
	var small []int64
	if bits > 32 {
		for s := int64(5); s < 2000; s += 2 {
			if big.NewInt(s).ProbablyPrime(0) {
				small = append(small, s)
			}
		}
	}
	res := make([]int64, len(small))
	r.holdCall(int64(bits/8+8) * 8) // the candidates and the numbers of their tests
	sieve := opsOf(float64(len(small)) * 5)
	for {
		r.nativeWork(candidatePrice(bits))
		p := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		p.SetBit(p, bits-1, 1)
		p.Sub(p, new(big.Int).Mod(p, A))
		p.Add(p, big.NewInt(rem))
		for i, s := range small {
			res[i] = new(big.Int).Mod(p, big.NewInt(s)).Int64()
		}
		for ; p.BitLen() == bits; p.Add(p, A) {
			r.nativeWork(sieve)
			clear := true
			for i, s := range small {
				if res[i] <= 1 {
					clear = false
				}
				res[i] = (res[i] + add) % s
			}
			if !clear {
				continue
			}
			q := new(big.Int).Rsh(p, 1)
			if r.probablyPrime(q, 0) && r.probablyPrime(p, 0) && r.probablyPrime(q, 20) && r.probablyPrime(p, 20) {
				return p
			}
		}
	}
}
