package sim

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/adler32"
	"hash/crc32"
	"io"
	"math/bits"

	"github.com/andybalholm/brotli"
	"github.com/looplab/looplab/sim/internal/engine"
)

// node:zlib in Go: the compression js/zlib.js runs on the pool or the main thread. The
// formats are the real ones (gzip, zlib, raw deflate, brotli), so every round trip and
// every header is Node's; a short text compresses to zlib's bytes (deflateRaw), a longer
// one can differ from Node's by a few bytes.

// opZlib(kind, data, level, maxOutputLength) -> ArrayBuffer, or a string: the zlib error
// code of bad input (Z_DATA_ERROR, Z_BUF_ERROR, or brotli's ERR__ERROR_FORMAT_PADDING_1),
// or ERR_BUFFER_TOO_LARGE for output past maxOutputLength (undefined: none). The work is
// done a chunk at a time and priced (natives.go); the output grows in held parts and is
// copied into the run's heap at the end.
func (r *zlibModule) opZlib(c *engine.Call) engine.Value {
	in := r.viewArg(c.Arg(1))
	level := flate.DefaultCompression
	if !c.Arg(2).IsNullish() {
		level = int(argInt(c, 2))
	}
	limit := int64(-1)
	if !c.Arg(3).IsNullish() {
		limit = argInt(c, 3)
	}
	kind := c.Arg(0).String()
	if kind == "unzip" {
		kind = "inflate"
		if len(in) >= 2 && in[0] == 0x1f && in[1] == 0x8b {
			kind = "gunzip"
		}
	}
	out := newSink(r.run, limit, 0)
	code := r.zlibRun(kind, in, level, out)
	if out.full {
		code = "ERR_BUFFER_TOO_LARGE" // a compressor's refused write
	}
	if code != "" {
		return r.js.String(code)
	}
	return out.value()
}

// zlibRun compresses or decompresses in into out: "" or the error's code.
func (r *zlibModule) zlibRun(kind string, in []byte, level int, out *sink) string {
	switch kind {
	case "gzip", "deflate", "deflateRaw":
		r.deflate(kind, in, level, out)
		return ""
	case "brotliCompress":
		w := brotli.NewWriterLevel(out, brotli.BestCompression)
		r.compressChunks(w, in, nsBrotliByte)
		w.Close()
		return ""
	}
	var rd io.Reader
	var err error
	out.nsPerByte = nsInflateByte
	switch kind {
	case "gunzip":
		rd, err = gzip.NewReader(bytes.NewReader(in))
	case "inflate":
		rd, err = zlib.NewReader(bytes.NewReader(in))
	case "inflateRaw":
		rd = flate.NewReader(bytes.NewReader(in))
	case "brotliDecompress":
		out.nsPerByte = nsUnbrotliByte
		rd = brotli.NewReader(bytes.NewReader(in))
	default:
		panic("sim: no zlib operation " + kind)
	}
	if err == nil {
		_, err = io.CopyBuffer(out, rd, make([]byte, 32<<10))
	}
	switch {
	case err == nil:
		return ""
	case errors.Is(err, errTooLarge):
		return "ERR_BUFFER_TOO_LARGE"
	case kind == "brotliDecompress":
		return "ERR__ERROR_FORMAT_PADDING_1"
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return "Z_BUF_ERROR"
	}
	return "Z_DATA_ERROR"
}

// compressChunks writes in to a compressor a chunk at a time, each priced at nsPerByte
// before it is written.
func (r *run) compressChunks(w io.Writer, in []byte, nsPerByte float64) {
	chunk := max(1, int(kdfChunkOps*nsPerOp/nsPerByte))
	for len(in) > 0 {
		k := min(len(in), chunk)
		r.nativeWork(opsOf(float64(k) * nsPerByte))
		w.Write(in[:k])
		in = in[k:]
	}
}

// deflate writes in as kind (gzip, zlib's deflate or raw deflate) at level to out: the
// header, the raw deflate stream (deflateRaw's bytes), then the trailer.
func (r *run) deflate(kind string, in []byte, level int, out *sink) {
	switch kind {
	case "gzip":
		out.Write(gzipHeader(level))
	case "deflate":
		out.Write(zlibHeader(level))
	}
	if len(in) <= oneBlockBytes {
		r.nativeWork(opsOf(float64(len(in)) * nsDeflateByte))
		out.Write(deflateRaw(in, level))
	} else {
		w, err := flate.NewWriter(out, level)
		if err != nil {
			w, _ = flate.NewWriter(out, flate.DefaultCompression)
		}
		rate := float64(nsDeflateByte)
		if level == 1 {
			rate = nsDeflate1Byte
		}
		r.compressChunks(w, in, rate)
		w.Close()
	}
	switch kind {
	case "gzip":
		r.nativeWork(opsOf(float64(len(in)) * nsCopyByte))
		out.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(in)))
		out.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(in))))
	case "deflate":
		r.nativeWork(opsOf(float64(len(in)) * nsCopyByte))
		out.Write(binary.BigEndian.AppendUint32(nil, adler32.Checksum(in)))
	}
}

// deflateRaw is data as raw DEFLATE at level (-1: zlib's default, 6). Go's encoder
// ends with an empty stored block marked final where zlib marks its one data block
// final: for an input small enough to be one block, finalBlock rewrites the stream as
// zlib's, so a short text compresses to zlib's very bytes; longer inputs can still
// differ from Node's by a few bytes (the matches Go's encoder finds are not zlib's).
func deflateRaw(data []byte, level int) []byte {
	if len(data) == 0 {
		return []byte{3, 0} // one empty fixed-Huffman block, final, as zlib writes it
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, level)
	if err != nil {
		w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
	}
	w.Write(data)
	w.Close()
	if len(data) > oneBlockBytes {
		return buf.Bytes()
	}
	return finalBlock(buf.Bytes())
}

// oneBlockBytes is the most input Go's encoder surely writes as one block (its blocks
// hold 1<<14 tokens).
const oneBlockBytes = 1 << 14

// finalBlock drops the trailing empty stored block (header bits 1,0,0, padding, then
// 00 00 ff ff) and sets BFINAL on the first (the only) data block.
func finalBlock(raw []byte) []byte {
	n := len(raw)
	if n < 6 || !bytes.Equal(raw[n-4:], []byte{0, 0, 0xff, 0xff}) {
		return raw
	}
	out := append([]byte(nil), raw[:n-4]...)
	if out[len(out)-1] == 0 { // the header's type bits spilled into a byte of their own
		out = out[:len(out)-1]
	}
	last := out[len(out)-1]
	p := bits.Len8(last) - 1 // the header's BFINAL bit
	if p <= 0 {
		out = out[:len(out)-1]
	} else {
		out[len(out)-1] = last & (1<<p - 1)
	}
	if len(out) == 0 {
		return raw
	}
	out[0] |= 1
	return out
}

// gzipHeader is a gzip member's header as zlib writes it: no name or time, the level
// in XFL (2 best, 4 fastest), OS 3 (Unix); the CRC-32 and length follow the data.
func gzipHeader(level int) []byte {
	xfl := byte(0)
	switch {
	case level == 9:
		xfl = 2
	case level == 1:
		xfl = 4
	}
	return []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, xfl, 3}
}

// zlibHeader is the header zlib writes for the level; the Adler-32 of the data follows
// it.
func zlibHeader(level int) []byte {
	flg := byte(0x9c)
	switch {
	case level == 0 || level == 1:
		flg = 0x01
	case level >= 2 && level <= 5:
		flg = 0x5e
	case level >= 7:
		flg = 0xda
	}
	return []byte{0x78, flg}
}

// opCrc32(data, value) -> the CRC-32 of data continuing from value (zlib.crc32).
func (r *zlibModule) opCrc32(c *engine.Call) engine.Value {
	data := r.viewArg(c.Arg(0))
	r.nativeWork(opsOf(float64(len(data)) * nsCopyByte))
	return r.js.Float(float64(crc32.Update(uint32(argInt(c, 1)), crc32.IEEETable, data)))
}
