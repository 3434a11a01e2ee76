package sim

import (
	"reflect"
	"testing"
)

// TestUpstreams: http.get and fetch reach the scenario's upstreams after a dns.lookup on
// the pool (1 ms), matched by host and path prefix, with their latency, status and
// body; an unknown host is ENOTFOUND once the lookup fails.
func TestUpstreams(t *testing.T) {
	src := `const http = require('node:http')
const t0 = Date.now()
http.get('http://api.example.com/users/1', (res) => {
  let body = ''
  res.on('data', (c) => { body += c })
  res.on('end', () => console.log('users', res.statusCode, body, Date.now() - t0))
})
fetch('http://api.example.com/orders').then(async (r) => console.log('orders', r.status, await r.text(), Date.now() - t0))
http.get('http://nowhere.example.com/', () => {}).on('error', (e) => console.log('error', e.code, Date.now() - t0))
`
	res := runSource(t, src, CommonJS, Scenario{Upstreams: []Upstream{
		{Host: "api.example.com", Path: "/users", LatencyMS: 30, Status: 200, Body: "[1]"},
		{Host: "api.example.com", Path: "/orders", LatencyMS: 50, Status: 503, Body: "busy"}}})
	want := []string{"error ENOTFOUND 2", "users 200 [1] 31", "orders 503 busy 51"}
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, want) {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// TestDatabaseLatencies: a statement's own latency wins over the default, and a seeded
// distribution gives the same latencies for the same seed and others for another.
func TestDatabaseLatencies(t *testing.T) {
	src := `const pool = require('mysql2/promise').createPool({})
const t0 = Date.now()
for (const q of ['SELECT * FROM users', 'UPDATE stock SET n = n - 1', 'SELECT 1'])
  pool.query(q).then(() => console.log(q.split(' ')[0], Date.now() - t0))
`
	fixed := runSource(t, src, CommonJS, Scenario{Database: &Database{LatencyMS: 10,
		Statements: []Statement{{Match: "UPDATE", LatencyMS: 40}}}})
	if got, want := fixed.Outcomes[0].Stdout, []string{"SELECT 10", "SELECT 10", "UPDATE 40"}; !reflect.DeepEqual(got, want) {
		t.Errorf("per statement: %q, want %q", got, want)
	}
	drawn := func(seed int64) []string {
		return runSource(t, src, CommonJS, Scenario{Seed: seed, Database: &Database{Distribution: "uniform", MinMS: 5, MaxMS: 50}}).Outcomes[0].Stdout
	}
	a, b, c := drawn(7), drawn(7), drawn(8)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Errorf("seeded latencies: seed 7 %q and %q, seed 8 %q (want equal, then different)", a, b, c)
	}
}

// TestOpenLoopJitter: Poisson arrivals are drawn from the seed (the same seed, the same
// send times) and keep the asked rate on average.
func TestOpenLoopJitter(t *testing.T) {
	src := `require('node:http').createServer((req, res) => res.end('ok')).listen(3000)`
	sends := func(seed int64) []int64 {
		s := serverRun(t, src, Scenario{Seed: seed, SummaryOnly: true,
			Clients: &Clients{OpenLoop: []OpenLoop{{Rate: 100, DurationMS: 20_000, Jitter: true}}}})
		out := make([]int64, len(s.Requests))
		for i, q := range s.Requests {
			out[i] = q.SendUS
		}
		return out
	}
	a, b, c := sends(3), sends(3), sends(4)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Fatal("jittered send times must follow the seed")
	}
	if n := len(a); n < 1800 || n > 2200 {
		t.Errorf("%d requests in 20 s at 100/s", n)
	}
	regular := 0
	for i := 1; i < len(a); i++ {
		if a[i]-a[i-1] == 10_000 {
			regular++
		}
	}
	if regular > len(a)/10 {
		t.Errorf("%d of %d gaps are exactly 10 ms: not jittered", regular, len(a))
	}
}
