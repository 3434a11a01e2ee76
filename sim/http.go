package sim

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// httpServer is an http.Server of the program listening on a port.
type httpServer struct {
	port    int
	backlog int
	onReq   engine.Value // JS: (reqId, method, url, body) -> emits 'request'
	queued  int          // connections the kernel accepted that Node has not accepted yet
	open    bool
}

// httpReq is one HTTP request, from a scenario client or from the program itself.
type httpReq struct {
	id               int
	label, path      string
	method, body     string
	port             int
	sendAt, acceptAt int64
	startAt, endAt   int64
	clientEnd        int64 // when the client stopped waiting (answer or timeout)
	status           int
	retries          int
	started, done    bool
	timedOut, failed bool
	errText          string
	answer           string // the response body the client received
	conn             *closedConn
	spans            []segSpan
}

// closedConn is one connection of a closed-loop client.
type closedConn struct {
	gen  *ClosedLoop
	sent int
	end  int64 // stop sending after this time (0: no limit)
}

// httpState is the HTTP side of a run: servers, requests, and the database pool.
type httpState struct {
	servers   map[int]*httpServer
	firstPort int
	reqs      []*httpReq
	byID      map[int]*httpReq
	db        dbStats
	seed      int64
	rng       *rand.Rand // made on first use (random): most runs serve no HTTP
}

func (h *httpState) init(seed int64) { h.seed = seed }

// random is the run's generator of arrival gaps and query times.
func (h *httpState) random() *rand.Rand {
	if h.rng == nil {
		h.rng = rand.New(rand.NewPCG(uint64(h.seed), 0xc11e47))
	}
	return h.rng
}

// addRequest indexes a request by id.
func (h *httpState) addRequest(q *httpReq) {
	if h.byID == nil {
		h.byID = map[int]*httpReq{}
	}
	h.byID[q.id] = q
}

// scheduleClients schedules the scenario's traffic to the program's server, if it has any.
func scheduleClients(r *run) {
	if r.sc.Clients != nil {
		httpKey.of(r).scheduleClients()
	}
}

// scheduleClients turns the scenario's traffic into arrivals in virtual time.
//
// The clients start once the main module has run (the program's servers are listening),
// as a load generator starts when the server is ready: a request due earlier is sent then.
func (r *httpModule) scheduleClients() {
	c := r.sc.Clients
	if c == nil || r.iso.worker != nil {
		return
	}
	var next int64 // the earliest the list's next connection can open (ConnectIntervalUS)
	for _, cr := range sortedRequests(c) {
		at := max(msToUS(cr.AtMS), next)
		if c.ConnectIntervalUS > 0 {
			next = at + c.ConnectIntervalUS
		}
		q := r.newClientRequest(cr.Path, cr.Method, cr.Label, cr.Body, at, nil)
		if cr.TimeoutMS > 0 {
			r.lp.At(at+msToUS(cr.TimeoutMS), func() { r.clientTimeout(q) })
		}
	}
	for gi := range c.OpenLoop {
		r.scheduleOpenLoop(&c.OpenLoop[gi])
	}
	for gi := range c.ClosedLoop {
		g := &c.ClosedLoop[gi]
		for i := 0; i < g.Connections; i++ {
			conn := &closedConn{gen: g}
			if g.DurationMS > 0 {
				conn.end = msToUS(g.StartMS + g.DurationMS)
			}
			r.newClientRequest(g.Path, g.Method, "", "", msToUS(g.StartMS), conn)
		}
	}
}

func msToUS(ms float64) int64 {
	if us := math.Round(ms * 1000); us < 1<<62 {
		return int64(us)
	}
	return 1 << 62 // past any virtual time a run reaches (Limits.MaxVirtualMS)
}

// sortedRequests is the request list in time order (the list's own order for equal
// times), when the client spaces connections; else as given.
func sortedRequests(c *Clients) []ClientRequest {
	if c.ConnectIntervalUS <= 0 {
		return c.Requests
	}
	out := slices.Clone(c.Requests)
	slices.SortStableFunc(out, func(a, b ClientRequest) int { return cmp.Compare(a.AtMS, b.AtMS) })
	return out
}

// scheduleOpenLoop sends at a fixed rate (or as a Poisson process with Jitter).
func (r *httpModule) scheduleOpenLoop(o *OpenLoop) {
	r.sendOpenLoopAt(o, float64(msToUS(o.StartMS)))
}

// sendOpenLoopAt schedules the open-loop generator's request at t and, when it is sent,
// the next one: the arrivals are made as virtual time reaches them, so a run that stops
// early (a budget) never holds the requests it did not reach.
func (r *httpModule) sendOpenLoopAt(o *OpenLoop, t float64) {
	if int64(t) >= msToUS(o.StartMS+o.DurationMS) {
		return
	}
	r.lp.At(int64(t), func() {
		r.newClientRequest(o.Path, o.Method, "", "", int64(t), nil)
		gap := 1e6 / o.Rate
		if o.Jitter {
			gap *= r.http.random().ExpFloat64()
		}
		r.sendOpenLoopAt(o, t+gap)
	})
}

// newClientRequest records a request and schedules its arrival at the server.
func (r *httpModule) newClientRequest(path, method, label, body string, at int64, conn *closedConn) *httpReq {
	if path == "" {
		path = "/"
	}
	if method == "" {
		method = "GET"
	}
	q := &httpReq{id: r.nextSeq(), path: path, method: method, label: label, body: body, sendAt: at, conn: conn}
	if q.label == "" {
		q.label = method + " " + path
	}
	r.http.reqs = append(r.http.reqs, q)
	r.http.addRequest(q)
	r.lp.At(at, func() { r.arrive(q) })
	if t := r.sc.Clients.TimeoutMS; t > 0 {
		r.lp.At(at+msToUS(t), func() { r.clientTimeout(q) })
	}
	return q
}

// arrive is a SYN reaching the kernel: the connection goes to the accept queue if there
// is room, else the SYN is dropped and the client retransmits it later.
func (r *httpModule) arrive(q *httpReq) {
	if q.timedOut {
		return
	}
	port := q.port
	if port == 0 && r.sc.Clients != nil {
		port = r.sc.Clients.Port
	}
	if port == 0 {
		port = r.http.firstPort
	}
	srv := r.http.servers[port]
	if srv == nil || !srv.open {
		r.failRequest(q, "ECONNREFUSED")
		return
	}
	q.port = port
	if srv.queued >= srv.backlog {
		retry := r.synRetries()
		if q.retries >= len(retry) { // the last SYN is lost too: the client waits once more, then gives up
			giveUp := msToUS(2 * retry[len(retry)-1])
			q.addSpan(segIO, r.lp.Now(), r.lp.Now()+giveUp)
			r.lp.At(r.lp.Now()+giveUp, func() { r.failRequest(q, "ETIMEDOUT") })
			return
		}
		wait := msToUS(retry[q.retries])
		q.retries++
		q.addSpan(segIO, r.lp.Now(), r.lp.Now()+wait)
		r.lp.At(r.lp.Now()+wait, func() { r.arrive(q) })
		return
	}
	srv.queued++
	q.acceptAt = r.lp.Now()
	r.addIO(&ioEvent{ReadyAt: r.lp.Now(), Label: "HTTP " + q.label, Kernel: true, Data: ioData{deliver: func() {
		srv.queued--
		r.startRequest(srv, q)
	}}})
}

func (r *httpModule) synRetries() []float64 {
	if len(r.sc.SYNRetryMS) > 0 {
		return r.sc.SYNRetryMS
	}
	return []float64{1000, 2000, 4000, 8000, 16000, 32000}
}

// startRequest is Node accepting the connection and parsing the request in the poll
// phase: the server's 'request' listeners run.
func (r *httpModule) startRequest(srv *httpServer, q *httpReq) {
	if !srv.open {
		r.failRequest(q, "ECONNRESET")
		return
	}
	q.started, q.startAt = true, r.lp.Now()
	r.withRequest(q, q.acceptAt, func() {
		r.cpu(r.sc.Costs.HTTPParseUS)
		args := []engine.Value{r.val(q.id), r.val(q.method), r.val(q.path), r.val(q.body)}
		r.invokeCallback("request "+q.label, srv.onReq, r.js.Undefined(), args)
	})
}

// withRequest runs fn as a callback of request q that became ready at readyAt: the wait
// for the main thread is recorded and work fn starts is attributed to q.
func (r *run) withRequest(q *httpReq, readyAt int64, fn func()) {
	prev := r.curReq
	if q != nil && readyAt < r.lp.Now() {
		q.addSpan(segWait, readyAt, r.lp.Now())
	}
	r.curReq = q
	fn()
	r.curReq = prev
}

// endRequest is res.end(): the answer (status and body) is complete.
func (r *httpModule) endRequest(q *httpReq, status int, body string) {
	if q.done {
		return
	}
	q.done, q.endAt, q.status = true, r.lp.Now(), status
	if q.timedOut {
		return
	}
	q.clientEnd = r.lp.Now()
	q.answer = strings.Clone(body[:min(len(body), maxBodyStat+1)]) // all requestStat reads of it
	r.nextOnConnection(q)
}

// clientTimeout: the client gives up; the server is not told and goes on working.
func (r *httpModule) clientTimeout(q *httpReq) {
	if q.done || q.timedOut || q.failed {
		return
	}
	q.timedOut, q.clientEnd = true, r.lp.Now()
	r.nextOnConnection(q)
}

func (r *httpModule) failRequest(q *httpReq, code string) {
	if q.done || q.failed {
		return
	}
	q.failed, q.errText, q.clientEnd = true, code, r.lp.Now()
	r.nextOnConnection(q)
}

// nextOnConnection lets a closed-loop connection send its next request.
func (r *httpModule) nextOnConnection(q *httpReq) {
	c := q.conn
	if c == nil {
		return
	}
	c.sent++
	next := r.lp.Now() + msToUS(c.gen.ThinkMS)
	if (c.gen.Requests > 0 && c.sent >= c.gen.Requests) || (c.end > 0 && next >= c.end) {
		return
	}
	r.newClientRequest(c.gen.Path, c.gen.Method, "", "", next, c)
}

// listen registers a server (http.Server#listen).
func (r *httpModule) listen(port, backlog int, onReq engine.Value) int {
	if port == 0 {
		port = 40000 + len(r.http.servers)
	}
	max := r.sc.Backlog
	if max <= 0 {
		max = 4096
	}
	if backlog <= 0 || backlog > max {
		backlog = max
	}
	if r.http.servers == nil {
		r.http.servers = map[int]*httpServer{}
	}
	r.http.servers[port] = &httpServer{port: port, backlog: backlog, onReq: onReq, open: true}
	if r.http.firstPort == 0 {
		r.http.firstPort = port
	}
	return port
}

// opUpstreamLookup(host, cb) is dns.lookup of a scenario upstream's name on the thread
// pool ("slow I/O", R-P4): cb() when the scenario has an upstream of that name,
// cb("ENOTFOUND") when it has none.
func (r *httpModule) opUpstreamLookup(c *engine.Call) engine.Value {
	host := c.Arg(0).String()
	fn := r.js.Keep(c.Arg(1))
	line, _ := r.callerPos()
	r.submitPoolJob("dns.lookup "+host, line, r.sc.Costs.DNSLookupUS, true, func() {
		var args []engine.Value
		if !r.hasUpstreamHost(host) {
			args = []engine.Value{r.js.String("ENOTFOUND")}
		}
		r.invokeCallback("dns.lookup", fn, r.js.Undefined(), args)
		r.js.Drop(fn)
	})
	return r.js.Undefined()
}

// opUpstream(host, path) -> {status, body, latencyUS} of the scenario upstream that
// answers host and path (undefined when none does: the connection is reset).
func (r *httpModule) opUpstream(c *engine.Call) engine.Value {
	up := r.findUpstream(c.Arg(0).String(), c.Arg(1).String())
	if up == nil {
		return r.js.Undefined()
	}
	status := up.Status
	if status == 0 {
		status = 200
	}
	return r.val(map[string]any{"status": status, "body": up.Body, "latencyUS": msToUS(up.LatencyMS)})
}

// hasUpstreamHost reports whether some upstream of the scenario answers host.
func (r *httpModule) hasUpstreamHost(host string) bool {
	for _, u := range r.sc.Upstreams {
		if u.Host == host || u.Host == "*" {
			return true
		}
	}
	return false
}

func (r *httpModule) findUpstream(host, path string) *Upstream {
	var best *Upstream
	for i := range r.sc.Upstreams {
		u := &r.sc.Upstreams[i]
		if (u.Host == host || u.Host == "*") && strings.HasPrefix(path, u.Path) {
			if best == nil || len(u.Path) > len(best.Path) || (best.Host == "*" && u.Host != "*") {
				best = u
			}
		}
	}
	return best
}

// opHTTPListen(port, backlog, onRequest) starts an HTTP server; it keeps the loop alive.
func (r *httpModule) opHTTPListen(c *engine.Call) engine.Value {
	port := r.listen(int(argInt(c, 0)), int(argInt(c, 1)), r.js.Keep(c.Arg(2)))
	r.lp.Ref()
	line, _ := r.callerPos()
	r.step(trace.Listen, "HTTP server on port "+itoa(port), line)
	return r.js.Int(int64(port))
}

// opHTTPEnd(reqId, status, body) is res.end(): the answer is complete.
func (r *httpModule) opHTTPEnd(c *engine.Call) engine.Value {
	if q := r.http.byID[int(argInt(c, 0))]; q != nil {
		body := ""
		if v := c.Arg(2); !v.IsUndefined() {
			body = v.String()
		}
		r.endRequest(q, int(argInt(c, 1)), body)
	}
	return r.js.Undefined()
}

// opHTTPClose(port) stops a server from accepting connections.
func (r *httpModule) opHTTPClose(c *engine.Call) engine.Value {
	if srv := r.http.servers[int(argInt(c, 0))]; srv != nil && srv.open {
		srv.open = false
		r.lp.Unref()
	}
	return r.js.Undefined()
}
