// Command loadgen measures looplab under load on this machine, in one run:
//
//  1. a Fiber hello-world endpoint (the framework's ceiling here), and
//  2. POST /v1/attempts against a cached variant (no simulator run on the hot path),
//
// each with a closed loop of -conns keep-alive connections for -duration after a warm-up
// (the most the server does, and the latency at that saturation), and
//
//  3. POST /v1/attempts again with an open loop: the same connections send -rate
//     requests/s in all on a fixed schedule (the latency of a server asked for that rate),
//  4. and with -idem, closed-loop again with a fresh Idempotency-Key on every request,
//     as an LMS that retries safely sends them.
//
// With -db postgres://..., it measures instead POST /v1/attempts through HAProxy
// (deploy/haproxy.cfg) in front of 1, then 2 (-replicas) looplab replicas on that
// database, and splits the CPU time of each request between the replicas, the database
// and the proxy (cluster.go).
//
// Both servers run as separate processes (the hello server is this binary re-executed);
// the looplab server is built from ./cmd/looplab unless -bin is given. It reports
// requests/s, p50/p90/p99/max latency, the server's peak RSS and CPU time per request,
// and writes them as JSON to bench/out/. Traffic goes to 127.0.0.1 only and every loop
// stops by itself.
//
//	go run ./cmd/loadgen -conns 64 -duration 10s
//	scripts/replicas-bench.sh    (a PostgreSQL cluster of its own, then -db)
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "-serve-hello" {
		serveHello(os.Args[2])
		return
	}
	conns := flag.Int("conns", 64, "concurrent keep-alive connections")
	duration := flag.Duration("duration", 10*time.Second, "measured time per endpoint")
	warmup := flag.Duration("warmup", 2*time.Second, "unmeasured time before each measurement")
	bin := flag.String("bin", "", "looplab binary (default: go build ./cmd/looplab)")
	accessLog := flag.Bool("access-log", false, "keep the server's access log on (written to a file)")
	out := flag.String("out", "bench/out", "directory for the JSON report")
	cpuProfile := flag.String("cpuprofile", "", "write the looplab server's CPU profile during the measured attempts to this file")
	rate := flag.Float64("rate", 5000, "also measure POST /v1/attempts open-loop at this many requests/s in total (0: skip)")
	clientProcs := flag.Int("client-procs", 1, "GOMAXPROCS of the load generator itself (like wrk -t): the servers keep every CPU")
	idem := flag.Bool("idem", true, "also measure POST /v1/attempts closed-loop with an Idempotency-Key on every request")
	db := flag.String("db", "", "cluster run: a PostgreSQL URL; measures POST /v1/attempts through HAProxy in front of 1..-replicas replicas on it")
	replicas := flag.String("replicas", "1,2", "cluster run: the replica counts to measure, in order (1,2,1,2 measures each twice: a fresh database's first minute pays for autovacuum)")
	haproxy := flag.String("haproxy", "haproxy", "cluster run: the HAProxy binary (it reads deploy/haproxy.cfg)")
	flag.Parse()
	runtime.GOMAXPROCS(*clientProcs)
	if *db != "" {
		c := cluster{db: *db, counts: *replicas, bin: *bin, haproxy: *haproxy, out: *out}
		if err := c.run(load{conns: *conns, duration: *duration, warmup: *warmup}); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(load{conns: *conns, duration: *duration, warmup: *warmup}, *rate, *idem, *bin, *accessLog, *out, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

// result is one endpoint's measurement.
type result struct {
	Name  string `json:"name"`
	Conns int    `json:"conns"`
	// OfferedPerSecond is the open loop's rate; 0 for a closed loop.
	OfferedPerSecond float64 `json:"offered_per_second,omitempty"`
	Seconds          float64 `json:"seconds"`
	Requests         int     `json:"requests"`
	Errors           int     `json:"errors"`
	PerSecond        float64 `json:"per_second"`
	P50MS            float64 `json:"p50_ms"`
	P90MS            float64 `json:"p90_ms"`
	P99MS            float64 `json:"p99_ms"`
	MaxMS            float64 `json:"max_ms"`
	PeakRSSMB        float64 `json:"server_peak_rss_mb"`
	// CPUPerReqUS is the server process's CPU time (user+system) per measured request,
	// a figure that depends less on what else the machine runs than req/s does.
	CPUPerReqUS float64 `json:"server_cpu_us_per_request"`
	// CPUByPart splits CPUPerReqUS of a cluster run (-db) by part: the looplab
	// replicas, the database, the proxy.
	CPUByPart map[string]float64 `json:"cpu_us_per_request_by_part,omitempty"`
}

// load is how one endpoint is driven: conns keep-alive connections, each a closed loop
// (the next request when the answer arrives) or, with rate > 0, an open loop that sends
// rate/conns requests per second per connection on a fixed schedule. With keyed, every
// request carries an Idempotency-Key of its own.
type load struct {
	conns            int
	rate             float64
	duration, warmup time.Duration
	keyed            bool
}

func run(l load, rate float64, idem bool, bin string, accessLog bool, outDir, cpuProfile string) error {
	conns, duration, warmup := l.conns, l.duration, l.warmup
	tmp, err := os.MkdirTemp("", "loadgen")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("loadgen: %d connections, %v per endpoint after %v warm-up, client GOMAXPROCS %d, %d CPUs\n",
		conns, duration, warmup, runtime.GOMAXPROCS(0), runtime.NumCPU())

	// 1. Fiber hello world.
	self, err := os.Executable()
	if err != nil {
		return err
	}
	helloAddr, err := freeAddr()
	if err != nil {
		return err
	}
	hello := exec.Command(self, "-serve-hello", helloAddr)
	if err := hello.Start(); err != nil {
		return err
	}
	defer stop(hello)
	if err := waitUp("http://" + helloAddr + "/"); err != nil {
		return err
	}
	helloRes := measure("fiber hello world (GET /)", helloAddr, onePart(hello.Process.Pid), l,
		func(int) *fasthttp.Request {
			r := fasthttp.AcquireRequest()
			r.SetRequestURI("http://" + helloAddr + "/")
			return r
		})
	stop(hello)

	// 2. looplab POST /v1/attempts.
	if bin == "" {
		bin = filepath.Join(tmp, "looplab")
		build := exec.Command("go", "build", "-o", bin, "./cmd/looplab")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build looplab: %w", err)
		}
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	logFile, err := os.Create(filepath.Join(tmp, "server.log"))
	if err != nil {
		return err
	}
	defer logFile.Close()
	const admin = "loadgen-admin-key-0123456789"
	srv := exec.Command(bin, "serve", "--addr", addr, "--db", filepath.Join(tmp, "bench.db"))
	srv.Env = append(os.Environ(), "LOOPLAB_ADMIN_KEY="+admin, "LOOPLAB_RATE_LIMIT=0",
		"LOOPLAB_ACCESS_LOG="+strconv.FormatBool(accessLog))
	var pprofAddr string
	if cpuProfile != "" {
		if pprofAddr, err = freeAddr(); err != nil {
			return err
		}
		srv.Env = append(srv.Env, "LOOPLAB_PPROF_ADDR="+pprofAddr)
	}
	srv.Stderr = logFile
	started := time.Now()
	if err := srv.Start(); err != nil {
		return err
	}
	defer stop(srv)
	if err := waitUp("http://" + addr + "/healthz"); err != nil {
		return err
	}
	startup := time.Since(started)
	fmt.Printf("looplab: up in %v (process start, migrations, bank loaded and simulated)\n", startup.Round(time.Millisecond))
	bodies, app, err := setupAttempts("http://"+addr, admin, conns, "load")
	if err != nil {
		return err
	}
	profiled := make(chan error, 1)
	if cpuProfile != "" {
		go func() { profiled <- fetchProfile(pprofAddr, cpuProfile, warmup, duration) }()
	} else {
		profiled <- nil
	}
	attempt := func(w int) *fasthttp.Request {
		r := fasthttp.AcquireRequest()
		r.SetRequestURI("http://" + addr + "/v1/attempts")
		r.Header.SetMethod("POST")
		r.Header.SetContentType("application/json")
		r.Header.Set("Authorization", "Bearer "+app)
		r.SetBodyString(bodies[w])
		return r
	}
	attRes := measure("looplab POST /v1/attempts (cached variant)", addr, onePart(srv.Process.Pid), l, attempt)

	if err := <-profiled; err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	results := []result{helloRes, attRes}
	if rate > 0 {
		open := l
		open.rate = rate
		results = append(results, measure(fmt.Sprintf("  same, open loop at %.0f/s offered", rate), addr, onePart(srv.Process.Pid), open, attempt))
	}
	if idem {
		keyed := l
		keyed.keyed = true
		results = append(results, measure("  same, closed loop, Idempotency-Key on each", addr, onePart(srv.Process.Pid), keyed, attempt))
	}
	fmt.Println()
	fmt.Printf("%-45s %10s %9s %9s %9s %9s %9s %11s %8s\n", "endpoint", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "RSS MB", "CPU µs/req", "errors")
	for _, r := range results {
		fmt.Printf("%-45s %10.0f %9.2f %9.2f %9.2f %9.2f %9.1f %11.0f %8d\n", r.Name, r.PerSecond, r.P50MS, r.P90MS, r.P99MS, r.MaxMS, r.PeakRSSMB, r.CPUPerReqUS, r.Errors)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	report := map[string]any{"time": time.Now().UTC(), "cpus": runtime.NumCPU(), "startup_ms": startup.Milliseconds(), "results": results}
	data, _ := json.MarshalIndent(report, "", "  ")
	return os.WriteFile(filepath.Join(outDir, "loadgen.json"), data, 0o644)
}

// parts names the processes whose CPU time a measurement counts, by part ("server";
// or "looplab", "database", "proxy" in a cluster run); each function lists the part's
// processes when the measured time starts.
type parts map[string]func() []int

// onePart is the single server process pid.
func onePart(pid int) parts { return parts{"server": func() []int { return []int{pid} }} }

// cpuSnapshot is each process's CPU time at one moment, by part.
type cpuSnapshot map[string]map[int]time.Duration

func (ps parts) snapshot() cpuSnapshot {
	out := cpuSnapshot{}
	for name, list := range ps {
		out[name] = map[int]time.Duration{}
		for _, pid := range list() {
			out[name][pid] = cpuTime(pid)
		}
	}
	return out
}

// since returns the CPU time each part used since start, counting the processes that
// were there at start.
func (start cpuSnapshot) since() map[string]time.Duration {
	out := map[string]time.Duration{}
	for name, pids := range start {
		for pid, t0 := range pids {
			if t := cpuTime(pid); t > t0 {
				out[name] += t - t0
			}
		}
	}
	return out
}

// rssMB is the resident set of all the parts' processes.
func (ps parts) rssMB() float64 {
	var sum float64
	for _, list := range ps {
		for _, pid := range list() {
			sum += rssMB(pid)
		}
	}
	return sum
}

// measure runs conns closed loops against one endpoint and samples the servers' RSS.
//
// Latency is measured from when a request was due to be sent: in an open loop a request
// that waits for its connection counts that wait (no coordinated omission).
func measure(name, addr string, procs parts, l load, newReq func(worker int) *fasthttp.Request) result {
	conns, duration, warmup := l.conns, l.duration, l.warmup
	client := &fasthttp.HostClient{Addr: addr, MaxConns: conns, ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), warmup+duration)
	defer cancel()
	measureFrom := time.Now().Add(warmup)
	lat := make([][]time.Duration, conns)
	errs := make([]int, conns)
	var wg sync.WaitGroup
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := newReq(w)
			resp := fasthttp.AcquireResponse()
			var key []byte
			var interval time.Duration
			next := time.Now()
			if l.rate > 0 {
				interval = time.Duration(float64(conns) / l.rate * float64(time.Second))
				next = next.Add(interval * time.Duration(w) / time.Duration(conns)) // spread the connections
			}
			for n := 0; ctx.Err() == nil; n++ {
				if l.keyed {
					key = fmt.Appendf(key[:0], "load-%d-%d", w, n)
					req.Header.SetBytesV("Idempotency-Key", key)
				}
				t0 := time.Now()
				if interval > 0 {
					time.Sleep(time.Until(next))
					t0, next = next, next.Add(interval)
				}
				err := client.Do(req, resp)
				d := time.Since(t0)
				if t0.Before(measureFrom) {
					continue
				}
				if err != nil || resp.StatusCode()/100 != 2 {
					errs[w]++
					continue
				}
				lat[w] = append(lat[w], d)
			}
		}()
	}
	var peak float64
	var cpuStart cpuSnapshot
	tick := time.NewTicker(100 * time.Millisecond)
	for ctx.Err() == nil {
		<-tick.C
		if rss := procs.rssMB(); rss > peak {
			peak = rss
		}
		if cpuStart == nil && !time.Now().Before(measureFrom) {
			cpuStart = procs.snapshot()
		}
	}
	tick.Stop()
	cpuUsed := cpuStart.since()
	wg.Wait()
	var all []time.Duration
	nerr := 0
	for w := range lat {
		all = append(all, lat[w]...)
		nerr += errs[w]
	}
	slices.Sort(all)
	res := result{Name: name, Conns: conns, OfferedPerSecond: l.rate, Seconds: duration.Seconds(), Requests: len(all), Errors: nerr, PeakRSSMB: peak}
	if len(all) > 0 {
		res.PerSecond = float64(len(all)) / duration.Seconds()
		res.P50MS = ms(all[len(all)/2])
		res.P90MS = ms(all[len(all)*90/100])
		res.P99MS = ms(all[len(all)*99/100])
		res.MaxMS = ms(all[len(all)-1])
		var total time.Duration
		for _, d := range cpuUsed {
			total += d
		}
		res.CPUPerReqUS = float64(total.Microseconds()) / float64(len(all))
		if len(cpuUsed) > 1 {
			res.CPUByPart = map[string]float64{}
			for part, d := range cpuUsed {
				res.CPUByPart[part] = float64(d.Microseconds()) / float64(len(all))
			}
		}
	}
	return res
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// setupAttempts creates an app key and one learner per connection (external ids
// prefix-N), and warms the variant cache; it returns each connection's request body.
func setupAttempts(base, admin string, conns int, prefix string) ([]string, string, error) {
	var key struct{ Key string }
	if err := call("POST", base+"/v1/keys", admin, `{"role":"app","name":"loadgen"}`, &key); err != nil {
		return nil, "", err
	}
	var qs struct {
		Items []struct {
			ID   int64
			Slug string
		}
	}
	if err := call("GET", base+"/v1/questions?limit=500", key.Key, "", &qs); err != nil {
		return nil, "", err
	}
	var qid int64
	for _, q := range qs.Items {
		if q.Slug == "order-cjs-queues" {
			qid = q.ID
		}
	}
	if qid == 0 {
		return nil, "", errors.New("question order-cjs-queues not found")
	}
	answer := `["sync 1","sync 2","nextTick","Promise.then","queueMicrotask","setTimeout 0","setImmediate"]`
	bodies := make([]string, conns)
	for i := range bodies {
		var l struct{ ID int64 }
		if err := call("POST", base+"/v1/learners", key.Key, fmt.Sprintf(`{"external_id":"%s-%d"}`, prefix, i), &l); err != nil {
			return nil, "", err
		}
		bodies[i] = fmt.Sprintf(`{"learner_id":%d,"question_id":%d,"answer":%s}`, l.ID, qid, answer)
		if i == 0 {
			if err := call("GET", fmt.Sprintf("%s/v1/questions/%d/variant?learner=%d", base, qid, l.ID), key.Key, "", nil); err != nil {
				return nil, "", err
			}
		}
	}
	return bodies, key.Key, nil
}

func call(method, url, cred, body string, out any) error {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(url)
	req.Header.SetMethod(method)
	req.Header.Set("Authorization", "Bearer "+cred)
	if body != "" {
		req.Header.SetContentType("application/json")
		req.SetBodyString(body)
	}
	if err := fasthttp.DoTimeout(req, resp, 10*time.Second); err != nil {
		return err
	}
	if resp.StatusCode()/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode(), resp.Body())
	}
	if out != nil {
		return json.Unmarshal(resp.Body(), out)
	}
	return nil
}

// fetchProfile waits out the warm-up, then records the server's CPU profile for most of
// the measured time and writes it to path (read it with go tool pprof BINARY path).
func fetchProfile(pprofAddr, path string, warmup, duration time.Duration) error {
	time.Sleep(warmup)
	secs := max(1, int(duration.Seconds())-1)
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", pprofAddr, secs))
	if err := fasthttp.DoTimeout(req, resp, time.Duration(secs+10)*time.Second); err != nil {
		return err
	}
	if resp.StatusCode() != 200 {
		return fmt.Errorf("status %d: %s", resp.StatusCode(), resp.Body())
	}
	return os.WriteFile(path, resp.Body(), 0o644)
}

// serveHello is the Fiber hello-world server, the baseline.
func serveHello(addr string) {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/", func(c *fiber.Ctx) error { return c.SendString("Hello, World!") })
	if err := app.Listen(addr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func waitUp(url string) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if code, _, err := fasthttp.Get(nil, url); err == nil && code == 200 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("%s did not come up", url)
}

func stop(cmd *exec.Cmd) {
	if cmd.Process != nil && cmd.ProcessState == nil {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	}
}

// cpuTime reads a process's user+system CPU time from /proc (Linux; clock ticks of
// 10 ms, so measure for seconds).
func cpuTime(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name (which may hold spaces) start after the last ')'.
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// rssMB reads a process's resident set size from /proc (Linux).
func rssMB(pid int) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}
