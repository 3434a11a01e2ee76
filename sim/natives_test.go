package sim

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// nativeProbe is a program that asks a native for more than a run may take, and the
// typed errors it may end with.
type nativeProbe struct {
	name  string
	src   string
	codes []string
}

// issueProbes are issue 30's probes (points 1 to 4), as its operator sent them.
func issueProbes() []nativeProbe {
	return []nativeProbe{
		{"Atomics.wait beside a worker", `const {Worker}=require("worker_threads");const ia=new Int32Array(new SharedArrayBuffer(8));new Worker("1",{eval:true});Atomics.wait(ia,0,0)`, []string{CodeDeadlock}},
		{"randomBytes(2**31-1)", `require("crypto").randomBytes(2**31-1)`, []string{CodeMemoryLimit}},
		{"pbkdf2Sync of 2**30 bytes", `require("crypto").pbkdf2Sync("p","s",1,2**30,"sha256")`, []string{CodeMemoryLimit}},
		{"shake256 of 2**31-1 bytes", `require("crypto").createHash("shake256",{outputLength:2**31-1}).update("x").digest()`, []string{CodeMemoryLimit}},
		{"scryptSync of 2**30 bytes", `require("crypto").scryptSync("p","s",2**30)`, []string{CodeMemoryLimit}},
		{"RSA key of 16384 bits", `require("crypto").generateKeyPairSync("rsa",{modulusLength:16384})`, []string{CodeOpBudget}},
		{"DH prime of 8192 bits", `require("crypto").createDiffieHellman(8192)`, []string{CodeOpBudget}},
		{"deflateSync of 32 MB in a loop", `const zlib=require("zlib");const b=Buffer.alloc(32*1024*1024, 1);for(;;){zlib.deflateSync(b)}`, []string{CodeOpBudget}},
		{"1,024 writes of 1 MiB", `const fs=require("fs");const b=Buffer.alloc(1<<20, 1);for(let i=0;i<1024;i++)fs.writeFileSync("/tmp/f"+i,b)`, []string{CodeMemoryLimit}},
		{"TextDecoder on 40 MB x 100", `const b=Buffer.alloc(40e6, 0x61);const d=new TextDecoder();const keep=[];for(let i=0;i<100;i++)keep.push(d.decode(b))`, []string{CodeMemoryLimit}},
		{"gzip bomb", bomb("gunzipSync", gzipBomb()), []string{CodeMemoryLimit}},
		{"brotli bomb", bomb("brotliDecompressSync", brotliBomb), []string{CodeMemoryLimit}},
	}
}

// bomb is a program that decompresses data (base64) with zlib's fn.
func bomb(fn, data string) string {
	return fmt.Sprintf("require('zlib').%s(Buffer.from(%q, 'base64'))", fn, data)
}

// gzipBomb and brotliBomb are 64 MiB of zeros compressed (65 KiB by Go's gzip, 106
// bytes by Node 24's brotli), as much as the probes' heap limit: with the rest of the
// run, more.
var (
	gzipBomb = sync.OnceValue(func() string {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(make([]byte, 64<<20))
		w.Close()
		return base64.StdEncoding.EncodeToString(buf.Bytes())
	})
	brotliBomb = "y///P/gnAOKxQCD3/o///3/wTwDEYRGA7v0f////4J8AiMMCAN37P/7//8E/ARCHBQC693/8//+DfwIgDgsAdO//+P//B/8EQBwWAOje//H//w/+CYA4LADQvf/L//8//BMAcVgAoHv/Bw=="
)

// probeLimits are the limits the probes run under: the server's defaults.
var probeLimits = Limits{}

// TestIssueProbesEndTyped runs issue 30's probes: each ends with a typed error of the
// run's deterministic budgets (never the CPU backstop, which only a defect reaches), in
// at most the CPU time its operation budget stands for plus one second (MaxOps
// operations of nsPerOp each, cpuSlack times over for a loaded machine), and the Go
// heap grows by at most the run's heap limit plus nativeOverheadMB while it runs.
func TestIssueProbesEndTyped(t *testing.T) {
	if !isolated(t) {
		return
	}
	for _, p := range issueProbes() {
		t.Run(p.name, func(t *testing.T) { checkProbeIn(t, p, Scenario{Limits: probeLimits}) })
	}
}

// nativeOverheadMB is what a run may take of Go's heap beyond its heap limit: the
// engine's structures and the scratch of the natives that copy what they read
// (docs/limits.md).
const nativeOverheadMB = 48

// cpuSlack is how much more CPU time than on the reference machine an operation may
// take here: a loaded machine's cores share their caches (docs/limits.md).
const cpuSlack = 2

// checkProbeIn runs p alone under sc and checks its end, its CPU time and the Go heap's
// growth.
func checkProbeIn(t *testing.T, p nativeProbe, sc Scenario) {
	t.Helper()
	s := New()
	limits := sc.Limits
	budget := time.Duration(orDefault(limits.MaxOps, DefaultLimits().MaxOps)*nsPerOp*cpuSlack) + time.Second
	heap := orDefault(limits.MaxHeapMB, DefaultLimits().MaxHeapMB)
	peak := watchHeap()
	start, cpu0 := time.Now(), cpuNow()
	res, err := s.Run(context.Background(), Program{Source: p.src}, sc)
	elapsed, cpu := time.Since(start), cpuNow()-cpu0
	grew := peak()
	if err != nil {
		t.Fatal(err)
	}
	code := ""
	if res.Error != nil {
		code = res.Error.Code
	}
	t.Logf("%s after %v (CPU %v), Go heap +%d MiB", code, elapsed.Round(time.Millisecond), cpu.Round(time.Millisecond), grew>>20)
	if !slices.Contains(p.codes, code) {
		t.Errorf("ended with %q (%v), want one of %v", code, res.Error, p.codes)
	}
	if cpu > budget {
		t.Errorf("took %v of CPU, want at most %v (the operation budget's and a second)", cpu, budget)
	}
	if limit := (heap + nativeOverheadMB) << 20; grew > uint64(limit) {
		t.Errorf("the Go heap grew by %d MiB, want at most %d MiB", grew>>20, limit>>20)
	}
}

// watchHeap samples the Go heap until the returned function is called, which reports
// its peak growth over the heap when watching began (after a collection).
func watchHeap() (stop func() uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var mu sync.Mutex
	top := base
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				v := read()
				mu.Lock()
				top = max(top, v)
				mu.Unlock()
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		top = max(top, read())
		return top - base
	}
}

// TestAtomicsWaitDeadlock: a wait nobody can end is a deadlock at the time it began,
// with or without another thread that ended meanwhile, and the loop's delay samples
// stay those of the time that passed.
func TestAtomicsWaitDeadlock(t *testing.T) {
	for _, src := range []string{
		`const ia = new Int32Array(new SharedArrayBuffer(8)); setTimeout(() => Atomics.wait(ia, 0, 0), 5)`,
		`const { Worker } = require('worker_threads'); const ia = new Int32Array(new SharedArrayBuffer(8)); new Worker('1', { eval: true }); Atomics.wait(ia, 0, 0)`,
		`const { Worker } = require('worker_threads'); const ia = new Int32Array(new SharedArrayBuffer(8)); new Worker('const { workerData } = require("worker_threads"); Atomics.wait(new Int32Array(workerData), 0, 0)', { eval: true, workerData: ia.buffer }); Atomics.wait(ia, 0, 0)`,
	} {
		res, err := New().Run(context.Background(), Program{Source: src}, Scenario{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Error == nil || res.Error.Code != CodeDeadlock {
			t.Fatalf("%s: want a deadlock, got %+v", src, res.Error)
		}
		if end := res.Summary.EndTimeUS; end > 100_000 {
			t.Errorf("%s: the clock went to %d us", src, end)
		}
	}
	// A notified wait goes on (the worker notifies after its start-up).
	src := `const { Worker } = require('worker_threads'); const ia = new Int32Array(new SharedArrayBuffer(8));
new Worker('const { workerData } = require("worker_threads"); const a = new Int32Array(workerData); Atomics.store(a, 0, 1); Atomics.notify(a, 0)', { eval: true, workerData: ia.buffer });
console.log(Atomics.wait(ia, 0, 0))`
	res, err := New().Run(context.Background(), Program{Source: src}, Scenario{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error != nil || !strings.Contains(strings.Join(res.Outcomes[0].Stdout, " "), "ok") {
		t.Fatalf("a notified wait: %+v %q", res.Error, res.Outcomes[0].Stdout)
	}
}

// isolated makes the test run in a process of its own (the test binary again, asked
// for this test only), in parallel with the package's other tests: the Go heap it
// measures is then its own runs'. It reports true in that process, where the test
// goes on; in the test's own process it runs that one and reports false.
func isolated(t *testing.T) bool {
	if os.Getenv(isolatedEnv) == t.Name() {
		return true
	}
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1", "-test.timeout=10m")
	cmd.Env = append(os.Environ(), isolatedEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
	return false
}

// isolatedEnv names the test a process runs alone (isolated).
const isolatedEnv = "LOOPLAB_ISOLATED_TEST"
