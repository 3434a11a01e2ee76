package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 30: no single request takes the server down. The probes below are the programs
// of the points 1-4, each sent once anonymously and once as a guest (anyone may
// make one) to the built binary in a 2 GiB memory limit: each must end with a typed error
// within the run's budgets plus one second (the budgets count work, not time: on a loaded
// machine the wall time they take is bounded by hostileWall, as in the hostile suite),
// while the server stays up and a learner's normal simulation and graded attempt keep
// answering, and the kernel kills nothing in the cgroup. The server runs with
// the hostile suite's smaller operation budget (hostileOps), so that the probes that
// compute end in about a second of CPU.

// nativeProbe is a program that makes the simulator's natives (Go beside the engine)
// allocate or compute what the program asks.
type nativeProbe struct {
	name string
	code string
}

// nativeProbes are the points 1-4: a wait that never ends, sizes chosen by the
// program, native work that cannot be stopped, memory outside the heap limit.
var nativeProbes = []nativeProbe{
	// 1. A worker beside Atomics.wait with no timeout in the main thread.
	{"Atomics.wait beside a worker", `const {Worker}=require("worker_threads");const ia=new Int32Array(new SharedArrayBuffer(8));new Worker("1",{eval:true});Atomics.wait(ia,0,0)`},
	// 2. Sizes chosen by the program.
	{"randomBytes of 2 GiB", `require("crypto").randomBytes(2**31-1)`},
	{"pbkdf2Sync of 1 GiB", `require("crypto").pbkdf2Sync("p","s",1,2**30,"sha256")`},
	{"shake256 of 2 GiB", `require("crypto").createHash("shake256",{outputLength:2**31-1}).update("x").digest()`},
	{"scryptSync of 1 GiB", `require("crypto").scryptSync("p","s",2**30)`},
	// 3. Native work that could not be stopped.
	{"RSA key of 16384 bits", `require("crypto").generateKeyPairSync("rsa",{modulusLength:16384})`},
	{"Diffie-Hellman prime of 8192 bits", `require("crypto").createDiffieHellman(8192)`},
	{"deflateSync loop on 32 MB", `const zlib=require("zlib");const b=Buffer.alloc(32<<20,1);for(;;)zlib.deflateSync(b)`},
	// 4. Memory outside the heap limit.
	{"1,024 file writes of 1 MiB", `const fs=require("fs");const b=Buffer.alloc(1<<20,1);for(let i=0;i<1024;i++)fs.writeFileSync("/tmp/f"+i,b)`},
	{"TextDecoder on 40 MB x 100", `const d=new TextDecoder();const b=new Uint8Array(40<<20).fill(65);const kept=[];for(let i=0;i<100;i++)kept.push(d.decode(b))`},
	// 200 MiB of zeros as 200 gzip members of 1 MiB each (1 KiB each compressed), which
	// gunzip reads one after the other, as Node's does.
	{"gzip bomb", `const zlib=require("zlib");const m=zlib.gzipSync(Buffer.alloc(1<<20));zlib.gunzipSync(Buffer.concat(Array(200).fill(m)))`},
	{"brotli bomb", `require("zlib").brotliDecompressSync(Buffer.from("` + brotliBomb + `","base64"))`},
}

// brotliBomb is 200 MiB of zeros compressed by Node 24's brotli (329 bytes, base64):
// node -e 'console.log(zlib.brotliCompressSync(Buffer.alloc(200<<20)).toString("base64"))'.
const brotliBomb = "y///P/gnAOKxQCD3/o///3/wTwDEYRGA7v0f////4J8AiMMCAN37P/7//8E/ARCHBQC693/8//+DfwIgDgsAdO//+P//B/8EQBwWAOje//H//w/+CYA4LADQvf/j//8f/BMAcVgAoHv/x///P/gnAOKwAED3/o///3/wTwDEYQGA7v0f////4J8AiMMCAN37P/7//8E/ARCHBQC693/8//+DfwIgDgsAdO//+P//B/8EQBwWAOje//H//w/+CYA4LADQvf/j//8f/BMAcVgAoHv/x///P/gnAOKwAED3/o///3/wTwDEYQGA7v0f////4J8AiMMCAN37P/7//8E/ARCHBQC693/8//+DfwIgDgsAdO//+P//B/8EQBwWAOje//H//w/+CYA4LADQvf/j//8f/BMAcVgAoHv/l///f/gnAOKwAED3/g8="

// nativeBombs are the native probes' programs, the bombs of the guests' storm.
func nativeBombs() []string {
	out := make([]string, len(nativeProbes))
	for i, p := range nativeProbes {
		out[i] = p.code
	}
	return out
}

// budgetCodes are the typed errors a run may end with at one of its budgets.
var budgetCodes = []string{"deadlock", "memory_limit_exceeded", "operation_budget_exceeded", "time_budget_exceeded",
	"step_budget_exceeded", "tick_budget_exceeded", "virtual_time_exceeded", "output_budget_exceeded"}

// typedEnd reports whether a simulation ended with a typed error: a budget's, or an
// uncaught error Node itself throws for the size asked (a RangeError, ERR_OUT_OF_RANGE).
func typedEnd(res *simResponse) (string, bool) {
	if res.Error != nil {
		for _, c := range budgetCodes {
			if res.Error.Code == c {
				return c, true
			}
		}
		return res.Error.Code, false
	}
	if len(res.Outcomes) > 0 && res.Outcomes[0].ExitCode != 0 {
		stderr := strings.Join(res.Outcomes[0].Stderr, "\n")
		return "uncaught: " + firstLineOf(stderr), strings.Contains(stderr, "Error")
	}
	return "ended normally", false
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestNativeProbesIn2GiB sends every native probe anonymously and as a guest, to the
// playground, and as the guest's answer to an exercise (a learner's program, under the
// exercise's 1 s budget), one at a time, to the binary in a 2 GiB memory limit.
func TestNativeProbesIn2GiB(t *testing.T) {
	t.Parallel()
	h, cg := startLimitedServer(t, 2<<30, "LOOPLAB_SIM_MAX_OPS="+hostileOps)
	s := &testServer{t: t, URL: h.URL, AdminKey: testAdminKey, client: h.client}
	guest := s.mustGuest(t, "en")
	exercise := s.questionID(t, guest.Token, "exercise-batch-logs")
	p := h.startProber(t)
	for _, probe := range nativeProbes {
		t.Run(probe.name, func(t *testing.T) {
			for _, as := range []struct{ who, cred string }{{"anonymous", ""}, {"guest", guest.Token}} {
				start := time.Now()
				status, res := h.simulate(t, as.cred, probe.code, "", nil)
				d := time.Since(start)
				require.Equal(t, http.StatusOK, status, "%s: %s", as.who, truncate(res.raw))
				end, typed := typedEnd(res)
				assert.True(t, typed, "%s: the probe must end with a typed error, not %s: %s", as.who, end, truncate(res.raw))
				assert.LessOrEqual(t, d, hostileWall+time.Second, "%s: it ended %v after it was sent", as.who, d)
				t.Logf("%s: %s after %v", as.who, end, d.Round(time.Millisecond))
			}
			start := time.Now()
			r := h.request(t, "POST", "/v1/attempts", guest.Token, map[string]any{"learner_id": guest.Learner.ID, "question_id": exercise, "answer": probe.code})
			d := time.Since(start)
			require.Equal(t, http.StatusCreated, r.status, "the guest's attempt: %s", truncate(r.raw))
			var a struct{ Score float64 }
			require.NoError(t, json.Unmarshal(r.raw, &a))
			assert.Zero(t, a.Score)
			assert.LessOrEqual(t, d, hostileWall+time.Second, "the guest's attempt was graded %v after it was sent", d)
			t.Logf("as an exercise attempt: graded after %v", d.Round(time.Millisecond))
		})
	}
	p.check(t)
	h.mustBeAlive(t)
	t.Logf("peak memory: %s", cg.peak(h.cmd.Process.Pid))
	assert.Zero(t, cg.oomKills(t), "out-of-memory kills in the server's cgroup")
}
