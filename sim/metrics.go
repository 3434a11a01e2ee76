package sim

import (
	"math"
	"sort"
	"strings"
)

// Segment kinds of a request's timeline, as the seed's timeline widget draws them.
const (
	segJS   = "js"   // running JS on the main thread
	segPool = "pool" // running on a thread-pool thread
	segWait = "wait" // ready, waiting for the main thread or a pool thread
	segIO   = "io"   // waiting on I/O (network, database, timer, SYN retry): no thread
)

// segSpan is a raw interval of a request in one state.
type segSpan struct {
	kind       string
	start, end int64
}

func (q *httpReq) addSpan(kind string, start, end int64) {
	if q == nil || end <= start {
		return
	}
	if n := len(q.spans); n > 0 && q.spans[n-1].kind == kind && q.spans[n-1].end == start {
		q.spans[n-1].end = end // one span for back-to-back work of a kind
		return
	}
	q.spans = append(q.spans, segSpan{kind: kind, start: start, end: end})
}

// RequestStat is one request as the client saw it, with its timeline.
type RequestStat struct {
	ID        int       `json:"id"`
	Label     string    `json:"label"`
	Method    string    `json:"method"`
	Path      string    `json:"path"`
	SendUS    int64     `json:"send_us"`
	StartUS   int64     `json:"start_us"` // the handler started (0 if it never did)
	EndUS     int64     `json:"end_us"`   // the answer ended, or the client gave up
	LatencyUS int64     `json:"latency_us"`
	Status    int       `json:"status"`
	Result    string    `json:"result"` // ok, timeout, or the connection error (ECONNREFUSED, ETIMEDOUT…)
	Retries   int       `json:"syn_retries,omitempty"`
	Segments  []Segment `json:"segments"`
	// Body is the start of the response body the client received (its first
	// maxBodyStat bytes).
	Body string `json:"body,omitempty"`
}

// maxBodyStat bounds the response body a RequestStat keeps.
const maxBodyStat = 200

// Segment is one stretch of a request's timeline (kind js, pool, wait or io).
type Segment struct {
	Kind    string `json:"kind"`
	StartUS int64  `json:"start_us"`
	EndUS   int64  `json:"end_us"`
}

// PathStat is the latency distribution of the requests to one path (answered ones).
type PathStat struct {
	Path     string `json:"path"`
	Count    int    `json:"count"`
	Failed   int    `json:"failed"`
	P50US    int64  `json:"p50_us"`
	P90US    int64  `json:"p90_us"`
	P99US    int64  `json:"p99_us"`
	MaxUS    int64  `json:"max_us"`
	MeanUS   int64  `json:"mean_us"`
	AllCount int    `json:"-"`
}

// DelayStats is the event-loop delay a timer every ResolutionMS would have seen (the
// excess over the resolution, as the seed's dashboards report it).
type DelayStats struct {
	ResolutionMS float64       `json:"resolution_ms"`
	Samples      int           `json:"samples"`
	P50US        int64         `json:"p50_us"`
	P90US        int64         `json:"p90_us"`
	P99US        int64         `json:"p99_us"`
	MaxUS        int64         `json:"max_us"`
	MeanUS       int64         `json:"mean_us"`
	Histogram    []DelayBucket `json:"histogram"`
}

// DelayBucket counts the samples below UpToMS (and at or above the previous bucket's).
// The last bucket has UpToMS 0: everything longer.
type DelayBucket struct {
	UpToMS float64 `json:"up_to_ms"`
	Count  int     `json:"count"`
}

// delayBucketsMS are the histogram's upper bounds.
var delayBucketsMS = []float64{1, 5, 10, 20, 50, 100, 200, 500, 1000}

func delayHistogram(samples []int64) []DelayBucket {
	out := make([]DelayBucket, len(delayBucketsMS)+1)
	for i, b := range delayBucketsMS {
		out[i].UpToMS = b
	}
	for _, us := range samples {
		i := sort.SearchFloat64s(delayBucketsMS, float64(us)/1000+1e-9)
		out[i].Count++
	}
	return out
}

// ServerSummary is the measurement of a server scenario.
type ServerSummary struct {
	Requests []RequestStat `json:"requests"`
	// RequestsOmitted counts the requests past the first maxRequestStats, measured in
	// the figures above but not listed one by one.
	RequestsOmitted int          `json:"requests_omitted,omitempty"`
	Paths           []PathStat   `json:"paths"`
	All             PathStat     `json:"all"`
	ThroughputRPS   float64      `json:"throughput_rps"`
	LoopDelay       DelayStats   `json:"loop_delay"`
	ELU             float64      `json:"elu"`
	PoolUtilization float64      `json:"pool_utilization"`
	Workers         []WorkerStat `json:"workers,omitempty"`
	DBQueries       int          `json:"db_queries"`
	DBMeanWaitUS    int64        `json:"db_mean_wait_us"`
	DBMaxWaitUS     int64        `json:"db_max_wait_us"` // the longest a query waited for a connection
	SlowestID       int          `json:"slowest_id"`
}

// WorkerStat is one worker thread's life and how busy it was.
type WorkerStat struct {
	ID          int     `json:"id"`
	Name        string  `json:"name"`
	StartUS     int64   `json:"start_us"`
	EndUS       int64   `json:"end_us"`
	BusyUS      int64   `json:"busy_us"`
	Utilization float64 `json:"utilization"`
	ExitCode    int     `json:"exit_code"`
}

func (r *run) workerStats() []WorkerStat {
	w := workersKey.peek(r)
	if w == nil {
		return nil
	}
	var out []WorkerStat
	for _, h := range sortedWorkers(w.workers) {
		c := h.child
		end := r.lp.Now()
		if h.exited {
			end = h.endAt
		}
		ws := WorkerStat{ID: h.id, Name: c.iso.name, StartUS: h.started, EndUS: end, BusyUS: c.cpuUS, ExitCode: h.code}
		if end > h.started {
			ws.Utilization = float64(c.cpuUS) / float64(end-h.started)
		}
		out = append(out, ws)
	}
	return out
}

func sortedWorkers(m map[int]*workerHandle) []*workerHandle {
	out := make([]*workerHandle, 0, len(m))
	for _, h := range m {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// serverSummary builds the measurements of a run that served or sent HTTP requests.
// maxRequestStats bounds the requests a summary lists one by one.
const maxRequestStats = 10_000

func (r *run) serverSummary() *ServerSummary {
	h := httpKey.peek(r)
	if h == nil {
		h = &httpModule{} // no HTTP in this run
	}
	if len(h.http.reqs) == 0 && h.http.db.queries == 0 && (workersKey.peek(r) == nil || len(workersKey.peek(r).workers) == 0) {
		return nil
	}
	s := &ServerSummary{Requests: make([]RequestStat, 0, len(h.http.reqs))}
	byPath := map[string][]int64{}
	failed := map[string]int{}
	var order []string
	var all []int64
	var first, last int64 = math.MaxInt64, 0
	slowest := int64(-1)
	for _, q := range h.http.reqs {
		st := r.requestStat(q)
		if len(s.Requests) < maxRequestStats {
			s.Requests = append(s.Requests, st)
		} else {
			s.RequestsOmitted++
		}
		if _, ok := byPath[q.path]; !ok {
			order = append(order, q.path)
			byPath[q.path] = nil
		}
		if st.Result != "ok" {
			failed[q.path]++
			continue
		}
		byPath[q.path] = append(byPath[q.path], st.LatencyUS)
		all = append(all, st.LatencyUS)
		first, last = min(first, q.sendAt), max(last, st.EndUS)
		if st.LatencyUS > slowest {
			slowest, s.SlowestID = st.LatencyUS, st.ID
		}
	}
	for _, p := range order {
		ps := latencyStats(byPath[p])
		ps.Path, ps.Failed = p, failed[p]
		s.Paths = append(s.Paths, ps)
	}
	s.All = latencyStats(all)
	s.All.Path = "*"
	for _, n := range failed {
		s.All.Failed += n
	}
	if last > first {
		s.ThroughputRPS = float64(len(all)) / (float64(last-first) / 1e6)
	}
	s.LoopDelay = r.loopDelay(10)
	if r.lp.Now() > 0 {
		s.ELU = float64(r.lp.Now()-r.lp.IdleUS()) / float64(r.lp.Now())
		s.PoolUtilization = r.poolBusyUS() / float64(r.lp.Now()*int64(len(r.lp.Machine().PoolThreads())))
	}
	s.Workers = r.workerStats()
	s.DBQueries = h.http.db.queries
	if h.http.db.queries > 0 {
		s.DBMeanWaitUS = h.http.db.waitUS / int64(h.http.db.queries)
		s.DBMaxWaitUS = h.http.db.maxWaitUS
	}
	return s
}

func (r *run) requestStat(q *httpReq) RequestStat {
	st := RequestStat{ID: q.id, Label: q.label, Method: q.method, Path: q.path, SendUS: q.sendAt, StartUS: q.startAt, Status: q.status, Retries: q.retries, Body: q.answer}
	if len(st.Body) > maxBodyStat {
		st.Body = strings.ToValidUTF8(st.Body[:maxBodyStat], "")
	}
	end := q.clientEnd
	switch {
	case q.failed:
		st.Result = q.errText
	case q.timedOut:
		st.Result = "timeout"
	case q.done:
		st.Result = "ok"
	default:
		st.Result = "unanswered"
		end = r.lp.Now()
	}
	st.EndUS, st.LatencyUS = end, end-q.sendAt
	st.Segments = timeline(q.spans, q.sendAt, end)
	return st
}

// segRank orders the kinds when spans overlap: running beats waiting beats I/O.
var segRank = map[string]int{segJS: 4, segPool: 3, segWait: 2, segIO: 1}

// timeline flattens overlapping spans into consecutive segments covering [from, to);
// time no span covers is waiting on I/O.
func timeline(spans []segSpan, from, to int64) []Segment {
	if to <= from {
		return []Segment{}
	}
	cuts := []int64{from, to}
	for _, s := range spans {
		if s.end > from && s.start < to {
			cuts = append(cuts, max(s.start, from), min(s.end, to))
		}
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
	var out []Segment
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		if a == b {
			continue
		}
		kind := segIO
		for _, s := range spans {
			if s.start <= a && s.end >= b && segRank[s.kind] > segRank[kind] {
				kind = s.kind
			}
		}
		if n := len(out); n > 0 && out[n-1].Kind == kind && out[n-1].EndUS == a {
			out[n-1].EndUS = b
			continue
		}
		out = append(out, Segment{Kind: kind, StartUS: a, EndUS: b})
	}
	return out
}

// latencyStats computes nearest-rank percentiles.
func latencyStats(xs []int64) PathStat {
	ps := PathStat{Count: len(xs)}
	if len(xs) == 0 {
		return ps
	}
	sorted := append([]int64(nil), xs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	var sum int64
	for _, x := range sorted {
		sum += x
	}
	ps.P50US, ps.P90US, ps.P99US = percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99)
	ps.MaxUS, ps.MeanUS = sorted[len(sorted)-1], sum/int64(len(sorted))
	return ps
}

// percentile is the nearest-rank percentile of sorted values.
func percentile(sorted []int64, p float64) int64 {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// loopDelay replays a timer every resolution ms against the main thread's busy spans:
// each time it is due while a callback runs, it fires when the callback ends.
func (r *run) loopDelay(resolutionMS float64) DelayStats {
	samples := r.delaySamples(0, r.lp.Now(), msToUS(resolutionMS))
	ds := DelayStats{ResolutionMS: resolutionMS, Samples: len(samples)}
	st := latencyStats(samples)
	ds.P50US, ds.P90US, ds.P99US, ds.MaxUS, ds.MeanUS = st.P50US, st.P90US, st.P99US, st.MaxUS, st.MeanUS
	ds.Histogram = delayHistogram(samples)
	return ds
}

// delaySamples returns, for a timer armed at from with period res, how late each firing
// was until to (in us, excluding the period itself).
// Virtual time never passes Limits.MaxVirtualMS (a run ends there), so there are at most
// that over res samples.
func (r *run) delaySamples(from, to, res int64) []int64 {
	if res <= 0 {
		return nil
	}
	to = min(to, r.sc.Limits.MaxVirtualMS*1000)
	var out []int64
	spans := r.busyUS
	i := sort.Search(len(spans), func(k int) bool { return spans[k].end > from })
	for due := from + res; due <= to; {
		for i < len(spans) && spans[i].end <= due {
			i++
		}
		fire := due
		if i < len(spans) && spans[i].start < due {
			fire = spans[i].end
		}
		if fire > to {
			break
		}
		out = append(out, fire-due)
		due = fire + res
	}
	return out
}

func (r *run) poolBusyUS() float64 {
	var sum int64
	for _, j := range r.lp.Machine().PoolJobs() {
		if j.Started {
			sum += min(j.EndAt, r.lp.Now()) - j.StartAt
		}
	}
	return float64(sum)
}
