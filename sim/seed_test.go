package sim

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// The figures of docs/seeds/event-loop.vi.txt, reproduced from their scenarios. The seeds
// were measured on Node 24; a figure that does not depend on the release is held to under
// every profile.

// forEachProfile runs f once per simulated Node release, as a subtest named by its major.
func forEachProfile(t *testing.T, f func(t *testing.T, node string)) {
	for _, p := range Profiles() {
		t.Run("node"+p.Major, func(t *testing.T) { f(t, p.Major) })
	}
}

func runSource(t *testing.T, src string, mod ModuleKind, sc Scenario) *Result {
	t.Helper()
	res, err := New().Run(context.Background(), Program{Source: src, Module: mod}, sc)
	if err != nil {
		t.Fatal(err)
	}
	if res.Error != nil {
		t.Fatalf("simulation error %s: %s", res.Error.Code, res.Error.Message)
	}
	return res
}

// TestSeedPBKDF2PoolOfFour: six pbkdf2 jobs of 50 ms on a pool of 4 finish A-D at 50 ms and
// E-F at 100 ms (the 5th and 6th wait for a free thread).
func TestSeedPBKDF2PoolOfFour(t *testing.T) { forEachProfile(t, seedPBKDF2PoolOfFour) }

func seedPBKDF2PoolOfFour(t *testing.T, node string) {
	src := `const crypto = require('crypto');
const t0 = Date.now();
for (const user of ['A', 'B', 'C', 'D', 'E', 'F']) {
  crypto.pbkdf2('pw', 'salt', 1e6, 32, 'sha256', () => {
    console.log(user, Math.round(Date.now() - t0));
  });
}`
	res := runSource(t, src, CommonJS, Scenario{Node: node, ThreadPool: 4, Costs: Costs{PBKDF2PerIterationNS: 50}})
	want := []string{"A 50", "B 50", "C 50", "D 50", "E 100", "F 100"}
	if got := res.Outcomes[0].Stdout; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	jobs := res.Summary.ThreadPool
	if len(jobs) != 6 || jobs[4].StartUS < jobs[0].EndUS || jobs[4].Thread != jobs[0].Thread {
		t.Fatalf("job E should start on A's thread when A ends: %+v", jobs)
	}
}

// TestSeedTimerIsAThreshold: a 100 ms timer, I/O that arrives at 95 ms and whose callback
// busy-waits 10 ms: the timer fires at 105 ms, not 100.
func TestSeedTimerIsAThreshold(t *testing.T) { forEachProfile(t, seedTimerIsAThreshold) }

func seedTimerIsAThreshold(t *testing.T, node string) {
	src := `const net = require('net');
const t0 = Date.now();
setTimeout(() => console.log('timer:', Date.now() - t0), 100);
const s = net.connect(9000);
s.on('data', () => {
  console.log('I/O:', Date.now() - t0);
  busy(10);
  s.destroy();
});`
	sc := Scenario{Node: node, Sockets: []SocketFeed{{Port: 9000, Data: []SocketData{{AtMS: 95, Data: "response"}}}}}
	res := runSource(t, src, CommonJS, sc)
	want := []string{"I/O: 95", "timer: 105"}
	if got := res.Outcomes[0].Stdout; !slices.Equal(got, want) || !res.Deterministic {
		t.Fatalf("got %q (deterministic %v), want %q", got, res.Deterministic, want)
	}
}

// TestSeedChunking: four 5 ms chunks while socket data arrives at 1 ms: chained with
// nextTick the data is handled at 20 ms, with setImmediate at 5 ms.
func TestSeedChunking(t *testing.T) { forEachProfile(t, seedChunking) }

func seedChunking(t *testing.T, node string) {
	prog := `const net = require('net');
const t0 = Date.now();
const s = net.connect(9000);
s.on('data', () => { console.log('I/O at', Date.now() - t0); s.destroy(); });
function work(i) {
  busy(5);
  if (i < 4) DEFER(() => work(i + 1));
  else console.log('4 parts done at', Date.now() - t0);
}
work(1);`
	sc := Scenario{Node: node, Sockets: []SocketFeed{{Port: 9000, Data: []SocketData{{AtMS: 1, Data: "x"}}}}}
	for deferFn, want := range map[string][]string{
		"process.nextTick": {"4 parts done at 20", "I/O at 20"},
		"setImmediate":     {"I/O at 5", "4 parts done at 20"},
	} {
		res := runSource(t, strings.Replace(prog, "DEFER", deferFn, 1), CommonJS, sc)
		if got := res.Outcomes[0].Stdout; !slices.Equal(got, want) {
			t.Errorf("%s: got %q, want %q", deferFn, got, want)
		}
	}
}

// seedAllQueues is the seed's all-queues snippet (CommonJS), as in the oracle corpus.
var seedAllQueues = func() string {
	src, err := os.ReadFile("testdata/golden/002-seed-a-all-queues.cjs")
	if err != nil {
		panic(err)
	}
	return string(src)
}()

// TestSeedAllQueuesOrders: the seed's CommonJS order with the main-script
// setTimeout/setImmediate race as two outcomes, in every release that has queueMicrotask
// (11+); as an ES module, Node 20's one order (the body runs in a poll phase, R-M3) and,
// from 22.18 on, the same race as CommonJS (the body runs before the loop, R-V4).
func TestSeedAllQueuesOrders(t *testing.T) {
	tail := []string{"timer A", "promise of A", "timer B", "promise of B", "I/O: setImmediate", "I/O: setTimeout 0"}
	esmSrc, err := os.ReadFile("testdata/golden/003-seed-a-all-queues.mjs")
	if err != nil {
		t.Fatal(err)
	}
	cjsHead := []string{"sync 1", "sync 2", "nextTick", "Promise.then", "queueMicrotask"}
	esmHead := []string{"sync 1", "sync 2", "Promise.then", "queueMicrotask", "nextTick"}
	immediateFirst, timeoutFirst := []string{"setImmediate", "setTimeout 0"}, []string{"setTimeout 0", "setImmediate"}
	for _, node := range []string{"20", "22", "24", "26"} {
		cjs := runSource(t, seedAllQueues, CommonJS, Scenario{Node: node})
		wantOutcomes(t, "CommonJS, Node "+node, cjs, join(cjsHead, immediateFirst, tail), join(cjsHead, timeoutFirst, tail))
		esm := runSource(t, string(esmSrc), ESModule, Scenario{Node: node})
		if node == "20" {
			wantOutcomes(t, "ES module, Node 20", esm, join(esmHead, immediateFirst, tail))
			continue
		}
		wantOutcomes(t, "ES module, Node "+node, esm, join(esmHead, immediateFirst, tail), join(esmHead, timeoutFirst, tail))
	}
}

// wantOutcomes fails unless res's outcomes are exactly want, in any order.
func wantOutcomes(t *testing.T, what string, res *Result, want ...[]string) {
	t.Helper()
	if len(res.Outcomes) != len(want) || res.Deterministic != (len(want) == 1) {
		t.Errorf("%s: want %d outcomes, got %v", what, len(want), outcomeLines(res))
		return
	}
	for _, w := range want {
		if !hasOutcome(res, w) {
			t.Errorf("%s: outcomes %v lack %q", what, outcomeLines(res), w)
		}
	}
}

func join(parts ...[]string) []string { return slices.Concat(parts...) }

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
