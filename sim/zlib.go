package sim

import (
	"bytes"
	"compress/gzip"
	"io"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:zlib in Go: the compression js/zlib.js runs on the pool.

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
