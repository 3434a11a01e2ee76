package api

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/quiz"
)

// Metrics collects the server's Prometheus metrics and writes them in the text exposition
// format (version 0.0.4). It implements quiz.Observer for the grading and simulator
// metrics. It is safe for concurrent use.
type Metrics struct {
	requests   *counterVec
	latency    *histogramVec
	graded     *counterVec
	simRuns    *counterVec
	simSeconds *histogramVec
	cache      *counterVec
	started    time.Time
}

var _ quiz.Observer = (*Metrics)(nil)

// latencyBuckets are the upper bounds, in seconds, of the latency histograms.
var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{
		requests: newCounterVec("looplab_http_requests_total", "HTTP requests served.", "method", "route", "status"),
		latency: newHistogramVec("looplab_http_request_duration_seconds", "HTTP request latency.",
			latencyBuckets, "method", "route"),
		graded:  newCounterVec("looplab_attempts_graded_total", "Answers graded.", "kind", "verdict"),
		simRuns: newCounterVec("looplab_simulator_runs_total", "Simulator runs.", "result"),
		simSeconds: newHistogramVec("looplab_simulator_run_duration_seconds", "Simulator run wall time.",
			latencyBuckets),
		cache:   newCounterVec("looplab_variant_cache_total", "Variant cache lookups.", "result"),
		started: time.Now(),
	}
}

// ObserveRequest records one HTTP request.
func (m *Metrics) ObserveRequest(method, route string, status int, d time.Duration) {
	m.requests.inc(method, route, fmt.Sprint(status))
	m.latency.observe(d.Seconds(), method, route)
}

// SimRun implements quiz.Observer.
func (m *Metrics) SimRun(d time.Duration, failed bool) {
	result := "ok"
	if failed {
		result = "error"
	}
	m.simRuns.inc(result)
	m.simSeconds.observe(d.Seconds())
}

// Graded implements quiz.Observer.
func (m *Metrics) Graded(kind string, v quiz.Verdict) { m.graded.inc(kind, string(v)) }

// VariantCache implements quiz.Observer.
func (m *Metrics) VariantCache(hit bool) {
	if hit {
		m.cache.inc("hit")
	} else {
		m.cache.inc("miss")
	}
}

// WriteTo writes every metric in the Prometheus text format.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	m.requests.write(&b)
	m.latency.write(&b)
	m.graded.write(&b)
	m.simRuns.write(&b)
	m.simSeconds.write(&b)
	m.cache.write(&b)
	fmt.Fprintf(&b, "# HELP looplab_uptime_seconds Seconds since the server started.\n# TYPE looplab_uptime_seconds gauge\nlooplab_uptime_seconds %g\n", time.Since(m.started).Seconds())
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// loadGauges renders what the server holds now: the simulator's queues by kind of work
// (slots, running, waiting; admitted and refused since the start), the engine's caches
// and the request bodies held.
func (s *Server) loadGauges() string {
	var b strings.Builder
	if s.Admission != nil {
		st := s.Admission.Stats()
		for _, m := range []struct {
			name, kind, help string
			value            func(quiz.WorkStats) float64
		}{
			{"looplab_sim_slots", "gauge", "Simulations a kind of work may run at once.", func(w quiz.WorkStats) float64 { return float64(w.Slots) }},
			{"looplab_sim_running", "gauge", "Simulations running, by kind of work.", func(w quiz.WorkStats) float64 { return float64(w.Running) }},
			{"looplab_sim_waiting", "gauge", "Simulations waiting for a slot, by kind of work.", func(w quiz.WorkStats) float64 { return float64(w.Waiting) }},
			{"looplab_sim_admitted_total", "counter", "Simulations let in, by kind of work.", func(w quiz.WorkStats) float64 { return float64(w.Admitted) }},
			{"looplab_sim_refused_total", "counter", "Simulations refused (queue full, waited too long, caller gone), by kind of work.", func(w quiz.WorkStats) float64 { return float64(w.Refused) }},
		} {
			fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", m.name, m.help, m.name, m.kind)
			for _, w := range st {
				fmt.Fprintf(&b, "%s{work=%q} %g\n", m.name, w.Work.String(), m.value(w))
			}
		}
	}
	if s.Engine != nil {
		variants, variantBytes, runs, runBytes := s.Engine.CacheStats()
		b.WriteString("# HELP looplab_cache_entries Entries of the engine's caches.\n# TYPE looplab_cache_entries gauge\n")
		fmt.Fprintf(&b, "looplab_cache_entries{cache=\"variants\"} %d\nlooplab_cache_entries{cache=\"runs\"} %d\n", variants, runs)
		b.WriteString("# HELP looplab_cache_bytes Bytes the engine's caches are charged (an estimate of the memory they hold).\n# TYPE looplab_cache_bytes gauge\n")
		fmt.Fprintf(&b, "looplab_cache_bytes{cache=\"variants\"} %d\nlooplab_cache_bytes{cache=\"runs\"} %d\n", variantBytes, runBytes)
	}
	fmt.Fprintf(&b, "# HELP looplab_request_body_bytes Bytes of request bodies held, being read or handled.\n# TYPE looplab_request_body_bytes gauge\nlooplab_request_body_bytes %d\n", s.bodies.inUse())
	return b.String()
}

// counterVec is a counter with labels.
type counterVec struct {
	name, help string
	labels     []string
	mu         sync.Mutex
	values     map[string]float64 // key: label values joined by \xff
}

func newCounterVec(name, help string, labels ...string) *counterVec {
	return &counterVec{name: name, help: help, labels: labels, values: map[string]float64{}}
}

func (c *counterVec) inc(values ...string) { c.add(1, values...) }

func (c *counterVec) add(v float64, values ...string) {
	k := strings.Join(values, "\xff")
	c.mu.Lock()
	c.values[k] += v
	c.mu.Unlock()
}

func (c *counterVec) write(b *strings.Builder) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s counter\n", c.name, c.help, c.name)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range sortedKeys(c.values) {
		fmt.Fprintf(b, "%s%s %g\n", c.name, labelText(c.labels, k, ""), c.values[k])
	}
}

// histogramVec is a histogram with labels.
type histogramVec struct {
	name, help string
	labels     []string
	buckets    []float64
	mu         sync.Mutex
	series     map[string]*histogram
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func newHistogramVec(name, help string, buckets []float64, labels ...string) *histogramVec {
	return &histogramVec{name: name, help: help, labels: labels, buckets: buckets, series: map[string]*histogram{}}
}

func (h *histogramVec) observe(v float64, values ...string) {
	k := strings.Join(values, "\xff")
	i := sort.SearchFloat64s(h.buckets, v)
	h.mu.Lock()
	s := h.series[k]
	if s == nil {
		s = &histogram{counts: make([]uint64, len(h.buckets)+1)}
		h.series[k] = s
	}
	s.counts[i]++
	s.sum += v
	s.n++
	h.mu.Unlock()
}

func (h *histogramVec) write(b *strings.Builder) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s histogram\n", h.name, h.help, h.name)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, k := range sortedKeys(h.series) {
		s := h.series[k]
		var cum uint64
		for i, ub := range h.buckets {
			cum += s.counts[i]
			fmt.Fprintf(b, "%s_bucket%s %d\n", h.name, labelText(h.labels, k, fmt.Sprint(ub)), cum)
		}
		fmt.Fprintf(b, "%s_bucket%s %d\n", h.name, labelText(h.labels, k, "+Inf"), s.n)
		fmt.Fprintf(b, "%s_sum%s %g\n%s_count%s %d\n", h.name, labelText(h.labels, k, ""), s.sum, h.name, labelText(h.labels, k, ""), s.n)
	}
}

// labelText renders {a="x",b="y"} (with le when given).
func labelText(names []string, key, le string) string {
	var parts []string
	if len(names) > 0 {
		for i, v := range strings.Split(key, "\xff") {
			parts = append(parts, fmt.Sprintf("%s=%q", names[i], v))
		}
	}
	if le != "" {
		parts = append(parts, fmt.Sprintf("le=%q", le))
	}
	if len(parts) == 0 {
		return ""
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// OutboxCounter reports the outbox's messages by kind and state.
type OutboxCounter interface {
	Counts(ctx context.Context) ([]outbox.Count, error)
}

// OutboxMetrics are the outbox's metrics: the worker's tries by kind and result and the
// delivered messages pruned (it implements outbox.Observer), and, read from the store
// at each scrape, the messages by kind and state. It is safe for concurrent use.
type OutboxMetrics struct {
	tries  *counterVec
	pruned *counterVec
	counts OutboxCounter
}

var _ outbox.Observer = (*OutboxMetrics)(nil)

// NewOutboxMetrics returns empty outbox metrics whose gauges come from counts.
func NewOutboxMetrics(counts OutboxCounter) *OutboxMetrics {
	m := &OutboxMetrics{
		tries:  newCounterVec("looplab_outbox_tries_total", "Outbox delivery tries (grades and webhooks) by result: delivered, retry (failed, tried again later), failed (for good).", "kind", "result"),
		pruned: newCounterVec("looplab_outbox_pruned_total", "Delivered outbox messages deleted after the retention."),
		counts: counts,
	}
	m.pruned.add(0) // the series exists from the start
	return m
}

// OutboxTry implements outbox.Observer.
func (m *OutboxMetrics) OutboxTry(kind, result string) { m.tries.inc(kind, result) }

// OutboxPruned implements outbox.Observer.
func (m *OutboxMetrics) OutboxPruned(n int64) { m.pruned.add(float64(n)) }

// outboxKinds and outboxStates are always reported, so every gauge series exists.
var (
	outboxKinds  = []string{outbox.KindScore, outbox.KindWebhook}
	outboxStates = []string{outbox.StatusPending, outbox.StatusDelivered, outbox.StatusFailed}
)

// WriteTo writes the outbox metrics in the Prometheus text format; the gauges are read
// from the store now (an error leaves them out and is returned after the counters).
func (m *OutboxMetrics) WriteTo(ctx context.Context, w io.Writer) error {
	var b strings.Builder
	m.tries.write(&b)
	m.pruned.write(&b)
	counts, err := m.counts.Counts(ctx)
	if err == nil {
		writeOutboxGauge(&b, counts)
	}
	if _, werr := io.WriteString(w, b.String()); werr != nil {
		return werr
	}
	return err
}

// writeOutboxGauge writes looplab_outbox_messages{kind,status}.
func writeOutboxGauge(b *strings.Builder, counts []outbox.Count) {
	n := map[[2]string]int64{}
	for _, c := range counts {
		n[[2]string{c.Kind, c.Status}] = c.N
	}
	b.WriteString("# HELP looplab_outbox_messages Outbox messages (grades and webhooks) by kind and state.\n# TYPE looplab_outbox_messages gauge\n")
	for _, k := range outboxKinds {
		for _, st := range outboxStates {
			fmt.Fprintf(b, "looplab_outbox_messages{kind=%q,status=%q} %d\n", k, st, n[[2]string{k, st}])
		}
	}
}
