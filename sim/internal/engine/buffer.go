package engine

import (
	"unsafe"

	lib "modernc.org/libquickjs"
)

// ArrayBuffer makes an ArrayBuffer holding a copy of b, in the runtime's heap. Past the
// heap limit it is an exception value, as any allocation of the engine's that does not
// fit (HeapRefused says so; the run ends at the next interrupt point).
func (r *Runtime) ArrayBuffer(b []byte) Value {
	v, mem, ok := r.NewArrayBuffer(len(b))
	if ok {
		copy(mem, b)
	}
	return v
}

// NewArrayBuffer makes an ArrayBuffer of n zero bytes in the runtime's heap and returns
// its memory, for the host to fill in place: no copy of it is made outside the heap. mem
// is valid until JavaScript runs or the buffer is released. ok is false when n does not
// fit (the heap limit, or the engine's 2 GiB bound): v is then an exception value and
// HeapRefused reports whether the limit refused it.
func (r *Runtime) NewArrayBuffer(n int) (v Value, mem []byte, ok bool) {
	if n < 0 || int64(n) > maxArrayBuffer {
		r.refuse()
		return r.own(jsException), nil, false
	}
	v = r.own(lib.XJS_NewArrayBufferCopy(r.tls, r.ctx, 0, uint64(n)))
	if v.v.Ftag == lib.EJS_TAG_EXCEPTION {
		return v, nil, false
	}
	mem, _ = r.View(v)
	return v, mem, true
}

// maxArrayBuffer is the longest ArrayBuffer the engine makes (its lengths are int32).
const maxArrayBuffer = 1<<31 - 1

// Bytes returns a copy of the bytes v views: an ArrayBuffer, or a typed array or
// DataView (its window of its buffer). ok is false for anything else, and for a copy
// past the heap limit (a long copy is held for the host function running now:
// HoldForCall).
func (r *Runtime) Bytes(v Value) (b []byte, ok bool) {
	view, ok := r.View(v)
	if !ok || (len(view) > maxScratch && !r.HoldForCall(int64(len(view)))) {
		return nil, false
	}
	return append([]byte(nil), view...), true
}

// View returns the bytes v views, in the runtime's heap, without copying them: an
// ArrayBuffer, or a typed array or DataView (its window of its buffer). The slice is
// valid until JavaScript runs or v is released; the host reads it within one call. ok is
// false for anything else.
func (r *Runtime) View(v Value) (b []byte, ok bool) {
	if !v.IsObject() {
		return nil, false
	}
	tls := r.tls
	bp := tls.Alloc(24)
	defer tls.Free(24)
	if p := lib.XJS_GetArrayBuffer(tls, r.ctx, bp, v.v); p != 0 {
		return unsafe.Slice(at[byte](p), *at[uint64](bp)), true
	}
	r.clearException()
	buf := lib.XJS_GetTypedArrayBuffer(tls, r.ctx, v.v, bp, bp+8, bp+16)
	if buf.Ftag == lib.EJS_TAG_EXCEPTION {
		r.clearException()
		return r.dataViewBytes(v)
	}
	defer lib.XFreeValue(tls, r.ctx, buf)
	off, n := *at[uint64](bp), *at[uint64](bp + 8)
	p := lib.XJS_GetArrayBuffer(tls, r.ctx, bp+16, buf)
	if p == 0 {
		r.clearException()
		return nil, false
	}
	if size := *at[uint64](bp + 16); off+n > size {
		return nil, false
	}
	return unsafe.Slice(at[byte](p+uintptr(off)), n), true
}

// dataViewBytes reads a DataView's window through its buffer, byteOffset and byteLength.
func (r *Runtime) dataViewBytes(v Value) ([]byte, bool) {
	buf := r.Get(v, "buffer")
	if !buf.IsObject() {
		return nil, false
	}
	all, ok := r.View(buf)
	if !ok || r.Has(buf, "buffer") { // a typed array's buffer is never itself a view
		return nil, false
	}
	off, n := int(r.Get(v, "byteOffset").Int()), int(r.Get(v, "byteLength").Int())
	if off < 0 || n < 0 || off+n > len(all) {
		return nil, false
	}
	return all[off : off+n], true
}

// SetBytes copies b into the memory of v, an ArrayBuffer or SharedArrayBuffer (at most
// its length); ok is false when v is neither.
func (r *Runtime) SetBytes(v Value, b []byte) (ok bool) {
	if !v.IsObject() {
		return false
	}
	tls := r.tls
	bp := tls.Alloc(8)
	defer tls.Free(8)
	p := lib.XJS_GetArrayBuffer(tls, r.ctx, bp, v.v)
	if p == 0 {
		r.clearException()
		return false
	}
	n := min(int(*at[uint64](bp)), len(b))
	copy(unsafe.Slice(at[byte](p), n), b[:n])
	return true
}
