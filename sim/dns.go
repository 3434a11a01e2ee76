package sim

import (
	"encoding/hex"
	"encoding/json"
	"net/netip"
	"slices"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// The DNS queries of node:dns (resolve*, reverse) are c-ares on the network, not
// getaddrinfo on the thread pool (R-P7): no pool thread waits for them. A query goes to
// the resolver's servers in order; the simulated machine's DNS server (simDNSServer,
// what getServers() reports) answers from the scenario's zone after the scenario's
// dns_query_us; any other server has nothing listening on the isolated network, so each
// try there is refused within one loopback round trip (ECONNREFUSED, c-ares tries every
// server `tries` times). The answer, the refusal or a cancel() reaches the program as
// Node's native immediate (cares_wrap.cc QueueResponseCallback: env->SetImmediate): in
// the next check phase, before the setImmediate callbacks, all of them in one callback
// scope.

// simDNSServer is the simulated machine's DNS server (systemd-resolved's stub address).
const simDNSServer = "127.0.0.53"

// upstreamAddress is the address a scenario upstream's host name resolves to (http.js
// connects its outbound requests to it).
const upstreamAddress = "93.184.215.14"

// DNSRecords are one name's records in the scenario's zone, in the shapes Node's
// resolve* functions return them. A name is matched without regard to case or a
// trailing dot; dns.reverse(address) looks the PTR records up under the address's
// in-addr.arpa (ip6.arpa) name or under the address itself.
type DNSRecords struct {
	// TTL is the A and AAAA records' time to live (resolve4(name, {ttl: true})); default 300.
	TTL   int        `json:"ttl,omitempty"`
	A     []string   `json:"A,omitempty"`
	AAAA  []string   `json:"AAAA,omitempty"`
	CNAME []string   `json:"CNAME,omitempty"`
	MX    []DNSMX    `json:"MX,omitempty"`
	NS    []string   `json:"NS,omitempty"`
	PTR   []string   `json:"PTR,omitempty"`
	TXT   [][]string `json:"TXT,omitempty"` // each record's chunks
	SRV   []DNSSRV   `json:"SRV,omitempty"`
	SOA   *DNSSOA    `json:"SOA,omitempty"`
	CAA   []DNSCAA   `json:"CAA,omitempty"`
	NAPTR []DNSNAPTR `json:"NAPTR,omitempty"`
	TLSA  []DNSTLSA  `json:"TLSA,omitempty"`
}

// DNSMX is an MX record ({exchange, priority}).
type DNSMX struct {
	Exchange string `json:"exchange"`
	Priority int    `json:"priority"`
}

// DNSSRV is an SRV record ({name, port, priority, weight}).
type DNSSRV struct {
	Name     string `json:"name"`
	Port     int    `json:"port"`
	Priority int    `json:"priority"`
	Weight   int    `json:"weight"`
}

// DNSSOA is the SOA record ({nsname, hostmaster, serial, refresh, retry, expire, minttl}).
type DNSSOA struct {
	Nsname     string `json:"nsname"`
	Hostmaster string `json:"hostmaster"`
	Serial     int64  `json:"serial"`
	Refresh    int64  `json:"refresh"`
	Retry      int64  `json:"retry"`
	Expire     int64  `json:"expire"`
	Minttl     int64  `json:"minttl"`
}

// DNSCAA is a CAA record: Node gives {critical, <tag>: value}, e.g. {critical: 0,
// issue: 'letsencrypt.org'}; one of the tags is set.
type DNSCAA struct {
	Critical  int    `json:"critical"`
	Issue     string `json:"issue,omitempty"`
	Issuewild string `json:"issuewild,omitempty"`
	Iodef     string `json:"iodef,omitempty"`
}

// DNSNAPTR is a NAPTR record.
type DNSNAPTR struct {
	Flags       string `json:"flags"`
	Service     string `json:"service"`
	Regexp      string `json:"regexp"`
	Replacement string `json:"replacement"`
	Order       int    `json:"order"`
	Preference  int    `json:"preference"`
}

// DNSTLSA is a TLSA record; Data is the certificate association data in hex (Node
// gives it as an ArrayBuffer).
type DNSTLSA struct {
	CertUsage int    `json:"certUsage"`
	Selector  int    `json:"selector"`
	Match     int    `json:"match"`
	Data      string `json:"data"`
}

// validateZone reports the first record of a scenario's zone that is not well formed.
func validateZone(zone map[string]DNSRecords) error {
	names := make([]string, 0, len(zone))
	for n := range zone {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		rec := zone[name]
		if strings.TrimSpace(name) == "" {
			return newError(CodeInvalidInput, "scenario.dns: a name is empty")
		}
		for _, a := range rec.A {
			if ip, err := netip.ParseAddr(a); err != nil || !ip.Is4() {
				return newError(CodeInvalidInput, "scenario.dns[%q].A: %q is not an IPv4 address", name, a)
			}
		}
		for _, a := range rec.AAAA {
			if ip, err := netip.ParseAddr(a); err != nil || !ip.Is6() {
				return newError(CodeInvalidInput, "scenario.dns[%q].AAAA: %q is not an IPv6 address", name, a)
			}
		}
		for i, t := range rec.TLSA {
			if _, err := hex.DecodeString(t.Data); err != nil {
				return newError(CodeInvalidInput, "scenario.dns[%q].TLSA[%d].data: not hexadecimal", name, i)
			}
		}
		if rec.TTL < 0 {
			return newError(CodeInvalidInput, "scenario.dns[%q].ttl: must be positive, got %d", name, rec.TTL)
		}
	}
	return nil
}

// zoneName is how the zone keys a name: lower case, without a trailing dot.
func zoneName(name string) string { return strings.TrimSuffix(strings.ToLower(name), ".") }

// dnsZone is what the simulated DNS server knows: localhost (systemd-resolved answers
// it itself, RFC 6761), the upstreams' hosts at upstreamAddress, then the scenario's
// declared records, which replace those of the same name.
func (r *dnsModule) dnsZone() map[string]DNSRecords {
	zone := map[string]DNSRecords{
		"localhost":              {A: []string{"127.0.0.1"}, AAAA: []string{"::1"}},
		"1.0.0.127.in-addr.arpa": {PTR: []string{"localhost"}},
		"1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.ip6.arpa": {PTR: []string{"localhost"}},
	}
	for _, u := range r.sc.Upstreams {
		if u.Host != "*" && u.Host != "" {
			if _, err := netip.ParseAddr(u.Host); err != nil {
				zone[zoneName(u.Host)] = DNSRecords{A: []string{upstreamAddress}}
			}
		}
	}
	for name, rec := range r.sc.DNS {
		key := zoneName(name)
		if ip, err := netip.ParseAddr(key); err == nil {
			key = reverseName(ip) // PTR records declared under the address itself
		}
		zone[key] = rec
	}
	return zone
}

// reverseName is the in-addr.arpa or ip6.arpa name of an address.
func reverseName(ip netip.Addr) string {
	var parts []string
	if ip.Is4() {
		b := ip.As4()
		for i := 3; i >= 0; i-- {
			parts = append(parts, itoa(int(b[i])))
		}
		return strings.Join(parts, ".") + ".in-addr.arpa"
	}
	b := ip.As16()
	const digits = "0123456789abcdef"
	for i := 15; i >= 0; i-- {
		parts = append(parts, string(digits[b[i]&15]), string(digits[b[i]>>4]))
	}
	return strings.Join(parts, ".") + ".ip6.arpa"
}

// opDNSZone() -> the zone as JSON, for dns.js to answer from (lower-case names; the
// records as the scenario declares them, TTL defaulted).
func (r *dnsModule) opDNSZone(c *engine.Call) engine.Value {
	zone := r.dnsZone()
	for n, rec := range zone {
		if rec.TTL == 0 {
			rec.TTL = 300
			zone[n] = rec
		}
	}
	data, err := json.Marshal(zone)
	if err != nil {
		panic("sim: the DNS zone: " + err.Error()) // every field marshals
	}
	return r.js.String(string(data))
}

// opDNSReverseName(address) -> the in-addr.arpa / ip6.arpa name (undefined for a string
// that is not an address).
func (r *dnsModule) opDNSReverseName(c *engine.Call) engine.Value {
	ip, err := netip.ParseAddr(c.Arg(0).String())
	if err != nil || ip.Zone() != "" {
		return r.js.Undefined()
	}
	return r.js.String(reverseName(ip.Unmap()))
}

// dnsQuery is a query in flight: its tries still to be refused, then its end.
type dnsQuery struct {
	id, channel int
	label       string
	line        int
	fn          engine.Value
	ev          *ioEvent // the pending network event (nil once the result is queued)
	queued      bool     // its result waits in the native immediates
}

// nativeImmediate is one of Node's env->SetImmediate callbacks: run in the check phase
// before the setImmediate callbacks.
type nativeImmediate struct {
	label  string
	line   int
	origin *asyncCtx
	run    func()
}

// opDNSQuery(channel, label, refusals, answered, fn) sends a query: each of refusals
// tries is refused within a loopback round trip (one poll each); then, when answered,
// the simulated DNS server answers after dns_query_us, else the last refusal ends it.
// fn(status) is called from the check phase: 'answer' or 'ECONNREFUSED'. Returns the
// query's id.
func (r *dnsModule) opDNSQuery(c *engine.Call) engine.Value {
	q := &dnsQuery{id: r.nextSeq(), channel: int(argInt(c, 0)), label: c.Arg(1).String(), fn: r.js.Keep(c.Arg(4))}
	q.line, _ = r.callerPos()
	refusals := int(argInt(c, 2))
	answered := c.Arg(3).Truthy()
	if r.dnsQueries == nil {
		r.dnsQueries = map[int]*dnsQuery{}
	}
	r.dnsQueries[q.id] = q
	var try func(left int)
	try = func(left int) {
		switch {
		case left > 0:
			q.ev = &ioEvent{ReadyAt: r.lp.Now() + r.sc.Costs.LoopbackUS, Label: "DNS query refused (" + q.label + ")", Line: q.line, Ref: true, Kernel: true}
			q.ev.Data.deliver = func() { q.ev = nil; try(left - 1) }
			r.addProgramIO(q.ev)
		case answered:
			q.ev = &ioEvent{ReadyAt: r.lp.Now() + r.sc.Costs.DNSQueryUS, Label: "DNS answer (" + q.label + ")", Line: q.line, Ref: true, Kernel: true}
			q.ev.Data.deliver = func() { q.ev = nil; r.finishDNSQuery(q, "answer") }
			r.addProgramIO(q.ev)
			answered = false
		default:
			r.finishDNSQuery(q, "ECONNREFUSED")
		}
	}
	if refusals == 0 && !answered {
		r.finishDNSQuery(q, "ECONNREFUSED")
	} else {
		try(refusals)
	}
	return r.js.Int(int64(q.id))
}

// finishDNSQuery queues the query's callback with its status as a native immediate.
func (r *dnsModule) finishDNSQuery(q *dnsQuery, status string) {
	if q.queued {
		return
	}
	q.queued = true
	r.pushNativeImmediate("dns "+q.label+" callback", q.line, func() {
		delete(r.dnsQueries, q.id)
		r.invokeCallback("dns "+q.label, q.fn, r.js.Undefined(), []engine.Value{r.js.String(status)})
		r.js.Drop(q.fn)
	})
}

// opDNSCancel(channel) is Resolver#cancel(): every query of the channel still in flight
// ends with ECANCELLED, in the order they were sent (ares_cancel).
func (r *dnsModule) opDNSCancel(c *engine.Call) engine.Value {
	ch := int(argInt(c, 0))
	var ids []int
	for id, q := range r.dnsQueries {
		if q.channel == ch && !q.queued {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		q := r.dnsQueries[id]
		if q.ev != nil {
			r.lp.CancelIO(q.ev)
			q.ev = nil
		}
		r.finishDNSQuery(q, "ECANCELLED")
	}
	return r.js.Undefined()
}

// pushNativeImmediate queues fn for the next check phase (Node's env->SetImmediate).
// A native immediate holds the loop alive and keeps poll from blocking.
func (r *dnsModule) pushNativeImmediate(label string, line int, fn func()) {
	r.nativeImmediates = append(r.nativeImmediates, &nativeImmediate{label: label, line: line, origin: r.queuedHere(label, line), run: fn})
}

// runNativeImmediates is the start of Node's CheckImmediate: RunAndClearNativeImmediates
// runs the native immediates queued so far inside one InternalCallbackScope, so the
// ticks and promise jobs their callbacks queue run after the last of them (a
// cancel() that ends two queries calls both back before either's ticks).
func (r *dnsModule) runNativeImmediates() bool {
	if len(r.nativeImmediates) == 0 {
		return false
	}
	batch := r.nativeImmediates
	r.nativeImmediates = nil
	r.enterPhase(PhaseCheck)
	r.scope.groupDrain = true
	for _, ni := range batch {
		if r.exiting {
			break
		}
		r.curLine = ni.line
		r.enter(ni.origin, ni.label, ni.line)
		r.step(trace.IOCallback, ni.label, ni.line, about{label: ni.label})
		ni.run()
		r.rec.cur = nil
	}
	r.endDrainGroup()
	return true
}
