package sim

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:buffer in Go: the encodings js/buffer.js (and TextEncoder/TextDecoder, atob and
// btoa) use, with Node's own rules for what does not fit an encoding.
//
// A JavaScript string crosses the host boundary as WTF-8 (the engine keeps a lone
// surrogate as its 3-byte form, and makes one back from it), so a string is read here as
// UTF-16 code units, as Node's C++ reads a V8 string.

// Past the heap limit the run ends with memory_limit_exceeded (natives.go).
func (r *run) bufferValue(b []byte) engine.Value {
	v, out := r.newBuffer(len(b))
	copy(out, b)
	return v
}

// opEncode(string, encoding[, max]) -> ArrayBuffer: the bytes string encodes to, at most
// max of them (a write into a buffer's room): UTF-8 and UTF-16 write whole characters
// only. encoding is one of the names js/buffer.js normalizes to (utf8 by default).
func (r *bufferModule) opEncode(c *engine.Call) engine.Value {
	limit := -1
	if m := c.Arg(2); m.IsNumber() {
		limit = max(int(m.Int()), 0)
	}
	s := c.Arg(0).String()
	// Its code units (2 bytes each) and the bytes they encode to (at most 2 per byte of
	// s), held while they are built (natives.go).
	r.holdCall(4 * int64(len(s)))
	r.nativeWork(opsOf(float64(len(s)) * 4 * nsCopyByte))
	return r.bufferValue(encodeString(s, normEncoding(c.Arg(1)), limit))
}

// opDecode(bytes, encoding) -> string, whose Go form is held while it is built.
func (r *bufferModule) opDecode(c *engine.Call) engine.Value {
	b, enc := r.viewArg(c.Arg(0)), normEncoding(c.Arg(1))
	n := int64(len(b))
	switch {
	case enc == "hex" || enc == "ucs2":
		n *= 2
	case enc == "latin1" || enc == "ascii":
		n *= 4 // its code units, then their text
	case enc == "base64" || enc == "base64url":
		n = n*4/3 + 4
	case !utf8.Valid(b):
		n *= 5 // the code units of the decoded text, then the text
	}
	r.holdCall(n)
	r.nativeWork(opsOf(float64(n+int64(len(b))) * nsCopyByte))
	return r.js.String(decodeBytes(b, enc))
}

// opUTF8Length(string) -> the bytes of its UTF-8 form (Buffer.byteLength's default).
func (r *bufferModule) opUTF8Length(c *engine.Call) engine.Value {
	n := 0
	s := c.Arg(0).String()
	r.holdCall(2 * int64(len(s)))
	r.nativeWork(opsOf(float64(len(s)) * 3 * nsCopyByte))
	units := jsUnits(s)
	for i := 0; i < len(units); i++ {
		u := units[i]
		switch {
		case u < 0x80:
			n++
		case u < 0x800:
			n += 2
		case isHighSurrogate(u) && i+1 < len(units) && isLowSurrogate(units[i+1]):
			n += 4
			i++
		default:
			n += 3
		}
	}
	return r.js.Int(int64(n))
}

// opBytesKind(bytes) -> 2 when the bytes are ASCII, 1 when they are other valid UTF-8,
// 0 when they are not UTF-8 (buffer.isAscii, buffer.isUtf8).
func (r *bufferModule) opBytesKind(c *engine.Call) engine.Value {
	b := r.viewArg(c.Arg(0))
	r.nativeWork(opsOf(float64(len(b)) * nsCopyByte))
	ascii := true
	for _, x := range b {
		if x >= 0x80 {
			ascii = false
			break
		}
	}
	switch {
	case ascii:
		return r.js.Int(2)
	case utf8.Valid(b):
		return r.js.Int(1)
	}
	return r.js.Int(0)
}

// opIndexOf(haystack, needle, byteOffset, forward, ucs2) -> the index of needle's bytes
// in haystack searching from byteOffset (Node's IndexOfOffset rules, js/buffer.js has
// clamped it), or -1; a UTF-16 needle matches at even offsets only.
func (r *bufferModule) opIndexOf(c *engine.Call) engine.Value {
	hay, needle := r.viewArg(c.Arg(0)), r.viewArg(c.Arg(1))
	return r.js.Int(int64(indexOfBytes(hay, needle, c.Arg(2).Int(), c.Arg(3).Truthy(), c.Arg(4).Truthy(), func(n int64) {
		r.nativeWork(opsOf(float64(n) * nsCopyByte))
	})))
}

// opTranscode(bytes, from, to, asciiReplaced) -> ArrayBuffer, or the ICU error's number (10:
// U_INVALID_CHAR_FOUND) as ICU's converters do it in Node's transcode; asciiReplaced:
// ASCII's bytes above 0x7f are U+FFFD into UTF-16 too (Node 10; later, Latin-1).
func (r *bufferModule) opTranscode(c *engine.Call) engine.Value {
	b := r.viewArg(c.Arg(0))
	r.holdCall(5 * int64(len(b))) // its code units, then the bytes they encode to
	r.nativeWork(opsOf(float64(len(b)) * 5 * nsCopyByte))
	out, errno := transcodeBytes(b, c.Arg(1).String(), c.Arg(2).String(), c.Arg(3).Truthy())
	if errno != 0 {
		return r.js.Int(int64(errno))
	}
	return r.bufferValue(out)
}

func isHighSurrogate(u uint16) bool { return u >= 0xd800 && u <= 0xdbff }
func isLowSurrogate(u uint16) bool  { return u >= 0xdc00 && u <= 0xdfff }

// jsUnits reads a string the engine gave as WTF-8 as its UTF-16 code units.
func jsUnits(s string) []uint16 {
	out := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		x := s[i]
		switch {
		case x < 0x80:
			out = append(out, uint16(x))
			i++
		case x < 0xe0 && i+1 < len(s):
			out = append(out, uint16(x&0x1f)<<6|uint16(s[i+1]&0x3f))
			i += 2
		case x < 0xf0 && i+2 < len(s):
			out = append(out, uint16(x&0x0f)<<12|uint16(s[i+1]&0x3f)<<6|uint16(s[i+2]&0x3f))
			i += 3
		case i+3 < len(s):
			cp := rune(x&0x07)<<18 | rune(s[i+1]&0x3f)<<12 | rune(s[i+2]&0x3f)<<6 | rune(s[i+3]&0x3f)
			cp -= 0x10000
			out = append(out, uint16(0xd800+(cp>>10)), uint16(0xdc00+(cp&0x3ff)))
			i += 4
		default:
			out = append(out, 0xfffd)
			i++
		}
	}
	return out
}

// unitsString makes the WTF-8 the engine reads back as exactly these code units.
func unitsString(units []uint16) string {
	b := make([]byte, 0, len(units))
	for i := 0; i < len(units); i++ {
		u := units[i]
		switch {
		case u < 0x80:
			b = append(b, byte(u))
		case u < 0x800:
			b = append(b, 0xc0|byte(u>>6), 0x80|byte(u&0x3f))
		case isHighSurrogate(u) && i+1 < len(units) && isLowSurrogate(units[i+1]):
			b = utf8.AppendRune(b, 0x10000+(rune(u-0xd800)<<10|rune(units[i+1]-0xdc00)))
			i++
		default: // a lone surrogate keeps its 3-byte form
			b = append(b, 0xe0|byte(u>>12), 0x80|byte(u>>6&0x3f), 0x80|byte(u&0x3f))
		}
	}
	return string(b)
}

// utf8Units encodes code units as UTF-8 (a lone surrogate is U+FFFD), whole characters
// while they fit in limit bytes (-1: no limit).
func utf8Units(units []uint16, limit int) []byte {
	b := make([]byte, 0, len(units))
	for i := 0; i < len(units); i++ {
		u, n := rune(units[i]), 1
		if isHighSurrogate(units[i]) && i+1 < len(units) && isLowSurrogate(units[i+1]) {
			u, n = 0x10000+(rune(units[i]-0xd800)<<10|rune(units[i+1]-0xdc00)), 2
		} else if isHighSurrogate(units[i]) || isLowSurrogate(units[i]) {
			u = utf8.RuneError
		}
		if limit >= 0 && len(b)+utf8.RuneLen(u) > limit {
			break
		}
		b = utf8.AppendRune(b, u)
		i += n - 1
	}
	return b
}

// encodeString is Node's StringBytes::Write for one encoding.
func encodeString(s, enc string, limit int) []byte {
	var b []byte
	switch enc {
	case "hex":
		// Pairs of hex digits up to the first pair that is not one.
		n := len(s) / 2
		b = make([]byte, 0, n)
		for i := 0; i < n; i++ {
			v, err := hex.DecodeString(s[2*i : 2*i+2])
			if err != nil {
				break
			}
			b = append(b, v[0])
		}
	case "base64", "base64url":
		b = base64Loose(s)
	case "latin1", "binary", "ascii":
		units := jsUnits(s)
		b = make([]byte, len(units))
		for i, u := range units {
			b[i] = byte(u)
		}
	case "ucs2", "utf16le":
		units := jsUnits(s)
		if limit >= 0 && len(units) > limit/2 {
			units = units[:limit/2]
		}
		b = make([]byte, 2*len(units))
		for i, u := range units {
			b[2*i], b[2*i+1] = byte(u), byte(u>>8)
		}
	default:
		return utf8Units(jsUnits(s), limit)
	}
	if limit >= 0 && len(b) > limit {
		b = b[:limit]
	}
	return b
}

// base64Loose decodes as Node does either alphabet: characters outside them (white
// space...) are skipped, and the first '=' ends the data.
func base64Loose(s string) []byte {
	out := make([]byte, 0, len(s)*3/4)
	var acc uint32
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v byte
		switch {
		case c >= 'A' && c <= 'Z':
			v = c - 'A'
		case c >= 'a' && c <= 'z':
			v = c - 'a' + 26
		case c >= '0' && c <= '9':
			v = c - '0' + 52
		case c == '+' || c == '-':
			v = 62
		case c == '/' || c == '_':
			v = 63
		case c == '=':
			i = len(s)
			continue
		default:
			continue
		}
		acc = acc<<6 | uint32(v)
		n++
		if n == 4 {
			out = append(out, byte(acc>>16), byte(acc>>8), byte(acc))
			acc, n = 0, 0
		}
	}
	switch n {
	case 2:
		out = append(out, byte(acc>>4))
	case 3:
		out = append(out, byte(acc>>10), byte(acc>>2))
	}
	return out
}

// utf8Decode decodes UTF-8 as V8 does: each maximal ill-formed subpart is one U+FFFD.
func utf8Decode(b []byte) []uint16 {
	out := make([]uint16, 0, len(b))
	for i := 0; i < len(b); {
		x := b[i]
		if x < 0x80 {
			out = append(out, uint16(x))
			i++
			continue
		}
		var n int
		var c rune
		switch {
		case x >= 0xc2 && x <= 0xdf:
			n, c = 1, rune(x&0x1f)
		case x >= 0xe0 && x <= 0xef:
			n, c = 2, rune(x&0x0f)
		case x >= 0xf0 && x <= 0xf4:
			n, c = 3, rune(x&0x07)
		default:
			out = append(out, 0xfffd)
			i++
			continue
		}
		k := 1
		for ; k <= n; k++ {
			if i+k >= len(b) {
				break
			}
			y := b[i+k]
			lo, hi := byte(0x80), byte(0xbf)
			if k == 1 {
				switch x {
				case 0xe0:
					lo = 0xa0
				case 0xed:
					hi = 0x9f
				case 0xf0:
					lo = 0x90
				case 0xf4:
					hi = 0x8f
				}
			}
			if y < lo || y > hi {
				break
			}
			c = c<<6 | rune(y&0x3f)
		}
		if k <= n { // ill-formed: the subpart read so far is one replacement
			out = append(out, 0xfffd)
			i += k
			continue
		}
		if c >= 0x10000 {
			c -= 0x10000
			out = append(out, uint16(0xd800+(c>>10)), uint16(0xdc00+(c&0x3ff)))
		} else {
			out = append(out, uint16(c))
		}
		i += n + 1
	}
	return out
}

// decodeBytes is Node's StringBytes::Encode for one encoding.
func decodeBytes(b []byte, enc string) string {
	switch enc {
	case "hex":
		return hex.EncodeToString(b)
	case "base64":
		return base64.StdEncoding.EncodeToString(b)
	case "base64url":
		return base64.RawURLEncoding.EncodeToString(b)
	case "latin1", "binary", "ascii":
		units := make([]uint16, len(b))
		mask := byte(0xff)
		if enc == "ascii" {
			mask = 0x7f
		}
		for i, ch := range b {
			units[i] = uint16(ch & mask)
		}
		return unitsString(units)
	case "ucs2", "utf16le":
		return unitsString(ucs2Units(b))
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return unitsString(utf8Decode(b))
}

// ucs2Units reads little-endian code units (an odd last byte is left out).
func ucs2Units(b []byte) []uint16 {
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return units
}

// indexOfBytes finds needle in hay from off, forward or backward, calling check with
// the bytes each search reads before it reads them (natives.go prices them).
func indexOfBytes(hay, needle []byte, off int64, forward, ucs2 bool, check func(n int64)) int {
	n, m := int64(len(hay)), int64(len(needle))
	// Node's IndexOfOffset.
	var start int64
	switch {
	case off < 0 && off+n >= 0:
		start = n + off
	case off < 0 && (forward || m == 0):
		start = 0
	case off < 0:
		return -1
	case off+m <= n:
		start = off
	case m == 0:
		start = n
	case forward:
		return -1
	default:
		start = n - 1
	}
	if m == 0 {
		return int(start)
	}
	if n == 0 || start < 0 || (forward && start+m > n) {
		return -1
	}
	if ucs2 {
		if n < 2 || m < 2 {
			return -1
		}
		start -= start % 2
	}
	// bytes.Index and LastIndex search in linear time (Rabin-Karp); a match at an odd
	// offset of a UTF-16 search is skipped. check is called before each search.
	if forward {
		for i := start; i+m <= n; {
			check(n - i + m)
			k := int64(bytes.Index(hay[i:], needle))
			if k < 0 {
				return -1
			}
			if !ucs2 || (i+k)%2 == 0 {
				return int(i + k)
			}
			i += k + 1
		}
		return -1
	}
	end := min(start+m, n)
	for end >= m {
		check(end + m)
		k := int64(bytes.LastIndex(hay[:end], needle))
		if k < 0 {
			return -1
		}
		if !ucs2 || k%2 == 0 {
			return int(k)
		}
		end = k + m - 1
	}
	return -1
}

// transcodeBytes converts between Node's transcode encodings (utf8, ucs2, latin1,
// ascii; js/buffer.js normalized them) as its ICU converters do: UTF-8 and UTF-16 into
// each other are strict (U_INVALID_CHAR_FOUND, 10), the others substitute: an input
// byte a decoder cannot read is U+FFFD, a character the target lacks is '?'.
func transcodeBytes(b []byte, from, to string, asciiReplaced bool) ([]byte, int) {
	const invalidChar = 10
	var units []uint16
	switch from {
	case "utf8":
		units = utf8Decode(b)
		if to == "ucs2" && !utf8.Valid(b) {
			return nil, invalidChar
		}
	case "ucs2":
		units = ucs2Units(b)
		if to == "utf8" {
			for i := 0; i < len(units); i++ {
				if isHighSurrogate(units[i]) && i+1 < len(units) && isLowSurrogate(units[i+1]) {
					i++
				} else if isHighSurrogate(units[i]) || isLowSurrogate(units[i]) {
					return nil, invalidChar
				}
			}
		} else if to == "ucs2" {
			for i := 0; i < len(units); i++ {
				if isHighSurrogate(units[i]) && i+1 < len(units) && isLowSurrogate(units[i+1]) {
					i++
				} else if isHighSurrogate(units[i]) || isLowSurrogate(units[i]) {
					units[i] = 0xfffd
				}
			}
			if len(b)%2 == 1 {
				units = append(units, 0xfffd)
			}
		}
	case "latin1", "ascii":
		units = make([]uint16, len(b))
		for i, x := range b {
			units[i] = uint16(x)
			if from == "ascii" && x >= 0x80 && (to != "ucs2" || asciiReplaced) {
				units[i] = 0xfffd
			}
		}
	}
	switch to {
	case "utf8":
		return utf8Units(units, -1), 0
	case "ucs2":
		out := make([]byte, 2*len(units))
		for i, u := range units {
			out[2*i], out[2*i+1] = byte(u), byte(u>>8)
		}
		return out, 0
	}
	top := uint16(0xff)
	if to == "ascii" {
		top = 0x7f
	}
	out := make([]byte, 0, len(units))
	for i := 0; i < len(units); i++ {
		u := units[i]
		if isHighSurrogate(u) && i+1 < len(units) && isLowSurrogate(units[i+1]) {
			i++
			u = 0xfffd
		}
		if u > top {
			u = '?'
		}
		out = append(out, byte(u))
	}
	return out, 0
}

// normEncoding is the encoding a host operation was given, by its canonical name.
func normEncoding(v engine.Value) string {
	if v.IsNullish() {
		return "utf8"
	}
	switch s := strings.ToLower(strings.ReplaceAll(v.String(), "-", "")); s {
	case "utf8", "":
		return "utf8"
	case "ucs2", "utf16le":
		return "ucs2"
	case "binary":
		return "latin1"
	default:
		return s
	}
}
