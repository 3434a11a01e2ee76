package sim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/looplab/looplab/sim/internal/engine"
)

// zlib's zstd in Go (js/zlib.js ZstdCompress, ZstdDecompress and their convenience
// forms). Node drives libzstd's streaming API one write at a time; a zstd stream here is
// that context's state kept between the writes (zstdStreams), so the frames come out as
// libzstd's do: a frame starts at the first write, its header says the content size when
// that write already ends the frame (zstdCompressSync, or end(data) alone) and the window
// otherwise, a block goes out whenever a whole block (128 KiB) of input waits, flush()
// ends a block, and ending the stream ends the frame (a later end on a finished frame
// writes an empty frame, as Node's stream does after end(data)).
//
// The header is libzstd's byte for byte (zstdFrameHeader); the blocks are
// github.com/klauspost/compress's, not libzstd's: the compressed bytes and lengths differ
// from Node's (every frame is valid zstd, and real Node decompresses it). Decompression
// is libzstd's: the frame header is checked here as libzstd checks it, the blocks are
// decoded by klauspost, a frame cut short gives its whole blocks (and a raw block's bytes
// so far) without an error, bad input gets libzstd's code, errno and message
// (zstdErr*; of a corrupted compressed block libzstd can name dstSize_tooSmall or
// srcSize_wrong where this says corruption_detected: TestZstdDecompressAsNode). A call
// stops at the end of the first frame until Node 26.10 (R-V26) and a truncated frame is
// Z_BUF_ERROR from 26.6 (R-V25).

// zstdStream is one ZstdCompress or ZstdDecompress context.
type zstdStream struct {
	compress bool
	// compression parameters (libzstd's, after Node's options.params)
	level, windowLog        int
	checksum, noContentSize bool
	pledged                 int64 // options.pledgedSrcSize, -1 if none
	enc                     *zstd.Encoder
	encKey                  zstdEncKey
	out                     bytes.Buffer
	open                    bool   // a frame has started
	header                  []byte // libzstd's header of the open frame, nil once written
	// decompression
	maxWindow uint64
	in        []byte // the open frame's input so far (held: heldIn bytes, natives.go)
	heldIn    int64
	emitted   int  // its decoded bytes already given out
	leftover  int  // bytes of the last write after the frame ended (-1: not ended)
	frames    int  // frames decoded whole
	junk      bool // bytes that start no frame came after one: the rest is ignored
	// the release's behaviour (R-V25, R-V26)
	truncatedIsError, frameAfterFrame bool
}

type zstdStreams struct {
	next int
	byID map[int]*zstdStream
}

// zstd parameters (Node's zlib.constants.ZSTD_c_* / ZSTD_d_*).
const (
	zstdCLevel        = 100
	zstdCWindowLog    = 101
	zstdCChecksum     = 201
	zstdCContentSize  = 200
	zstdDWindowLogMax = 100
	zstdBlockMax      = 128 << 10
	zstdMagic         = 0xFD2FB528
)

// zstdParamOK reports whether libzstd's ZSTD_CCtx_setParameter (compress) or
// ZSTD_DCtx_setParameter accepts key=value (value as the C int Node passes).
func zstdParamOK(compress bool, key, v int) bool {
	in := func(lo, hi int) bool { return v >= lo && v <= hi }
	if !compress {
		return key == zstdDWindowLogMax && (v == 0 || in(10, 31))
	}
	switch key {
	case zstdCLevel, zstdCContentSize, zstdCChecksum, 202, 400, 401, 402: // clamped or boolean
		return true
	case zstdCWindowLog:
		return v == 0 || in(10, 31)
	case 102, 103: // hashLog, chainLog
		return v == 0 || in(6, 30)
	case 104: // searchLog
		return v == 0 || in(1, 30)
	case 105: // minMatch
		return v == 0 || in(3, 7)
	case 106: // targetLength
		return in(0, 1<<17)
	case 107: // strategy
		return v == 0 || in(1, 9)
	case 160: // enableLongDistanceMatching (a ZSTD_paramSwitch_e)
		return in(0, 2)
	case 161: // ldmHashLog
		return v == 0 || in(6, 30)
	case 162: // ldmMinMatch
		return v == 0 || in(4, 4096)
	case 163: // ldmBucketSizeLog
		return v == 0 || in(1, 8)
	case 164: // ldmHashRateLog
		return v == 0 || in(0, 25)
	}
	return false
}

// opZstdOpen(compress, [key, value, ...], pledgedSrcSize) -> the stream's id, or the
// string "Setting parameter failed" when libzstd refuses a parameter.
func (r *zlibModule) opZstdOpen(c *engine.Call) engine.Value {
	s := &zstdStream{compress: c.Arg(0).Truthy(), level: 3, pledged: -1, maxWindow: 1<<27 + 1, leftover: -1,
		truncatedIsError: r.prof.Has(ChangeZstdTruncated), frameAfterFrame: r.prof.Has(ChangeZstdFrames)}
	if !c.Arg(2).IsNullish() {
		s.pledged = argInt(c, 2)
	}
	params, _ := r.js.Bytes(c.Arg(1)) // an Int32Array of pairs
	for i := 0; i+8 <= len(params); i += 8 {
		key := int(int32(binary.LittleEndian.Uint32(params[i:])))
		v := int(int32(binary.LittleEndian.Uint32(params[i+4:])))
		if !zstdParamOK(s.compress, key, v) {
			return r.js.String("Setting parameter failed")
		}
		switch {
		case !s.compress:
			if v != 0 {
				s.maxWindow = 1 << v
			}
		case key == zstdCLevel:
			s.level = v
		case key == zstdCWindowLog:
			s.windowLog = v
		case key == zstdCChecksum:
			s.checksum = v != 0
		case key == zstdCContentSize:
			s.noContentSize = v == 0
		}
	}
	switch {
	case s.level == 0:
		s.level = 3
	case s.level > 22:
		s.level = 22
	}
	if r.zstd.byID == nil {
		r.zstd.byID = map[int]*zstdStream{}
	}
	r.zstd.next++
	r.zstd.byID[r.zstd.next] = s
	return r.js.Int(int64(r.zstd.next))
}

// opZstdClose(id) drops the stream.
func (r *zlibModule) opZstdClose(c *engine.Call) engine.Value {
	if s := r.zstd.byID[int(argInt(c, 0))]; s != nil {
		r.js.Unhold(s.heldIn)
		s.heldIn = 0
	}
	delete(r.zstd.byID, int(argInt(c, 0)))
	return r.js.Undefined()
}

// opZstdEnded(id) is, after a decompressing write, -1 while the frame goes on, else the
// bytes of that write that came after the frame's end.
func (r *zlibModule) opZstdEnded(c *engine.Call) engine.Value {
	if s := r.zstd.byID[int(argInt(c, 0))]; s != nil {
		return r.js.Int(int64(s.leftover))
	}
	return r.js.Int(-1)
}

// opZstdWrite(id, data, directive) -> ArrayBuffer of what the write gives out, or the
// string "code errno message" of the error. directive is ZSTD_e_continue (0),
// ZSTD_e_flush (1) or ZSTD_e_end (2).
func (r *zlibModule) opZstdWrite(c *engine.Call) engine.Value {
	s := r.zstd.byID[int(argInt(c, 0))]
	if s == nil {
		return r.bufferValue(nil)
	}
	data := r.viewArg(c.Arg(1))
	if !s.compress {
		// The frame's input is kept from write to write, and decoded again whole at
		// each (its output too: 3 times what it holds while the call appends it).
		r.nativeWork(opsOf(float64(len(s.in)+len(data)) * nsCopyByte))
		out, code := s.decompress(data, argInt(c, 2) == 2, func(n int) {
			r.holdCall(3 * int64(n))
			r.nativeWork(opsOf(float64(n) * nsUnzstdByte))
		})
		if held := int64(cap(s.in)); held != s.heldIn {
			if held > s.heldIn && !r.js.Hold(held-s.heldIn) {
				r.abort(r.memoryError())
			}
			if held < s.heldIn {
				r.js.Unhold(s.heldIn - held)
			}
			s.heldIn = held
		}
		if code != "" {
			return r.js.String(code)
		}
		return r.bufferValue(out)
	}
	rate := float64(nsZstdByte)
	if s.level > 9 {
		rate = nsZstdHighByte
	}
	r.nativeWork(opsOf(float64(len(data)) * rate))
	r.holdCall(2*int64(len(data)) + 1<<10) // its output, and the copy made of it
	return r.bufferValue(s.compressWrite(data, int(argInt(c, 2))))
}

// zstdLevelWindowLog is libzstd's windowLog of a level for an input of unknown size (or
// above 256 KiB): ZSTD_defaultCParameters[0].
var zstdLevelWindowLog = [23]int{19, 19, 20, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 25, 26, 27}

// windowLogFor is the frame's windowLog as libzstd adjusts it: the parameter or the
// level's, lowered to the size when the size is known (ZSTD_adjustCParams_internal).
func (s *zstdStream) windowLogFor(known bool, size uint64) int {
	wl := s.windowLog
	if wl == 0 {
		wl = zstdLevelWindowLog[max(s.level, 0)]
		if known && size <= 256<<10 {
			wl = 18 // the tables of small inputs: lowered below in any case
		}
	}
	if known {
		srcLog := 6
		if size >= 64 {
			srcLog = bits.Len64(size - 1)
		}
		wl = min(wl, srcLog)
	}
	return max(wl, 10)
}

// zstdFrameHeader is the frame header libzstd writes (ZSTD_writeFrameHeader, no
// dictionary): the content size when known and wanted, a single segment when the
// window holds the whole content, the window descriptor otherwise.
func zstdFrameHeader(checksum, known, contentSize bool, size uint64, windowLog int) []byte {
	out := binary.LittleEndian.AppendUint32(nil, zstdMagic)
	fcsCode := 0
	if known && contentSize {
		switch {
		case size >= 0xFFFFFFFF:
			fcsCode = 3
		case size >= 65536+256:
			fcsCode = 2
		case size >= 256:
			fcsCode = 1
		}
	}
	single := known && contentSize && uint64(1)<<windowLog >= size
	fhd := byte(fcsCode << 6)
	if single {
		fhd |= 0x20
	}
	if checksum {
		fhd |= 0x04
	}
	out = append(out, fhd)
	if !single {
		out = append(out, byte((windowLog-10)<<3))
	}
	switch fcsCode {
	case 0:
		if single {
			out = append(out, byte(size))
		}
	case 1:
		out = binary.LittleEndian.AppendUint16(out, uint16(size-256))
	case 2:
		out = binary.LittleEndian.AppendUint32(out, uint32(size))
	case 3:
		out = binary.LittleEndian.AppendUint64(out, size)
	}
	return out
}

// zstdHeaderLen is the length of the frame header at the start of b.
func zstdHeaderLen(b []byte) int {
	if len(b) < 5 {
		return len(b)
	}
	fhd := b[4]
	n := 5 + [4]int{0, 1, 2, 4}[fhd&3]
	single := fhd&0x20 != 0
	if !single {
		n++
	}
	switch fhd >> 6 {
	case 0:
		if single {
			n++
		}
	case 1:
		n += 2
	case 2:
		n += 4
	case 3:
		n += 8
	}
	return min(n, len(b))
}

// emptyXXH64 is the low 32 bits of XXH64 of nothing, the checksum of an empty frame.
var emptyXXH64 = []byte{0x99, 0xe9, 0xd8, 0x51}

// encoder is a klauspost encoder for a frame with windowLog wl.
// Encoders and decoders are costly to make (their tables): the simulator's runs share
// them, an encoder per set of options, each back in its pool once its frame is done.
var (
	zstdEncoders sync.Map // zstdEncKey -> *sync.Pool of *zstd.Encoder
	zstdDecoders = sync.Pool{New: func() any {
		dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<31), zstd.WithDecoderLowmem(true))
		if err != nil {
			panic("sim: zstd decoder: " + err.Error())
		}
		return dec
	}}
)

type zstdEncKey struct {
	level    zstd.EncoderLevel
	checksum bool
	window   int
}

func (s *zstdStream) encoder(wl int) *zstd.Encoder {
	key := zstdEncKey{zstd.EncoderLevelFromZstd(s.level), s.checksum, 1 << min(wl, 22)}
	pool, _ := zstdEncoders.LoadOrStore(key, &sync.Pool{New: func() any { return newZstdEncoder(key) }})
	s.encKey = key
	return pool.(*sync.Pool).Get().(*zstd.Encoder)
}

// release gives the stream's encoder back once its frame has ended.
func (s *zstdStream) release() {
	if s.enc != nil {
		if pool, ok := zstdEncoders.Load(s.encKey); ok {
			s.enc.Reset(nil)
			pool.(*sync.Pool).Put(s.enc)
		}
		s.enc = nil
	}
}

func newZstdEncoder(key zstdEncKey) *zstd.Encoder {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(key.level),
		zstd.WithEncoderCRC(key.checksum),
		zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(key.window),
		zstd.WithLowerEncoderMem(true))
	if err != nil {
		panic("sim: zstd encoder: " + err.Error()) // the options are in range
	}
	return enc
}

// compressWrite is one ZSTD_compressStream2 call with the whole write.
func (s *zstdStream) compressWrite(data []byte, directive int) []byte {
	if !s.open {
		s.open = true
		known, size := s.pledged >= 0, uint64(max(s.pledged, 0))
		s.pledged = -1                // libzstd's pledged size is the next frame's only
		if directive == 2 && !known { // the first call ends the frame: its size is known
			known, size = true, uint64(len(data))
		}
		wl := s.windowLogFor(known, size)
		s.header = zstdFrameHeader(s.checksum, known, !s.noContentSize, size, wl)
		s.enc = s.encoder(wl)
		s.out.Reset()
		s.enc.Reset(&s.out)
	}
	switch directive {
	case 0:
		s.enc.Write(data)
	case 1:
		s.enc.Write(data)
		s.enc.Flush()
	default:
		s.enc.Write(data)
		s.enc.Close()
		s.open = false
	}
	defer func() {
		if !s.open {
			s.release()
		}
	}()
	out := append([]byte(nil), s.out.Bytes()...)
	s.out.Reset()
	if s.header != nil {
		switch {
		case len(out) > 0:
			out = append(s.header, out[zstdHeaderLen(out):]...)
			s.header = nil
		case !s.open: // an empty frame: klauspost writes none
			out = append(s.header, 1, 0, 0) // the last block, raw and empty
			if s.checksum {
				out = append(out, emptyXXH64...)
			}
			s.header = nil
		}
	}
	return out
}

// libzstd's errors: ZSTD_getErrorName's code, its number and ZSTD_getErrorString.
const (
	zstdErrPrefix      = "ZSTD_error_prefix_unknown 10 Unknown frame descriptor"
	zstdErrUnsupported = "ZSTD_error_frameParameter_unsupported 14 Unsupported frame parameter"
	zstdErrWindow      = "ZSTD_error_frameParameter_windowTooLarge 16 Frame requires too much memory for decoding"
	zstdErrCorruption  = "ZSTD_error_corruption_detected 20 Data corruption detected"
	zstdErrChecksum    = "ZSTD_error_checksum_wrong 22 Restored data doesn't match checksum"
	zstdErrDictionary  = "ZSTD_error_dictionary_wrong 32 Dictionary mismatch"
	zstdErrDstSize     = "ZSTD_error_dstSize_tooSmall 70 Destination buffer is too small"
	zstdErrSrcSize     = "ZSTD_error_srcSize_wrong 72 Src size is incorrect"
	zstdErrTruncated   = "Z_BUF_ERROR -5 unexpected end of file"
)

// decompress is one call of Node's zstd context with data after what came before: the
// decoded bytes not given out yet. Before R-V26 the call stops at the end of a frame
// (leftover counts the bytes of the call after it, which end Node's stream); from R-V26
// it goes on with a frame that follows (trailing bytes that start no frame are ignored).
// From R-V25 a call that finishes (ZSTD_e_end) with a frame incomplete, or with no frame
// at all, is zlib's Z_BUF_ERROR. grow, when not nil, is called before n more bytes of
// output are kept (natives.go: it holds and prices them).
func (s *zstdStream) decompress(data []byte, finish bool, grow func(n int)) ([]byte, string) {
	s.leftover = -1
	if s.junk {
		return nil, ""
	}
	s.in = append(s.in, data...)
	var fresh []byte
	for {
		out, frameLen, code := zstdFirstFrame(s.in, s.maxWindow, grow)
		if code != "" {
			return nil, code
		}
		fresh = append(fresh, out[min(s.emitted, len(out)):]...)
		s.emitted = len(out)
		if frameLen < 0 {
			break
		}
		s.frames++
		rest := s.in[frameLen:]
		s.in, s.emitted = nil, 0
		if !s.frameAfterFrame {
			s.leftover = len(rest)
			break
		}
		if len(rest) == 0 {
			break
		}
		if !zstdFrameStart(rest) {
			s.junk = true
			break
		}
		s.in = append([]byte(nil), rest...)
	}
	if finish && s.truncatedIsError && (len(s.in) > 0 || s.frames == 0) {
		return nil, zstdErrTruncated
	}
	return fresh, ""
}

// zstdFrameStart reports whether b can begin a frame: the magic of a zstd or skippable
// frame, or a prefix of one.
func zstdFrameStart(b []byte) bool {
	if bytes.HasPrefix(b, []byte{0x28, 0xb5, 0x2f, 0xfd}) || len(b) < 4 && bytes.HasPrefix([]byte{0x28, 0xb5, 0x2f, 0xfd}, b) {
		return true
	}
	return len(b) >= 4 && binary.LittleEndian.Uint32(b)&0xFFFFFFF0 == 0x184D2A50 || len(b) < 4 && b[0]&0xF0 == 0x50 && bytes.HasPrefix([]byte{b[0], 0x2a, 0x4d, 0x18}, b)
}

// zstdFirstFrame decodes the first frame of in: its whole blocks' bytes, and the frame's
// length (-1 while it is incomplete), or libzstd's error. grow is decompress's.
func zstdFirstFrame(in []byte, maxWindow uint64, grow func(n int)) ([]byte, int, string) {
	var magic [4]byte
	binary.LittleEndian.PutUint32(magic[:], 0x184D2A50) // what libzstd compares a short prefix to
	copy(magic[:], in)
	m := binary.LittleEndian.Uint32(magic[:])
	if len(in) < 4 {
		if len(in) > 0 && !bytes.HasPrefix([]byte{0x28, 0xb5, 0x2f, 0xfd}, in) && m&0xFFFFFFF0 != 0x184D2A50 {
			return nil, 0, zstdErrPrefix
		}
		return nil, -1, ""
	}
	if m&0xFFFFFFF0 == 0x184D2A50 { // a skippable frame: nothing comes out
		if len(in) < 8 {
			return nil, -1, ""
		}
		n := 8 + int64(binary.LittleEndian.Uint32(in[4:]))
		if int64(len(in)) < n {
			return nil, -1, ""
		}
		return nil, int(n), ""
	}
	if m != zstdMagic {
		return nil, 0, zstdErrPrefix
	}
	if len(in) < 5 {
		return nil, -1, ""
	}
	fhd := in[4]
	hl := zstdHeaderLen(in)
	if len(in) < hl || hl < 6 && fhd&0x20 == 0 {
		return nil, -1, ""
	}
	if fhd&0x08 != 0 {
		return nil, 0, zstdErrUnsupported
	}
	single := fhd&0x20 != 0
	var window uint64
	if !single {
		wd := in[5]
		wl := 10 + int(wd>>3)
		if wl > 31 {
			return nil, 0, zstdErrWindow
		}
		window = 1<<wl + (1<<wl)/8*uint64(wd&7)
	}
	p := 5
	if !single {
		p++
	}
	var dictID uint64
	if n := [4]int{0, 1, 2, 4}[fhd&3]; n > 0 {
		var b [8]byte
		copy(b[:], in[p:p+n])
		dictID = binary.LittleEndian.Uint64(b[:])
		p += n
	}
	if single {
		var b [8]byte
		copy(b[:], in[p:hl])
		window = binary.LittleEndian.Uint64(b[:])
		if hl-p == 2 {
			window += 256
		}
	}
	if dictID != 0 {
		return nil, 0, zstdErrDictionary
	}
	blockMax := min(window, zstdBlockMax) // of the window before the floor below
	if max(window, 1<<10) > maxWindow {
		return nil, 0, zstdErrWindow
	}
	// The blocks: the frame ends after its last block (and the checksum). A block's
	// compressed size (1 for an RLE block) is at most the window and 128 KiB.
	p = hl
	end, lastDone := -1, false
	var rawTail []byte // the bytes so far of a raw block cut short (libzstd gives them out)
	for p+3 <= len(in) {
		h := uint32(in[p]) | uint32(in[p+1])<<8 | uint32(in[p+2])<<16
		last, typ, size := h&1 != 0, (h>>1)&3, int(h>>3)
		n := 3 + size
		if typ == 1 {
			n = 4
		}
		if typ == 3 || uint64(n-3) > blockMax {
			return nil, 0, zstdErrCorruption
		}
		if p+n > len(in) {
			if typ == 0 {
				rawTail = in[p+3:]
			}
			break
		}
		p += n
		if last {
			lastDone = true
			if fhd&0x04 == 0 {
				end = p
			} else if p+4 <= len(in) {
				end = p + 4
			}
			break
		}
	}
	frame := in[:p]
	switch {
	case end >= 0:
		frame = in[:end]
	case lastDone: // all but the checksum: every block's bytes come out
		frame = append([]byte(nil), frame...)
		frame[4] &^= 0x04
	}
	dec := zstdDecoders.Get().(*zstd.Decoder)
	defer zstdDecoders.Put(dec)
	if err := dec.Reset(bytes.NewReader(frame)); err != nil {
		return nil, 0, zstdErrCorruption
	}
	out, err := readAll(dec, grow)
	complete := end >= 0 || lastDone
	switch {
	case err == nil:
		return out, end, ""
	case !complete && (errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)):
		return append(out, rawTail...), -1, "" // the frame goes on in the next write
	case errors.Is(err, zstd.ErrCRCMismatch):
		return nil, 0, zstdErrChecksum
	case errors.Is(err, zstd.ErrFrameSizeExceeded), single && errors.Is(err, zstd.ErrWindowSizeExceeded):
		return nil, 0, zstdErrDstSize // more than the content size: libzstd's output is full
	case errors.Is(err, zstd.ErrBlockTooSmall):
		return nil, 0, zstdErrSrcSize
	}
	return nil, 0, zstdErrCorruption
}

// readAll reads rd to its end, calling grow (when not nil) before each chunk of n bytes
// it keeps.
func readAll(rd io.Reader, grow func(n int)) ([]byte, error) {
	var out []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := rd.Read(buf)
		if n > 0 {
			if grow != nil {
				grow(n)
			}
			out = append(out, buf[:n]...)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}
