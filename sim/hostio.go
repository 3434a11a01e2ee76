package sim

import (
	"bytes"
	"compress/gzip"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"hash"
	"io"
	"math/rand"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/looplab/looplab/sim/internal/engine"
	"golang.org/x/crypto/scrypt"
)

// Real pbkdf2/scrypt results are computed (and cached per Simulator) up to these work
// limits; above them the simulator returns a deterministic stand-in derived from the
// inputs, so a 1e6-iteration job costs virtual time, not wall time. Programs that print a
// derived key use small parameters; interview snippets with huge ones print timings.
const (
	realPBKDF2Iterations = 100_000
	realScryptN          = 16384
)

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

// ---- the virtual file system --------------------------------------------------------

// opReadFile(path) -> ArrayBuffer of the file's bytes (written by the program, or a
// scenario file), or undefined if it does not exist.
func (r *run) opReadFile(c *engine.Call) engine.Value {
	path := resolvePath(c.Arg(0).String())
	if w, ok := r.written[path]; ok {
		return r.bufferValue(w)
	}
	src, ok := r.fileSource(path)
	if !ok {
		return r.js.Undefined()
	}
	return r.bufferValue([]byte(src))
}

// opReadText(path) -> a file's text, or undefined.
func (r *run) opReadText(c *engine.Call) engine.Value {
	src, ok := r.fileSource(resolvePath(c.Arg(0).String()))
	if !ok {
		return r.js.Undefined()
	}
	return r.js.String(src)
}

// opStatFile(path) -> {size, dir} or undefined (statPath).
func (r *run) opStatFile(c *engine.Call) engine.Value {
	size, dir, ok := r.statPath(c.Arg(0).String())
	if !ok {
		return r.js.Undefined()
	}
	return r.val(map[string]any{"size": size, "dir": dir})
}

// statPath is what the program's file system holds at path: its size and whether it
// is a directory, or ok false.
func (r *run) statPath(path string) (size int64, dir bool, ok bool) {
	path = strings.TrimSuffix(resolvePath(path), "/")
	if w, ok := r.written[path]; ok {
		return int64(len(w)), false, true
	}
	if src, ok := r.fileSource(path); ok {
		return int64(len(src)), false, true
	}
	if path == virtualDir || path == "" || path == "/" || len(r.dirEntries(path)) > 0 {
		return 4096, true, true
	}
	return 0, false, false
}

func (r *run) dirEntries(dir string) []string {
	seen := map[string]bool{}
	paths := []string{virtualPath(r.ex.prog.Name)}
	for _, k := range sortedKeys(r.sc.Files) {
		paths = append(paths, virtualPath(k))
	}
	for p := range r.written {
		paths = append(paths, p)
	}
	for _, p := range paths {
		if rest, ok := strings.CutPrefix(p, dir+"/"); ok {
			seen[strings.SplitN(rest, "/", 2)[0]] = true
		}
	}
	return sortedKeys(seen)
}

func (r *run) opReaddir(c *engine.Call) engine.Value {
	return r.val(r.dirEntries(strings.TrimSuffix(resolvePath(c.Arg(0).String()), "/")))
}

// opWriteFile(path, bytes) keeps a file the program wrote (virtual, for this run).
func (r *run) opWriteFile(c *engine.Call) engine.Value {
	if r.written == nil {
		r.written = map[string][]byte{}
	}
	r.written[resolvePath(c.Arg(0).String())] = r.bytesArg(c.Arg(1))
	return r.js.Undefined()
}

// opUnlinkFile(path) forgets a file the program wrote.
func (r *run) opUnlinkFile(c *engine.Call) engine.Value {
	delete(r.written, resolvePath(c.Arg(0).String()))
	return r.js.Undefined()
}

// opSocketFeed(port) -> {connect, end, data: [{at, data}...]} for a scenario peer, or undefined.
func (r *run) opSocketFeed(c *engine.Call) engine.Value {
	port := int(argInt(c, 0))
	for _, f := range r.sc.Sockets {
		if f.Port != port {
			continue
		}
		chunks := append([]SocketData(nil), f.Data...)
		sort.SliceStable(chunks, func(i, j int) bool { return chunks[i].AtMS < chunks[j].AtMS })
		data := make([]any, 0, len(chunks))
		for _, d := range chunks {
			data = append(data, map[string]any{"at": int64(d.AtMS * 1000), "data": d.Data})
		}
		return r.val(map[string]any{"connect": int64(f.ConnectMS * 1000), "end": int64(f.EndMS * 1000), "data": data})
	}
	return r.js.Undefined()
}

// ---- crypto and zlib ------------------------------------------------------------------

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

func (r *run) opGzip(c *engine.Call) engine.Value {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	_, _ = w.Write(r.bytesArg(c.Arg(0)))
	_ = w.Close()
	return r.bufferValue(buf.Bytes())
}

// hGunzip(data) -> ArrayBuffer, or undefined when the input is not gzip data.
func (r *run) opGunzip(c *engine.Call) engine.Value {
	zr, err := gzip.NewReader(bytes.NewReader(r.bytesArg(c.Arg(0))))
	if err != nil {
		return r.js.Undefined()
	}
	out, err := io.ReadAll(io.LimitReader(zr, r.sc.Limits.MaxHeapMB<<20))
	if err != nil {
		return r.js.Undefined()
	}
	return r.bufferValue(out)
}
