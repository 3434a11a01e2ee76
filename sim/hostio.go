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

	"github.com/grafana/sobek"
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

// bytesArg reads a Buffer/TypedArray/ArrayBuffer/string argument as bytes.
func (r *run) bytesArg(v sobek.Value) []byte {
	switch x := v.Export().(type) {
	case sobek.ArrayBuffer:
		return x.Bytes()
	case []byte:
		return x
	case string:
		return []byte(x)
	}
	if obj, ok := v.(*sobek.Object); ok {
		if buf, ok := obj.Get("buffer").Export().(sobek.ArrayBuffer); ok {
			off := int(obj.Get("byteOffset").ToInteger())
			n := int(obj.Get("byteLength").ToInteger())
			b := buf.Bytes()
			if off >= 0 && n >= 0 && off+n <= len(b) {
				return b[off : off+n]
			}
		}
	}
	return []byte(v.String())
}

func (r *run) bufferValue(b []byte) sobek.Value {
	return r.rt.ToValue(r.rt.NewArrayBuffer(b))
}

// hEncode(string, encoding) -> ArrayBuffer with the string's bytes.
func (r *run) hEncode(call sobek.FunctionCall) sobek.Value {
	s := call.Argument(0).String()
	var b []byte
	switch normEncoding(call.Argument(1)) {
	case "hex":
		b, _ = hex.DecodeString(s[:len(s)&^1])
	case "base64":
		b, _ = base64.StdEncoding.DecodeString(padBase64(s))
	case "latin1", "binary", "ascii":
		for _, c := range s {
			b = append(b, byte(c))
		}
	default:
		b = []byte(s)
	}
	return r.bufferValue(b)
}

// hDecode(bytes, encoding) -> string.
func (r *run) hDecode(call sobek.FunctionCall) sobek.Value {
	b := r.bytesArg(call.Argument(0))
	switch normEncoding(call.Argument(1)) {
	case "hex":
		return r.rt.ToValue(hex.EncodeToString(b))
	case "base64":
		return r.rt.ToValue(base64.StdEncoding.EncodeToString(b))
	case "base64url":
		return r.rt.ToValue(base64.RawURLEncoding.EncodeToString(b))
	case "latin1", "binary", "ascii":
		rs := make([]rune, len(b))
		for i, c := range b {
			rs[i] = rune(c)
		}
		return r.rt.ToValue(string(rs))
	}
	if !utf8.Valid(b) {
		return r.rt.ToValue(strings.ToValidUTF8(string(b), "\uFFFD"))
	}
	return r.rt.ToValue(string(b))
}

func normEncoding(v sobek.Value) string {
	if sobek.IsUndefined(v) || sobek.IsNull(v) {
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

// hReadFile(path) -> ArrayBuffer of the file's bytes, or undefined if it does not exist.
func (r *run) hReadFile(call sobek.FunctionCall) sobek.Value {
	src, ok := r.fileSource(resolvePath(call.Argument(0).String()))
	if !ok {
		return sobek.Undefined()
	}
	return r.bufferValue([]byte(src))
}

// hStatFile(path) -> {size, dir} or undefined (statPath).
func (r *run) hStatFile(call sobek.FunctionCall) sobek.Value {
	size, dir, ok := r.statPath(call.Argument(0).String())
	if !ok {
		return sobek.Undefined()
	}
	o := r.rt.NewObject()
	_ = o.Set("size", size)
	_ = o.Set("dir", dir)
	return o
}

func (r *run) dirEntries(dir string) []string {
	seen := map[string]bool{}
	paths := []string{virtualPath(r.ex.prog.Name)}
	for _, k := range sortedKeys(r.sc.Files) {
		paths = append(paths, virtualPath(k))
	}
	for _, p := range paths {
		if rest, ok := strings.CutPrefix(p, dir+"/"); ok {
			seen[strings.SplitN(rest, "/", 2)[0]] = true
		}
	}
	return sortedKeys(seen)
}

func (r *run) hReaddir(call sobek.FunctionCall) sobek.Value {
	names := r.dirEntries(strings.TrimSuffix(resolvePath(call.Argument(0).String()), "/"))
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = n
	}
	return r.rt.NewArray(out...)
}

// hSocketFeed(port) -> [{at_us, data}...], connect_us, end_us for a scenario peer, or undefined.
func (r *run) hSocketFeed(call sobek.FunctionCall) sobek.Value {
	port := int(r.argInt(call, 0))
	for _, f := range r.sc.Sockets {
		if f.Port != port {
			continue
		}
		data := make([]any, 0, len(f.Data))
		chunks := append([]SocketData(nil), f.Data...)
		sort.SliceStable(chunks, func(i, j int) bool { return chunks[i].AtMS < chunks[j].AtMS })
		for _, d := range chunks {
			o := r.rt.NewObject()
			_ = o.Set("at", int64(d.AtMS*1000))
			_ = o.Set("data", d.Data)
			data = append(data, o)
		}
		o := r.rt.NewObject()
		_ = o.Set("connect", int64(f.ConnectMS*1000))
		_ = o.Set("end", int64(f.EndMS*1000))
		_ = o.Set("data", r.rt.NewArray(data...))
		return o
	}
	return sobek.Undefined()
}

// hLoadModule(path) -> the CommonJS wrapper function of a scenario file, or undefined.
func (r *run) hLoadModule(call sobek.FunctionCall) sobek.Value {
	path := resolvePath(call.Argument(0).String())
	src, ok := r.fileSource(path)
	if !ok {
		return sobek.Undefined()
	}
	name := strings.TrimPrefix(path, virtualDir+"/")
	prg, err := sobek.Compile(name, cjsWrapperHead+src+cjsWrapperTail, false)
	if err != nil {
		panic(r.rt.NewGoError(err))
	}
	v, err := r.rt.RunProgram(prg)
	if err != nil {
		panic(err)
	}
	return v
}

// hPBKDF2(password, salt, iterations, keylen, digest) -> ArrayBuffer.
func (r *run) hPBKDF2(call sobek.FunctionCall) sobek.Value {
	pw, salt := r.bytesArg(call.Argument(0)), r.bytesArg(call.Argument(1))
	iter, keylen := int(r.argInt(call, 2)), int(r.argInt(call, 3))
	h := hashFunc(call.Argument(4).String())
	if h == nil || keylen < 0 || iter < 1 {
		return sobek.Undefined()
	}
	if iter > realPBKDF2Iterations {
		return r.bufferValue(standInKey("pbkdf2", keylen, pw, salt, []byte(itoa(iter))))
	}
	return r.derivedValue("pbkdf2/"+call.Argument(4).String()+"/"+itoa(iter)+"/"+itoa(keylen), pw, salt, func() ([]byte, error) {
		return pbkdf2.Key(h, string(pw), salt, iter, keylen)
	})
}

// derivedValue is a cached key derivation as an ArrayBuffer (undefined if it failed).
func (r *run) derivedValue(params string, pw, salt []byte, compute func() ([]byte, error)) sobek.Value {
	key := r.ex.sim.derived(params, pw, salt, func() []byte {
		k, err := compute()
		if err != nil {
			return nil
		}
		return k
	})
	if key == nil {
		return sobek.Undefined()
	}
	return r.bufferValue(key)
}

// hScrypt(password, salt, keylen, N) -> ArrayBuffer.
func (r *run) hScrypt(call sobek.FunctionCall) sobek.Value {
	pw, salt := r.bytesArg(call.Argument(0)), r.bytesArg(call.Argument(1))
	keylen, n := int(r.argInt(call, 2)), int(r.argInt(call, 3))
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
func (r *run) hRandomBytes(call sobek.FunctionCall) sobek.Value {
	n := int(r.argInt(call, 0))
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
func (r *run) hHash(call sobek.FunctionCall) sobek.Value {
	h := hashFunc(call.Argument(0).String())
	if h == nil {
		return sobek.Undefined()
	}
	d := h()
	d.Write(r.bytesArg(call.Argument(1)))
	return r.bufferValue(d.Sum(nil))
}

func (r *run) hGzip(call sobek.FunctionCall) sobek.Value {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	_, _ = w.Write(r.bytesArg(call.Argument(0)))
	_ = w.Close()
	return r.bufferValue(buf.Bytes())
}

// hGunzip(data) -> ArrayBuffer, or undefined when the input is not gzip data.
func (r *run) hGunzip(call sobek.FunctionCall) sobek.Value {
	zr, err := gzip.NewReader(bytes.NewReader(r.bytesArg(call.Argument(0))))
	if err != nil {
		return sobek.Undefined()
	}
	out, err := io.ReadAll(io.LimitReader(zr, r.sc.Limits.MaxStringLen))
	if err != nil {
		return sobek.Undefined()
	}
	return r.bufferValue(out)
}
