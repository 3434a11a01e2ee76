package sim

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
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

// opZlib(kind, data, level) -> ArrayBuffer, or a string: the zlib error code of bad
// input (Z_DATA_ERROR, Z_BUF_ERROR, or brotli's ERR__ERROR_FORMAT_PADDING_1).
func (r *zlibModule) opZlib(c *engine.Call) engine.Value {
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

func (r *zlibModule) zlibRun(kind string, in []byte, level int) ([]byte, string) {
	var buf bytes.Buffer
	switch kind {
	case "gzip", "deflate", "deflateRaw":
		raw := deflateRaw(in, level)
		switch kind {
		case "gzip":
			return gzipWrap(raw, in, level), ""
		case "deflate":
			return zlibWrap(raw, in, level), ""
		}
		return raw, ""
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

// gzipWrap is raw deflate in a gzip member as zlib writes it: no name or time, the
// level in XFL (2 best, 4 fastest), OS 3 (Unix), then CRC-32 and length.
func gzipWrap(raw, data []byte, level int) []byte {
	xfl := byte(0)
	switch {
	case level == 9:
		xfl = 2
	case level == 1:
		xfl = 4
	}
	out := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, xfl, 3}
	out = append(out, raw...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(data))
	return binary.LittleEndian.AppendUint32(out, uint32(len(data)))
}

// zlibWrap is raw deflate in a zlib stream: the header zlib writes for the level, then
// the Adler-32 of the data.
func zlibWrap(raw, data []byte, level int) []byte {
	flg := byte(0x9c)
	switch {
	case level == 0 || level == 1:
		flg = 0x01
	case level >= 2 && level <= 5:
		flg = 0x5e
	case level >= 7:
		flg = 0xda
	}
	out := append([]byte{0x78, flg}, raw...)
	return binary.BigEndian.AppendUint32(out, adler32.Checksum(data))
}

// opCrc32(data, value) -> the CRC-32 of data continuing from value (zlib.crc32).
func (r *zlibModule) opCrc32(c *engine.Call) engine.Value {
	return r.js.Float(float64(crc32.Update(uint32(argInt(c, 1)), crc32.IEEETable, r.bytesArg(c.Arg(0)))))
}
