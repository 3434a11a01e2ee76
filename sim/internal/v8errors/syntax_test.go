package v8errors

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/internal/engine"
)

var pidPattern = regexp.MustCompile(`\(node:\d+\)`)

// TestSyntaxErrorsAgainstNode compiles the recorded programs that do not compile and
// compares what Node prints (the file:line, the source line, the caret, the message, the
// compiler's frames) with Node 24's stderr.
func TestSyntaxErrorsAgainstNode(t *testing.T) {
	files, _ := filepath.Glob("testdata/syntax/*")
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			src, _ := os.ReadFile(f)
			rec := loadRecorded(t, 24, "syntax", name)
			p := newProgram(t)
			module := strings.HasSuffix(name, ".mjs")
			text, shown, entry, shift := cjsHead+string(src)+"\n})", "/app/main.cjs", EntryCompileCJS, len(cjsHead)
			if module {
				text, shown, entry, shift = string(src), "file:///app/main.mjs", EntryCompileESM, 0
			}
			p.errs.AddSource("/app/main", shown, string(src), shift, module)
			_, err := engine.Compile(text, "/app/main", module)
			var se *engine.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("compiled: %v", err)
			}
			got := p.errs.FormatCompileError(p.errs.CompileError(se), entry, 4242)
			want := pidPattern.ReplaceAllString(rec.Stderr, "(node:4242)")
			if got != want {
				t.Errorf("engine said %v\n%s", se, lineDiff(got, want))
			}
		})
	}
}
