package engine

import (
	"unsafe"

	lib "modernc.org/libquickjs"
)

// ArrayBuffer makes an ArrayBuffer holding a copy of b.
func (r *Runtime) ArrayBuffer(b []byte) Value {
	p := r.cbuf(max(len(b), 1))
	copy(unsafe.Slice(at[byte](p), len(b)), b)
	return r.own(lib.XJS_NewArrayBufferCopy(r.tls, r.ctx, p, uint64(len(b))))
}

// Bytes returns a copy of the bytes v views: an ArrayBuffer, or a typed array or
// DataView (its window of its buffer). ok is false for anything else.
func (r *Runtime) Bytes(v Value) (b []byte, ok bool) {
	if !v.IsObject() {
		return nil, false
	}
	tls := r.tls
	bp := tls.Alloc(24)
	defer tls.Free(24)
	if p := lib.XJS_GetArrayBuffer(tls, r.ctx, bp, v.v); p != 0 {
		n := *at[uint64](bp)
		return append([]byte(nil), unsafe.Slice(at[byte](p), n)...), true
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
	return append([]byte(nil), unsafe.Slice(at[byte](p+uintptr(off)), n)...), true
}

// dataViewBytes reads a DataView's window through its buffer, byteOffset and byteLength.
func (r *Runtime) dataViewBytes(v Value) ([]byte, bool) {
	buf := r.Get(v, "buffer")
	if !buf.IsObject() {
		return nil, false
	}
	all, ok := r.Bytes(buf)
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
