package sim

// defaultJSOpNS is the default cost of one JavaScript operation (Costs.JSOpNS).
// Calibrated against Node 24.18.0 on the seeds' CPU loops: see scripts/calibrate-cpu
// and the README's table of CPU shapes.
const defaultJSOpNS = 1

// budgetError is the deterministic budget a run is past, or nil: the operations its
// JavaScript ran (checked at every interrupt point, so a loop that never yields is
// stopped at the same operation on any machine) and virtual time.
func (r *run) budgetError() *Error {
	if ops := r.totalOps(); ops > r.sc.Limits.MaxOps {
		return newError(CodeOpBudget, "the program ran more than %d JavaScript operations", r.sc.Limits.MaxOps)
	}
	if r.now > r.sc.Limits.MaxVirtualMS*1000 {
		return newError(CodeVirtualTime, "virtual time passed the %d ms limit", r.sc.Limits.MaxVirtualMS)
	}
	return nil
}

// totalOps is the operations every runtime of the run ran so far (the main thread and
// its workers share one budget).
func (r *run) totalOps() int64 {
	if w := r.iso.world; w != nil {
		var n int64
		for _, iso := range w.isolates {
			n += iso.jsCost.charged
		}
		return n
	}
	return r.jsCost.charged
}
