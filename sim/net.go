package sim

import (
	"sort"

	"github.com/looplab/looplab/sim/internal/engine"
)

// node:net in Go: the scenario's peers js/net.js connects to.

// opSocketFeed(port) -> {connect, end, data: [{at, data}...]} for a scenario peer, or undefined.
func (r *httpModule) opSocketFeed(c *engine.Call) engine.Value {
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
