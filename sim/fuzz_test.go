package sim

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzRun feeds arbitrary programs and scenarios to the simulator: it must never panic,
// hang or report an internal defect; every result has at least one outcome.
//
//	go test ./sim -run XXX -fuzz FuzzRun -fuzztime 60s
func FuzzRun(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.*js")
	for i, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		scenarios := []string{`{}`, `{"threadpool":1}`, `{"sockets":[{"port":9000,"data":[{"at_ms":1,"data":"x"}]}]}`, `{"unhandled_rejections":"warn","seed":7}`}
		f.Add(string(src), []byte(scenarios[i%len(scenarios)]), i%3 == 0)
	}
	f.Add("setTimeout(()=>{throw 1},1);process.on('uncaughtException',e=>console.log(e))", []byte(`{}`), false)
	f.Add("await null; process.exit(2)", []byte(`{}`), true)
	s := New()
	f.Fuzz(func(t *testing.T, src string, scenario []byte, esm bool) {
		var sc Scenario
		_ = json.Unmarshal(scenario, &sc)
		sc.Limits = Limits{CPUMS: 300, MaxSteps: 20_000, MaxVirtualMS: 60_000, MaxOutputBytes: 64 << 10}
		sc.MaxOutcomes = min(max(sc.MaxOutcomes, 0), 8)
		sc.ThreadPool = min(max(sc.ThreadPool, 0), 64)
		if len(sc.Sockets) > 8 {
			sc.Sockets = sc.Sockets[:8]
		}
		mod := CommonJS
		if esm {
			mod = ESModule
		}
		hang := time.AfterFunc(5*time.Second, func() {
			_ = os.WriteFile(filepath.Join(os.TempDir(), "looplab-fuzz-hang.js"), []byte(src), 0o644)
		})
		defer hang.Stop()
		res, err := s.Run(context.Background(), Program{Source: src, Module: mod}, sc)
		if err != nil {
			if ErrorCode(err) != CodeInvalidInput {
				t.Fatalf("Run returned a non-input error: %v", err)
			}
			return
		}
		if len(res.Outcomes) == 0 {
			t.Fatal("no outcome")
		}
		if res.Error != nil && res.Error.Code == CodeInternal {
			t.Fatalf("internal error: %s", res.Error.Message)
		}
	})
}
