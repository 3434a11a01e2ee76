package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadServer is a server whose requests do some JavaScript (a loop, JSON) or wait on a
// timer: 10,000 requests of it make a run long enough for a loaded machine to show.
const loadServer = `const http = require('http');
let served = 0;
http.createServer((req, res) => {
  served++;
  if (req.url === '/io') {
    setTimeout(() => res.end('io ' + served), 2);
    return;
  }
  let s = 0;
  for (let i = 0; i < 300; i++) s += (i * served) % 7;
  res.end(JSON.stringify({ s, served, at: Date.now() }));
}).listen(3000);
`

// loadScenario sends 10,000 requests: two open-loop clients of 500 a second for 10 s, a
// millisecond apart.
var loadScenario = Scenario{SummaryOnly: true, Clients: &Clients{OpenLoop: []OpenLoop{
	{Rate: 500, DurationMS: 10_000, Path: "/"},
	{Rate: 500, DurationMS: 10_000, StartMS: 1, Path: "/io"},
}}}

// TestSameOutputUnderLoad (issue 14): the same 10,000-request scenario gives byte-identical
// results (every outcome, every request's timeline, the summary) without added load and
// while goroutines spin on every core. The budgets that end a run are operations, steps
// and virtual time, which no machine load moves; the wall-clock backstop is raised far
// above what the run takes, as an operator would on a loaded machine.
func TestSameOutputUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("two runs of 10,000 requests")
	}
	s := New(WithLimits(Limits{CPUMS: 300_000}))
	run := func() ([]byte, time.Duration) {
		start := time.Now()
		res, err := s.Run(context.Background(), Program{Name: "server.cjs", Source: loadServer, Module: CommonJS}, loadScenario)
		if err != nil {
			t.Fatal(err)
		}
		if res.Error != nil {
			t.Fatalf("%s: %s", res.Error.Code, res.Error.Message)
		}
		if got := len(res.Summary.Server.Requests) + res.Summary.Server.RequestsOmitted; got != 10_000 {
			t.Fatalf("%d requests, want 10,000", got)
		}
		out, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return out, time.Since(start)
	}
	quiet, quietWall := run()

	// A stress-like load: one spinning goroutine per core, for as long as the second run
	// takes.
	var stop atomic.Bool
	var wg sync.WaitGroup
	var spins atomic.Int64
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(1)
			for !stop.Load() {
				for i := 0; i < 1<<16; i++ {
					x = x*6364136223846793005 + 1442695040888963407
				}
				spins.Add(int64(x & 1))
			}
		}()
	}
	loaded, loadedWall := run()
	stop.Store(true)
	wg.Wait()

	t.Logf("10,000 requests: %v without added load, %v with %d spinning goroutines; %d bytes of results", quietWall.Round(time.Millisecond), loadedWall.Round(time.Millisecond), runtime.NumCPU(), len(quiet))
	if !bytes.Equal(quiet, loaded) {
		i := 0
		for i < len(quiet) && i < len(loaded) && quiet[i] == loaded[i] {
			i++
		}
		from := max(0, i-200)
		t.Fatalf("the results differ from byte %d:\nquiet:  %s\nloaded: %s", i, quiet[from:min(len(quiet), i+200)], loaded[from:min(len(loaded), i+200)])
	}
}
