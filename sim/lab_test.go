package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"
)

// The seed's worker-pool lab (docs/seeds/worker-pool-lab.vi.txt) runs its server.mjs
// and worker.mjs exactly as the seed prints them. Its study.mjs spawns the server as a
// child process and talks HTTP to it, which a simulation of one process cannot run, so
// the server is the program (argv inline or worker, as the study starts it) and the
// study's requests are the scenario's clients, at the times the study sends them; the
// SIGTERM shutdown is not sent (the simulation ends once the clients are answered and
// the work they started is done).

// labFiles extracts the lab's files from the seed: worker.mjs and server.mjs, verbatim.
func labFiles(t *testing.T) (worker, server string) {
	t.Helper()
	seed, err := os.ReadFile("../docs/seeds/worker-pool-lab.vi.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(seed)
	between := func(from, to string) string {
		i := strings.Index(text, from)
		j := strings.Index(text[i:], to)
		if i < 0 || j < 0 {
			t.Fatalf("the seed has no %q ... %q", from, to)
		}
		return strings.TrimRight(text[i:i+j], "\n") + "\n"
	}
	return between("import { parentPort }", "\nServer giữ"), between("import assert from 'node:assert/strict';\nimport http", "\nClient giữ")
}

// labJobMS is the virtual time one of the lab's CPU jobs (60,000,000 iterations) takes,
// from the cost of 600,000 of them: JavaScript's cost is linear in the work it does.
func labJobMS(t *testing.T, s *Simulator) float64 {
	t.Helper()
	src := `const t0 = performance.now(); let value = 0; const id = 1;
for (let i = 0; i < 600000; i++) value += (i + id) % 997;
console.log(performance.now() - t0);`
	res, err := s.Run(context.Background(), Program{Name: "probe.mjs", Source: src, Module: ESModule}, Scenario{})
	if err != nil || res.Error != nil {
		t.Fatalf("probe: %v %v", err, res.Error)
	}
	var ms float64
	fmt.Sscan(res.Outcomes[0].Stdout[0], &ms)
	return ms * 100
}

// labScenario is the study's traffic for one mode, its times in units of the CPU job.
func labScenario(mode, worker string, job float64) Scenario {
	var reqs []ClientRequest
	at := func(ms float64, path string) { reqs = append(reqs, ClientRequest{AtMS: ms, Path: path}) }
	step := 3 * job // a wave's two jobs end within 2 jobs, inline
	for wave := 0; wave < 2; wave++ {
		t0 := 50 + float64(wave)*step
		at(t0, fmt.Sprintf("/cpu?id=%d", wave*2))
		at(t0, fmt.Sprintf("/cpu?id=%d", wave*2+1))
		for i := 0; i < 8; i++ {
			at(t0+10, "/io")
		}
	}
	t1 := 50 + 2*step
	at(t1, "/metrics")
	if mode == "worker" {
		// Both workers busy, a third CPU request refused, the busy slots seen.
		at(t1+10, "/cpu?id=90")
		at(t1+10, "/cpu?id=91")
		at(t1+20, "/state")
		at(t1+30, "/cpu?id=92")
		// Job 93 (ten times the work) outlives the client's 50 ms: the slot stays busy.
		t2 := t1 + 10 + 2*job
		reqs = append(reqs, ClientRequest{AtMS: t2, Path: "/cpu?id=93", TimeoutMS: 50})
		at(t2+60, "/state")
		at(t2+12*job, "/state")
	}
	return Scenario{Node: "24", Argv: []string{mode}, Files: map[string]string{"worker.mjs": worker}, SummaryOnly: true, Clients: &Clients{Requests: reqs}}
}

// labExpected is the study's check of a CPU job's answer.
func labExpected(id int) float64 {
	sum := func(n float64) float64 {
		return math.Floor(n/997)*997*996/2 + math.Mod(n, 997)*(math.Mod(n, 997)-1)/2
	}
	return sum(60000000+float64(id)) - sum(float64(id))
}

// labRow is one line of the seed's table, in virtual milliseconds.
type labRow struct {
	mode                     string
	startupMS                float64
	cpuMean, ioMean, ioMax   float64
	loopMaxMS                float64
	overload, timeout, final string
}

// TestWorkerPoolLab runs the seed's lab in both modes and requires its table's shape: every
// CPU answer right; /io fast with workers and slow inline (the loop blocked); with both
// workers busy the third CPU request gets 503; the client's timeout on job 93 leaves its
// worker busy until the job is done. The CPU loops are the seed's (60,000,000 iterations,
// 600,000,000 for job 93: about 1.2 billion bytecode operations for both modes), so the
// operator's limits are raised as an operator would for this lab (the defaults stop a run
// at 200 million operations and 5 s of wall time).
//
// It interprets about 2.4 billion operations (docs/worker-pool-lab.md: 1.5 minutes of
// CPU on this machine), too long for every test run: LOOPLAB_LAB=1 runs it.
// TestWorkerPoolLabServes runs the same files on every test run.
func TestWorkerPoolLab(t *testing.T) {
	if os.Getenv("LOOPLAB_LAB") == "" {
		t.Skip("LOOPLAB_LAB=1 runs the whole lab (2.4 billion operations, minutes of CPU)")
	}
	worker, server := labFiles(t)
	s := New(WithLimits(Limits{MaxOps: 20_000_000_000, CPUMS: 600_000}))
	job := labJobMS(t, s)
	rows := map[string]labRow{}
	for _, mode := range []string{"inline", "worker"} {
		started := time.Now()
		res, err := s.Run(context.Background(), Program{Name: "server.mjs", Source: server, Module: ESModule}, labScenario(mode, worker, job))
		if err != nil {
			t.Fatal(err)
		}
		if res.Error != nil {
			t.Fatalf("%s: %s: %s", mode, res.Error.Code, res.Error.Message)
		}
		row := labTableRow(t, mode, res)
		rows[mode] = row
		t.Logf("%s: wall %.1f s, virtual %.0f ms, startup %.1f ms, CPU mean %.1f ms, I/O mean %.1f max %.1f ms, loop max %.1f ms, overload %s, timeout %s, after %s",
			mode, time.Since(started).Seconds(), float64(res.Summary.EndTimeUS)/1000, row.startupMS, row.cpuMean, row.ioMean, row.ioMax, row.loopMaxMS, row.overload, row.timeout, row.final)
	}
	in, wk := rows["inline"], rows["worker"]
	if !(in.ioMean > job/2 && wk.ioMean < 10 && wk.ioMean*5 < in.ioMean) {
		t.Errorf("/io mean: inline %.1f ms, worker %.1f ms (job %.1f ms): want slow inline, fast with workers", in.ioMean, wk.ioMean, job)
	}
	if !(in.loopMaxMS >= job/2 && wk.loopMaxMS < job/2) {
		t.Errorf("loop delay max: inline %.1f ms, worker %.1f ms: want the loop blocked inline only", in.loopMaxMS, wk.loopMaxMS)
	}
	if wk.overload != "503" {
		t.Errorf("the third CPU request with both workers busy got %s, want 503", wk.overload)
	}
	if wk.timeout != `timeout, {"active":1}` || wk.final != `{"active":0}` {
		t.Errorf("job 93: %s, later %s; want the client's timeout with the worker still busy, then idle", wk.timeout, wk.final)
	}
	if !(wk.startupMS > 0 && in.startupMS == 0) {
		t.Errorf("worker startup: inline %.3f ms, worker %.3f ms", in.startupMS, wk.startupMS)
	}
}

// labTableRow reads a run's table row from the server's output and the clients' answers,
// checking every CPU answer as the study does.
func labTableRow(t *testing.T, mode string, res *Result) labRow {
	t.Helper()
	out := res.Outcomes[0].Stdout
	var ready struct {
		Ready           bool
		WorkerStartupMs float64
	}
	if len(out) == 0 || json.Unmarshal([]byte(out[0]), &ready) != nil || !ready.Ready {
		t.Fatalf("%s: stdout %q", mode, out)
	}
	row := labRow{mode: mode, startupMS: ready.WorkerStartupMs, overload: "not tested", timeout: "not tested"}
	var cpu, io []float64
	var states []string
	for _, q := range res.Summary.Server.Requests {
		ms := float64(q.LatencyUS) / 1000
		switch {
		case strings.HasPrefix(q.Path, "/cpu?id=9"):
			if q.Path == "/cpu?id=92" {
				row.overload = fmt.Sprint(q.Status)
			}
			if q.Path == "/cpu?id=93" {
				row.timeout = q.Result
			}
		case strings.HasPrefix(q.Path, "/cpu"):
			var id int
			fmt.Sscanf(q.Path, "/cpu?id=%d", &id)
			var body struct{ Value float64 }
			if q.Status != 200 || json.Unmarshal([]byte(q.Body), &body) != nil || body.Value != labExpected(id) {
				t.Errorf("%s %s: %d %s, want 200 with value %.0f", mode, q.Path, q.Status, q.Body, labExpected(id))
			}
			cpu = append(cpu, ms)
		case q.Path == "/io":
			if q.Status != 200 || q.Body != `{"ok":true}` {
				t.Errorf("%s /io: %d %s", mode, q.Status, q.Body)
			}
			io = append(io, ms)
			row.ioMax = math.Max(row.ioMax, ms)
		case q.Path == "/metrics":
			var m struct{ MaxMs float64 }
			json.Unmarshal([]byte(q.Body), &m)
			row.loopMaxMS = m.MaxMs
		case q.Path == "/state":
			states = append(states, q.Body)
		}
	}
	if len(cpu) != 4 || len(io) != 16 {
		t.Fatalf("%s: %d CPU and %d I/O answers, want 4 and 16", mode, len(cpu), len(io))
	}
	row.cpuMean, row.ioMean = mean(cpu), mean(io)
	if mode == "worker" {
		if len(states) != 3 || states[0] != `{"active":2}` {
			t.Fatalf("worker /state answers %q: want both workers busy first", states)
		}
		row.timeout += ", " + states[1]
		row.final = states[2]
	}
	return row
}

func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// TestWorkerPoolLabServes runs the lab's server with its workers (the seed's files
// verbatim) and asks what costs no CPU job: both workers start and report their startup,
// the loop-delay monitor answers, /io waits its 5 ms, a malformed CPU request is refused,
// and no slot is busy.
func TestWorkerPoolLabServes(t *testing.T) {
	worker, server := labFiles(t)
	sc := Scenario{Node: "24", Argv: []string{"worker"}, Files: map[string]string{"worker.mjs": worker}, Clients: &Clients{Requests: []ClientRequest{
		{AtMS: 30, Path: "/state"}, {AtMS: 30, Path: "/io"}, {AtMS: 40, Path: "/cpu?id=x"}, {AtMS: 40, Path: "/nope"}, {AtMS: 60, Path: "/metrics"},
	}}}
	res, err := New().Run(context.Background(), Program{Name: "server.mjs", Source: server, Module: ESModule}, sc)
	if err != nil {
		t.Fatal(err)
	}
	if res.Error != nil {
		t.Fatalf("%s: %s", res.Error.Code, res.Error.Message)
	}
	if out := res.Outcomes[0].Stdout; len(out) != 1 || !strings.HasPrefix(out[0], `{"ready":true,"port":`) || !strings.Contains(out[0], `"workerStartupMs":10.`) {
		t.Fatalf("stdout %q: want the ready line with the two workers' startup (10 ms)", out)
	}
	want := map[string]string{"/state": `200 {"active":0}`, "/io": `200 {"ok":true}`, "/cpu?id=x": `400 {"error":"id"}`, "/nope": `404 {"error":"unknown route"}`}
	for _, q := range res.Summary.Server.Requests {
		got := fmt.Sprint(q.Status, " ", q.Body)
		if q.Path == "/metrics" {
			var m struct {
				Samples, Active int
				MaxMs           float64
			}
			if q.Status != 200 || json.Unmarshal([]byte(q.Body), &m) != nil || m.Samples == 0 || m.Active != 0 {
				t.Errorf("/metrics: %s", got)
			}
			continue
		}
		if got != want[q.Path] {
			t.Errorf("%s: %s, want %s", q.Path, got, want[q.Path])
		}
		if q.Path == "/io" && (q.LatencyUS < 5000 || q.LatencyUS > 5500) {
			t.Errorf("/io took %d us, want its 5 ms timer", q.LatencyUS)
		}
	}
}
