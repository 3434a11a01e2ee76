package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/valyala/fasthttp"
)

// cluster is a cluster run: POST /v1/attempts through HAProxy in front of each count
// of looplab replicas in turn, on one PostgreSQL database.
type cluster struct {
	db      string // PostgreSQL URL
	counts  string // replica counts, comma-separated, e.g. "1,2"
	bin     string // looplab binary ("" builds it)
	haproxy string
	out     string
}

const clusterAdmin = "loadgen-admin-key-0123456789"

// run measures each replica count in turn and prints the table and the projection.
func (c cluster) run(l load) error {
	tmp, err := os.MkdirTemp("", "loadgen")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if c.bin == "" {
		c.bin = filepath.Join(tmp, "looplab")
		build := exec.Command("go", "build", "-o", c.bin, "./cmd/looplab")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build looplab: %w", err)
		}
	}
	fmt.Printf("loadgen: %d connections through HAProxy, %v per run after %v warm-up, %d CPUs\n",
		l.conns, l.duration, l.warmup, runtime.NumCPU())
	var results []result
	for _, f := range strings.Split(c.counts, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 2 {
			return fmt.Errorf("-replicas %q: counts of 1 or 2 replicas (deploy/haproxy.cfg has two servers)", c.counts)
		}
		res, err := c.measureReplicas(tmp, n, l)
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	c.report(results)
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	data, _ := json.MarshalIndent(map[string]any{"time": time.Now().UTC(), "cpus": runtime.NumCPU(), "results": results}, "", "  ")
	return os.WriteFile(filepath.Join(c.out, "loadgen-replicas.json"), data, 0o644)
}

// measureReplicas starts n replicas and the proxy, measures, and stops them.
func (c cluster) measureReplicas(tmp string, n int, l load) (result, error) {
	var procs []*exec.Cmd
	defer func() {
		for _, p := range procs {
			stop(p)
		}
	}()
	var addrs []string
	for i := range n {
		addr, err := freeAddr()
		if err != nil {
			return result{}, err
		}
		log, err := os.Create(filepath.Join(tmp, fmt.Sprintf("replica-%d-%d.log", n, i)))
		if err != nil {
			return result{}, err
		}
		defer log.Close()
		srv := exec.Command(c.bin, "serve", "--addr", addr, "--db", c.db)
		srv.Env = append(os.Environ(), "LOOPLAB_ADMIN_KEY="+clusterAdmin, "LOOPLAB_RATE_LIMIT=0", "LOOPLAB_ACCESS_LOG=false")
		srv.Stderr = log
		if err := srv.Start(); err != nil {
			return result{}, err
		}
		procs = append(procs, srv)
		if err := waitUp("http://" + addr + "/healthz"); err != nil {
			return result{}, err
		}
		addrs = append(addrs, addr)
	}
	proxyAddr, err := freeAddr()
	if err != nil {
		return result{}, err
	}
	proxy := exec.Command(c.haproxy, "-db", "-f", "deploy/haproxy.cfg")
	proxy.Env = append(os.Environ(), "LOOPLAB_LISTEN="+proxyAddr, "LOOPLAB_REPLICA1="+addrs[0], "LOOPLAB_REPLICA2="+addrs[len(addrs)-1])
	if err := proxy.Start(); err != nil {
		return result{}, fmt.Errorf("haproxy: %w", err)
	}
	procs = append(procs, proxy)
	if err := waitUp("http://" + proxyAddr + "/readyz"); err != nil {
		return result{}, err
	}
	base := "http://" + proxyAddr
	bodies, app, err := setupAttempts(base, clusterAdmin, l.conns, fmt.Sprintf("load-%d-%d", n, time.Now().UnixNano()))
	if err != nil {
		return result{}, err
	}
	attempt := func(w int) *fasthttp.Request {
		r := fasthttp.AcquireRequest()
		r.SetRequestURI(base + "/v1/attempts")
		r.Header.SetMethod("POST")
		r.Header.SetContentType("application/json")
		r.Header.Set("Authorization", "Bearer "+app)
		r.SetBodyString(bodies[w])
		return r
	}
	var pids []int
	for _, p := range procs[:n] {
		pids = append(pids, p.Process.Pid)
	}
	who := parts{
		"looplab":  func() []int { return pids },
		"database": postgresPIDs,
		"proxy":    func() []int { return []int{proxy.Process.Pid} },
	}
	name := fmt.Sprintf("%d replica(s) behind HAProxy", n)
	return measure(name, proxyAddr, who, l, attempt), nil
}

// postgresPIDs lists the processes named postgres (the server and its backends): the
// database of a cluster run is the only PostgreSQL on the machine.
func postgresPIDs() []int {
	var out []int
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		comm, err := os.ReadFile(filepath.Join(d, "comm"))
		if err != nil || strings.TrimSpace(string(comm)) != "postgres" {
			continue
		}
		var pid int
		if _, err := fmt.Sscan(filepath.Base(d), &pid); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// report prints the runs and what they project for a machine of N cores.
func (c cluster) report(results []result) {
	fmt.Println()
	fmt.Printf("%-30s %9s %8s %8s %8s %12s %12s %10s %9s %7s\n", "configuration", "req/s", "p50 ms", "p99 ms", "max ms",
		"looplab µs", "database µs", "proxy µs", "db share", "errors")
	for _, r := range results {
		app, db, px := r.CPUByPart["looplab"], r.CPUByPart["database"], r.CPUByPart["proxy"]
		fmt.Printf("%-30s %9.0f %8.2f %8.2f %8.2f %12.0f %12.0f %10.0f %8.0f%% %7d\n", r.Name, r.PerSecond, r.P50MS, r.P99MS, r.MaxMS,
			app, db, px, 100*db/(app+db+px), r.Errors)
	}
	last := results[len(results)-1]
	app, db, px := last.CPUByPart["looplab"], last.CPUByPart["database"], last.CPUByPart["proxy"]
	total := app + db + px
	if total == 0 {
		return
	}
	cores := float64(runtime.NumCPU())
	fmt.Printf("\nprojection from the last run (CPU per request: looplab %.0f µs, database %.0f µs, proxy %.0f µs):\n", app, db, px)
	fmt.Printf("  measured: %.0f attempts/s on %.0f cores, %.0f per core\n", last.PerSecond, cores, last.PerSecond/cores)
	for _, n := range []float64{2, 4, 8, 16, 32} {
		fmt.Printf("  %2.0f cores in all: ~%6.0f attempts/s", n, n*1e6/total)
		fmt.Printf("; the database alone on %2.0f cores tops out at ~%7.0f/s\n", n, n*1e6/db)
	}
}
