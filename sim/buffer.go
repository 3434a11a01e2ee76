package sim

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:buffer in Go: the encodings js/buffer.js (and TextEncoder/TextDecoder) use.

func (r *run) bufferValue(b []byte) engine.Value { return r.js.ArrayBuffer(b) }

// opEncode(string, encoding) -> ArrayBuffer with the string's bytes.
func (r *run) opEncode(c *engine.Call) engine.Value {
	s := c.Arg(0).String()
	var b []byte
	switch normEncoding(c.Arg(1)) {
	case "hex":
		b, _ = hex.DecodeString(s[:len(s)&^1])
	case "base64", "base64url":
		b, _ = base64.StdEncoding.DecodeString(padBase64(s))
	case "latin1", "binary", "ascii":
		for _, ch := range s {
			b = append(b, byte(ch))
		}
	case "utf16le", "ucs2":
		for _, ch := range utf16Units(s) {
			b = append(b, byte(ch), byte(ch>>8))
		}
	default:
		b = []byte(s)
	}
	return r.bufferValue(b)
}

// opDecode(bytes, encoding) -> string.
func (r *run) opDecode(c *engine.Call) engine.Value {
	b := r.bytesArg(c.Arg(0))
	switch normEncoding(c.Arg(1)) {
	case "hex":
		return r.js.String(hex.EncodeToString(b))
	case "base64":
		return r.js.String(base64.StdEncoding.EncodeToString(b))
	case "base64url":
		return r.js.String(base64.RawURLEncoding.EncodeToString(b))
	case "latin1", "binary", "ascii":
		rs := make([]rune, len(b))
		for i, ch := range b {
			rs[i] = rune(ch)
		}
		return r.js.String(string(rs))
	case "utf16le", "ucs2":
		units := make([]uint16, len(b)/2)
		for i := range units {
			units[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
		return r.js.String(string(utf16.Decode(units)))
	}
	if !utf8.Valid(b) {
		return r.js.String(strings.ToValidUTF8(string(b), "\uFFFD"))
	}
	return r.js.String(string(b))
}

// utf16Units is s in UTF-16 code units.
func utf16Units(s string) []uint16 {
	var out []uint16
	for _, ch := range s {
		if ch >= 0x10000 {
			ch -= 0x10000
			out = append(out, uint16(0xd800+(ch>>10)), uint16(0xdc00+(ch&0x3ff)))
			continue
		}
		out = append(out, uint16(ch))
	}
	return out
}

func normEncoding(v engine.Value) string {
	if v.IsNullish() {
		return "utf8"
	}
	return strings.ToLower(strings.ReplaceAll(v.String(), "-", ""))
}

func padBase64(s string) string {
	s = strings.NewReplacer("-", "+", "_", "/").Replace(strings.TrimRight(s, "="))
	for len(s)%4 != 0 {
		s += "="
	}
	return s
}
