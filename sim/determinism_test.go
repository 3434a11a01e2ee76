package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
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

// TestSameOutputUnderLoad (issues 14 and 25): under the default limits, the 10,000-request
// scenario and the seed's 60,000,000-iteration loop give byte-identical results (every
// outcome, every request's timeline, the summary, the trace) on an idle machine and with
// four busy processes beside them. The budgets that end a run are operations, steps and
// virtual time, which no machine load moves; the backstop counts the simulation's own
// CPU time, which waiting for a core does not.
func TestSameOutputUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("two runs of 10,000 requests and of the 6e7 loop")
	}
	t.Parallel()
	loop, err := os.ReadFile("testdata/cpu/loop.js")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		prog Program
		sc   Scenario
		want func(*Result) error
	}{
		{"10,000 requests", Program{Name: "server.cjs", Source: loadServer, Module: CommonJS}, loadScenario, func(res *Result) error {
			if got := len(res.Summary.Server.Requests) + res.Summary.Server.RequestsOmitted; got != 10_000 {
				return fmt.Errorf("%d requests, want 10,000", got)
			}
			return nil
		}},
		{"the 6e7 loop", Program{Name: "loop.js", Source: string(loop)}, Scenario{}, func(res *Result) error {
			if out := res.Outcomes[0].Stdout; len(out) != 1 || !strings.Contains(out[0], `"check":29879877150`) {
				return fmt.Errorf("stdout %q", out)
			}
			return nil
		}},
	}
	s := New()
	run := func(i int) ([]byte, time.Duration) {
		c := cases[i]
		start := time.Now()
		res, err := s.Run(context.Background(), c.prog, c.sc)
		if err != nil {
			t.Fatal(err)
		}
		if res.Error != nil {
			t.Fatalf("%s: %s: %s", c.name, res.Error.Code, res.Error.Message)
		}
		if err := c.want(res); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		out, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return out, time.Since(start)
	}
	idle := make([][]byte, len(cases))
	idleWall := make([]time.Duration, len(cases))
	for i := range cases {
		idle[i], idleWall[i] = run(i)
	}

	stop := busyProcesses(t, 4)
	defer stop()
	for i, c := range cases {
		loaded, loadedWall := run(i)
		t.Logf("%s: %v idle, %v beside four busy processes; %d bytes of results", c.name, idleWall[i].Round(time.Millisecond), loadedWall.Round(time.Millisecond), len(loaded))
		if !bytes.Equal(idle[i], loaded) {
			j := 0
			for j < len(idle[i]) && j < len(loaded) && idle[i][j] == loaded[j] {
				j++
			}
			from := max(0, j-200)
			t.Errorf("%s: the results differ from byte %d:\nidle:   %s\nloaded: %s", c.name, j, idle[i][from:min(len(idle[i]), j+200)], loaded[from:min(len(loaded), j+200)])
		}
	}
}

// busyProcesses starts n processes that spin on a core each until stop is called.
func busyProcesses(t *testing.T, n int) (stop func()) {
	t.Helper()
	var cmds []*exec.Cmd
	for range n {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	return func() {
		for _, cmd := range cmds {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}
}
