package sim

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// The figures of docs/seeds/event-loop.vi.txt, reproduced from their scenarios.

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
func TestSeedPBKDF2PoolOfFour(t *testing.T) {
	src := `const crypto = require('crypto');
const t0 = Date.now();
for (const user of ['A', 'B', 'C', 'D', 'E', 'F']) {
  crypto.pbkdf2('pw', 'salt', 1e6, 32, 'sha256', () => {
    console.log(user, Math.round(Date.now() - t0));
  });
}`
	res := runSource(t, src, CommonJS, Scenario{ThreadPool: 4, Costs: Costs{PBKDF2PerIterationNS: 50}})
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
func TestSeedTimerIsAThreshold(t *testing.T) {
	src := `const net = require('net');
const t0 = Date.now();
setTimeout(() => console.log('timer:', Date.now() - t0), 100);
const s = net.connect(9000);
s.on('data', () => {
  console.log('I/O:', Date.now() - t0);
  busy(10);
  s.destroy();
});`
	sc := Scenario{Sockets: []SocketFeed{{Port: 9000, Data: []SocketData{{AtMS: 95, Data: "response"}}}}}
	res := runSource(t, src, CommonJS, sc)
	want := []string{"I/O: 95", "timer: 105"}
	if got := res.Outcomes[0].Stdout; !slices.Equal(got, want) || !res.Deterministic {
		t.Fatalf("got %q (deterministic %v), want %q", got, res.Deterministic, want)
	}
}

// TestSeedChunking: four 5 ms chunks while socket data arrives at 1 ms: chained with
// nextTick the data is handled at 20 ms, with setImmediate at 5 ms.
func TestSeedChunking(t *testing.T) {
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
	sc := Scenario{Sockets: []SocketFeed{{Port: 9000, Data: []SocketData{{AtMS: 1, Data: "x"}}}}}
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

// TestSeedAllQueuesOrders: the seed's CommonJS order (with the main-script
// setTimeout/setImmediate race as two outcomes) and its deterministic ES-module order.
func TestSeedAllQueuesOrders(t *testing.T) {
	tail := []string{"timer A", "promise of A", "timer B", "promise of B", "I/O: setImmediate", "I/O: setTimeout 0"}
	cjs := runSource(t, seedAllQueues, CommonJS, Scenario{})
	for _, head := range [][]string{
		{"sync 1", "sync 2", "nextTick", "Promise.then", "queueMicrotask", "setImmediate", "setTimeout 0"},
		{"sync 1", "sync 2", "nextTick", "Promise.then", "queueMicrotask", "setTimeout 0", "setImmediate"},
	} {
		if !hasOutcome(cjs, append(head, tail...)) {
			t.Errorf("CommonJS outcomes %v lack %v", outcomeLines(cjs), head)
		}
	}
	if cjs.Deterministic || len(cjs.Outcomes) != 2 {
		t.Errorf("CommonJS: want exactly the 2 race outcomes, got %d", len(cjs.Outcomes))
	}
	esmSrc, err := os.ReadFile("testdata/golden/003-seed-a-all-queues.mjs")
	if err != nil {
		t.Fatal(err)
	}
	esm := runSource(t, string(esmSrc), ESModule, Scenario{})
	want := append([]string{"sync 1", "sync 2", "Promise.then", "queueMicrotask", "nextTick", "setImmediate", "setTimeout 0"}, tail...)
	if !esm.Deterministic || !slices.Equal(esm.Outcomes[0].Stdout, want) {
		t.Errorf("ES module: got %v (deterministic %v), want %q", outcomeLines(esm), esm.Deterministic, want)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func farDeadline() time.Time { return time.Now().Add(time.Hour) }
