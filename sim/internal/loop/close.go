package loop

import "slices"

// Closing is a handle being closed: its close callback runs in the close phase (R-L3,
// R-E3).
type Closing[D any] struct {
	ID    int
	Label string
	Line  int
	Data  D // the host's: what the callback is
}

// Close is uv_close: the handle's callback runs in the next close phase.
func (l *Loop[D]) Close(label string, line int, data D) {
	l.close = append(l.close, &Closing[D]{ID: l.NextID(), Label: label, Line: line, Data: data})
}

// Closing is the close callbacks waiting, in the order uv_close queued them (the close
// phase runs them last first). The slice is the loop's: read it, do not keep it.
func (l *Loop[D]) Closing() []*Closing[D] { return l.close }

// runClosing is uv__run_closing_handles: the close callbacks queued before the phase
// started, last queued first (uv_close prepends each to loop->closing_handles, and the
// phase walks that list from its head).
func (l *Loop[D]) runClosing() {
	list := l.close
	l.close = nil
	slices.Reverse(list)
	for _, c := range list {
		if l.host.Stopped() {
			return
		}
		l.host.Closed(c)
	}
}
