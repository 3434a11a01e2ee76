package quiz

import "time"

// Observer receives the measurements the domain makes (for metrics). A nil Observer in
// an Engine is replaced by one that does nothing.
type Observer interface {
	// SimRun is called after every simulator run.
	SimRun(d time.Duration, failed bool)
	// Graded is called after every graded answer.
	Graded(kind string, v Verdict)
	// VariantCache is called on every variant lookup.
	VariantCache(hit bool)
}

type nopObserver struct{}

func (nopObserver) SimRun(time.Duration, bool) {}
func (nopObserver) Graded(string, Verdict)     {}
func (nopObserver) VariantCache(bool)          {}
