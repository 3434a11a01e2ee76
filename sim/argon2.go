package sim

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/crypto/blake2b"

	"github.com/looplab/looplab/sim/internal/engine"
)

// crypto.argon2 and argon2Sync (Node 24.7+) in Go: Argon2 version 0x13 as RFC 9106
// defines it, with the three variants, the secret and the associated data that
// golang.org/x/crypto/argon2 does not take. Node's key is OpenSSL's, which is RFC 9106's:
// TestArgon2 checks the RFC's vectors and keys real Node derived.
//
// The memory parameter is memory Node allocates outside the JavaScript heap: a
// derivation holds it against the run's heap limit while it runs (a program asking for
// more than the limit ends with memory_limit_exceeded, as one allocating as much in
// JavaScript), and its time is the work, memory x passes (js/crypto.js argon2Cost).

// Argon2 variants (RFC 9106 section 3.1, y).
const (
	argon2d  = 0
	argon2i  = 1
	argon2id = 2
)

// realArgon2Work is the most KiB x passes derived for real; a larger derivation (within
// the memory limit) is a deterministic stand-in, as pbkdf2's and scrypt's past their
// limits are (crypto.go): its virtual time is still the real work's.
const realArgon2Work = 1 << 20

// opArgon2(type, message, nonce, secret, associatedData, parallelism, tagLength, memory,
// passes) -> ArrayBuffer of the tag. Memory that does not fit the run's heap limit ends
// the run with memory_limit_exceeded.
func (r *cryptoModule) opArgon2(c *engine.Call) engine.Value {
	typ := int(argInt(c, 0))
	msg, nonce := r.viewArg(c.Arg(1)), r.viewArg(c.Arg(2))
	secret, ad := r.viewArg(c.Arg(3)), r.viewArg(c.Arg(4))
	p, tagLen := uint32(argInt(c, 5)), uint32(argInt(c, 6))
	m, t := uint32(argInt(c, 7)), uint32(argInt(c, 8))
	r.holdCall(int64(m) << 10) // the memory Node allocates for it, held while it runs
	parts := [][]byte{msg, nonce, secret, ad, []byte(itoa(typ) + "/" + itoa(int(p)) + "/" + itoa(int(m)) + "/" + itoa(int(t)))}
	v, out := r.newBuffer(int(tagLen))
	if uint64(m)*uint64(t) > realArgon2Work {
		r.nativeWork(standInPrice(int64(tagLen), int64(len(msg)+len(nonce)+len(secret)+len(ad))))
		standInInto(out, r.checkNative, "argon2", parts...)
		return v
	}
	r.nativeWork(opsOf(float64(m)*float64(t)*nsArgon2Block) + opsOf(float64(int64(len(msg)+len(nonce)+len(secret)+len(ad))+int64(tagLen))*nsHashByte))
	params := "argon2/" + itoa(typ) + "/" + itoa(int(p)) + "/" + itoa(int(tagLen)) + "/" + itoa(int(m)) + "/" + itoa(int(t))
	salt := make([]byte, 0, len(nonce)+len(secret)+len(ad)+8) // the cache's key: all but the message
	for _, b := range [][]byte{nonce, secret} {
		salt = append(binary.LittleEndian.AppendUint32(salt, uint32(len(b))), b...)
	}
	salt = append(salt, ad...)
	r.holdCall(int64(tagLen)) // argon2Key's own tag, copied into out
	r.derive(out, params, msg, salt, func(out []byte) {
		copy(out, argon2Key(typ, msg, nonce, secret, ad, p, tagLen, m, t, r.checkNative))
	})
	return v
}

// argon2Key is the Argon2 tag (RFC 9106 section 3.2) of variant typ; check is called
// after each segment when it is not nil (natives.go: it ends the run when a budget is
// past).
func argon2Key(typ int, msg, nonce, secret, ad []byte, p, tagLen, m, t uint32, check func()) []byte {
	// H0 (step 1)
	h, _ := blake2b.New512(nil)
	le := func(v uint32) { h.Write(binary.LittleEndian.AppendUint32(nil, v)) }
	for _, v := range []uint32{p, tagLen, m, t, 0x13, uint32(typ)} {
		le(v)
	}
	for _, b := range [][]byte{msg, nonce, secret, ad} {
		le(uint32(len(b)))
		h.Write(b)
	}
	h0 := h.Sum(nil)

	// The memory: m' = 4p floor(m / 4p) blocks, p lanes of q columns in 4 slices.
	blocks := 4 * p * (m / (4 * p))
	q := blocks / p
	seg := q / 4
	mem := make([]argon2Block, blocks)
	var buf [1024]byte
	for lane := uint32(0); lane < p; lane++ { // steps 3 and 4
		for j := uint32(0); j < 2; j++ {
			in := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(append([]byte(nil), h0...), j), lane)
			argon2Hash(buf[:], in)
			mem[lane*q+j].load(buf[:])
		}
	}
	for pass := uint32(0); pass < t; pass++ { // steps 5 and 6
		for slice := uint32(0); slice < 4; slice++ {
			for lane := uint32(0); lane < p; lane++ {
				argon2Segment(mem, typ, pass, slice, lane, p, q, seg, blocks, t)
				if check != nil {
					check()
				}
			}
		}
	}
	var c argon2Block // step 7: the XOR of the lanes' last blocks
	for lane := uint32(0); lane < p; lane++ {
		for i := range c {
			c[i] ^= mem[lane*q+q-1][i]
		}
	}
	c.store(buf[:])
	tag := make([]byte, tagLen)
	argon2Hash(tag, buf[:])
	return tag
}

// argon2Block is a 1 KiB block as 128 little-endian 64-bit words.
type argon2Block [128]uint64

func (b *argon2Block) load(in []byte) {
	for i := range b {
		b[i] = binary.LittleEndian.Uint64(in[8*i:])
	}
}

func (b *argon2Block) store(out []byte) {
	for i, v := range b {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
}

// argon2Segment fills one segment of one lane in one pass (RFC 9106 section 3.4).
func argon2Segment(mem []argon2Block, typ int, pass, slice, lane, p, q, seg, blocks, t uint32) {
	independent := typ == argon2i || typ == argon2id && pass == 0 && slice < 2
	var addr, input, zero argon2Block
	if independent {
		input[0], input[1], input[2] = uint64(pass), uint64(lane), uint64(slice)
		input[3], input[4], input[5] = uint64(blocks), uint64(t), uint64(typ)
	}
	next := func() { // the next block of addresses: G(0, G(0, input)) with the counter up
		input[6]++
		argon2G(&addr, &zero, &input, false)
		argon2G(&addr, &zero, &addr, false)
	}
	start := uint32(0)
	if pass == 0 && slice == 0 {
		start = 2
		if independent {
			next()
		}
	}
	for i := start; i < seg; i++ {
		cur := lane*q + slice*seg + i
		prev := cur - 1
		if cur%q == 0 {
			prev = cur + q - 1
		}
		var rnd uint64
		if independent {
			if i%128 == 0 {
				next()
			}
			rnd = addr[i%128]
		} else {
			rnd = mem[prev][0]
		}
		refLane := uint32(rnd>>32) % p
		if pass == 0 && slice == 0 {
			refLane = lane
		}
		// The reference area and the index in it (section 3.4.2).
		same := refLane == lane
		var area uint32
		switch {
		case pass == 0 && slice == 0:
			area = i - 1
		case pass == 0 && same:
			area = slice*seg + i - 1
		case pass == 0:
			area = slice * seg
			if i == 0 {
				area--
			}
		case same:
			area = q - seg + i - 1
		default:
			area = q - seg
			if i == 0 {
				area--
			}
		}
		x := rnd & 0xFFFFFFFF
		x = x * x >> 32
		rel := uint64(area) - 1 - (uint64(area) * x >> 32)
		startPos := uint64(0)
		if pass != 0 && slice != 3 {
			startPos = uint64(slice+1) * uint64(seg)
		}
		ref := refLane*q + uint32((startPos+rel)%uint64(q))
		argon2G(&mem[cur], &mem[prev], &mem[ref], pass > 0)
	}
}

// argon2G sets out to G(x, y) (RFC 9106 section 3.5), XORed with out's old value when
// xor (the passes after the first, version 0x13).
func argon2G(out, x, y *argon2Block, xor bool) {
	var r, z argon2Block
	for i := range r {
		r[i] = x[i] ^ y[i]
	}
	z = r
	for i := 0; i < 8; i++ { // rows
		argon2P(&z, 16*i, 16*i+1, 16*i+2, 16*i+3, 16*i+4, 16*i+5, 16*i+6, 16*i+7,
			16*i+8, 16*i+9, 16*i+10, 16*i+11, 16*i+12, 16*i+13, 16*i+14, 16*i+15)
	}
	for i := 0; i < 8; i++ { // columns
		argon2P(&z, 2*i, 2*i+1, 2*i+16, 2*i+17, 2*i+32, 2*i+33, 2*i+48, 2*i+49,
			2*i+64, 2*i+65, 2*i+80, 2*i+81, 2*i+96, 2*i+97, 2*i+112, 2*i+113)
	}
	for i := range out {
		if xor {
			out[i] ^= z[i] ^ r[i]
		} else {
			out[i] = z[i] ^ r[i]
		}
	}
}

// argon2P is the permutation P on sixteen words of b (BLAKE2b's round, multiplications
// added: section 3.6).
func argon2P(b *argon2Block, i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15 int) {
	gb := func(a, b2, c, d int) {
		v := b
		v[a] = v[a] + v[b2] + 2*uint64(uint32(v[a]))*uint64(uint32(v[b2]))
		v[d] = bits.RotateLeft64(v[d]^v[a], -32)
		v[c] = v[c] + v[d] + 2*uint64(uint32(v[c]))*uint64(uint32(v[d]))
		v[b2] = bits.RotateLeft64(v[b2]^v[c], -24)
		v[a] = v[a] + v[b2] + 2*uint64(uint32(v[a]))*uint64(uint32(v[b2]))
		v[d] = bits.RotateLeft64(v[d]^v[a], -16)
		v[c] = v[c] + v[d] + 2*uint64(uint32(v[c]))*uint64(uint32(v[d]))
		v[b2] = bits.RotateLeft64(v[b2]^v[c], -63)
	}
	gb(i0, i4, i8, i12)
	gb(i1, i5, i9, i13)
	gb(i2, i6, i10, i14)
	gb(i3, i7, i11, i15)
	gb(i0, i5, i10, i15)
	gb(i1, i6, i11, i12)
	gb(i2, i7, i8, i13)
	gb(i3, i4, i9, i14)
}

// argon2Hash fills out with H' of in (section 3.3): BLAKE2b of out's length, or a chain
// of BLAKE2b-512 whose halves make the output.
func argon2Hash(out, in []byte) {
	n := len(out)
	prefix := binary.LittleEndian.AppendUint32(nil, uint32(n))
	if n <= 64 {
		h, _ := blake2b.New(n, nil)
		h.Write(prefix)
		h.Write(in)
		copy(out, h.Sum(nil))
		return
	}
	h, _ := blake2b.New512(nil)
	h.Write(prefix)
	h.Write(in)
	v := h.Sum(nil)
	r := (n+31)/32 - 2
	copy(out, v[:32])
	for i := 1; i < r; i++ {
		s := blake2b.Sum512(v)
		v = s[:]
		copy(out[32*i:], v[:32])
	}
	last, _ := blake2b.New(n-32*r, nil)
	last.Write(v)
	copy(out[32*r:], last.Sum(nil))
}
