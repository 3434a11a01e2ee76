package sim

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"hash/crc32"
	"io"

	"github.com/andybalholm/brotli"
	"github.com/looplab/looplab/sim/internal/engine"
)

// node:zlib in Go: the compression js/zlib.js runs on the pool or the main thread. The
// formats are the real ones (gzip, zlib, raw deflate, brotli), so every round trip and
// every header is Node's; Go's deflate encoder is not zlib's, so a compressed length
// can differ from Node's by a few bytes.

// opZlib(kind, data, level) -> ArrayBuffer, or a string: the zlib error code of bad
// input (Z_DATA_ERROR, Z_BUF_ERROR, or brotli's ERR__ERROR_FORMAT_PADDING_1).
func (r *run) opZlib(c *engine.Call) engine.Value {
	in := r.bytesArg(c.Arg(1))
	level := flate.DefaultCompression
	if !c.Arg(2).IsNullish() {
		level = int(argInt(c, 2))
	}
	out, code := r.zlibRun(c.Arg(0).String(), in, level)
	if code != "" {
		return r.js.String(code)
	}
	return r.bufferValue(out)
}

func (r *run) zlibRun(kind string, in []byte, level int) ([]byte, string) {
	var buf bytes.Buffer
	switch kind {
	case "gzip":
		w, err := gzip.NewWriterLevel(&buf, level)
		if err != nil {
			w = gzip.NewWriter(&buf)
		}
		w.OS = 3 // Unix, as zlib writes it
		w.Write(in)
		w.Close()
		return buf.Bytes(), ""
	case "deflate":
		w, err := zlib.NewWriterLevel(&buf, level)
		if err != nil {
			w = zlib.NewWriter(&buf)
		}
		w.Write(in)
		w.Close()
		return buf.Bytes(), ""
	case "deflateRaw":
		w, err := flate.NewWriter(&buf, level)
		if err != nil {
			w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
		}
		w.Write(in)
		w.Close()
		return buf.Bytes(), ""
	case "brotliCompress":
		w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
		w.Write(in)
		w.Close()
		return buf.Bytes(), ""
	case "unzip":
		if len(in) >= 2 && in[0] == 0x1f && in[1] == 0x8b {
			return r.zlibRun("gunzip", in, level)
		}
		return r.zlibRun("inflate", in, level)
	}
	var rd io.Reader
	var err error
	switch kind {
	case "gunzip":
		rd, err = gzip.NewReader(bytes.NewReader(in))
	case "inflate":
		rd, err = zlib.NewReader(bytes.NewReader(in))
	case "inflateRaw":
		rd = flate.NewReader(bytes.NewReader(in))
	case "brotliDecompress":
		rd = brotli.NewReader(bytes.NewReader(in))
	default:
		panic("sim: no zlib operation " + kind)
	}
	if err == nil {
		var out []byte
		out, err = io.ReadAll(io.LimitReader(rd, r.sc.Limits.MaxHeapMB<<20))
		if err == nil {
			return out, ""
		}
	}
	switch {
	case kind == "brotliDecompress":
		return nil, "ERR__ERROR_FORMAT_PADDING_1"
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return nil, "Z_BUF_ERROR"
	}
	return nil, "Z_DATA_ERROR"
}

// opCrc32(data, value) -> the CRC-32 of data continuing from value (zlib.crc32).
func (r *run) opCrc32(c *engine.Call) engine.Value {
	return r.js.Float(float64(crc32.Update(uint32(argInt(c, 1)), crc32.IEEETable, r.bytesArg(c.Arg(0)))))
}
