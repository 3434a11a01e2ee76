package content_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/internal/testenv"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBankOrdersMatchNode runs the program of every order question of the bank (three
// variants each) with real Node, several times, and checks that every output Node
// prints is one of the outcomes the simulator gives as the key. It needs node on PATH
// (or $NODE) and LOOPLAB_NODE_ORACLE=1 (it takes about a minute); LOOPLAB_BANK_DIR checks
// another directory of question files. Only the questions about the binary's major are
// checked (content.node, 24 by default): run it once per release
// (NODE=$(scripts/oracle/install-node.sh 24.18.0), then 10.24.1, 20.20.2, 26.12.1...).
// Programs that talk to scenario sockets have no peer in real Node and are skipped.
func TestBankOrdersMatchNode(t *testing.T) {
	if os.Getenv("LOOPLAB_NODE_ORACLE") == "" {
		t.Skip("set LOOPLAB_NODE_ORACLE=1 to compare the bank's order keys with real node")
	}
	node := os.Getenv("NODE")
	if node == "" {
		node = testenv.LookPath(t, "node", "this test compares the bank with real Node (scripts/oracle/install-node.sh installs any version)")
	}
	version, err := exec.Command(node, "--version").Output()
	require.NoError(t, err)
	major := strings.TrimPrefix(strings.SplitN(strings.TrimSpace(string(version)), ".", 2)[0], "v")
	prelude, err := filepath.Abs("../scripts/oracle/prelude.cjs")
	require.NoError(t, err)
	fsys := content.Bank()
	if dir := os.Getenv("LOOPLAB_BANK_DIR"); dir != "" {
		fsys = os.DirFS(dir)
	}
	items, err := content.Load(fsys)
	require.NoError(t, err)
	runs, _ := strconv.Atoi(os.Getenv("LOOPLAB_NODE_RUNS"))
	if runs == 0 {
		runs = 6
	}
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 512, nil)
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for _, it := range items {
		if it.Content.Kind != "order" || strings.Contains(string(it.Content.Scenario), "sockets") {
			continue
		}
		if release := it.Content.NodeVersion(); !strings.HasPrefix(release, major+".") {
			t.Logf("%s: about Node %s, not %s", it.File, release, major)
			continue
		}
		seen := map[string]bool{}
		for _, vals := range it.Content.SampleValues(1) {
			inst := it.Content.Instantiate(vals)
			if seen[inst.Program] {
				continue
			}
			seen[inst.Program] = true
			res, err := e.Preview(context.Background(), &it.Content, 0, vals)
			require.NoError(t, err, it.File)
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				checkWithNode(t, node, prelude, it.File, inst, res.Result.Outcomes, runs)
			}()
		}
	}
	wg.Wait()
}

func checkWithNode(t *testing.T, node, prelude, file string, c quiz.Content, outcomes []sim.Outcome, runs int) {
	dir := t.TempDir()
	name := "main.cjs"
	if c.Module == sim.ESModule {
		name = "main.mjs"
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(c.Program), 0o600))
	var sc sim.Scenario
	sim.ApplyHeaders(&sc, c.Program)
	pool := sc.ThreadPool
	if pool == 0 {
		pool = 4
	}
	for i := 0; i < runs; i++ {
		cmd := exec.Command(node, "--require", prelude, name)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), fmt.Sprintf("UV_THREADPOOL_SIZE=%d", pool))
		var out bytes.Buffer
		cmd.Stdout = &out
		_ = cmd.Run()
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		ok := slices.ContainsFunc(outcomes, func(o sim.Outcome) bool { return slices.Equal(o.Stdout, lines) })
		assert.True(t, ok, "%s: node printed %q, not one of the simulated outcomes %v", file, lines, outcomes)
	}
}
