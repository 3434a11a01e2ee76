package v8errors

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/looplab/looplab/sim/internal/engine"
)

// knownUncaughtGaps are the recorded uncaught programs whose stderr differs, with why.
var knownUncaughtGaps = map[string]string{
	"05-reject-string.cjs":    "Node's UnhandledPromiseRejection error is the process layer's to raise",
	"06-throw-object.cjs":     "the engine does not say where a non-error value was thrown",
	"07-throw-string.cjs":     "the engine does not say where a non-error value was thrown",
	"15-error-with-props.cjs": "thrown away from where it was made: Node points at the throw",
	"09-esm.mjs":              "ES module entry (the harness runs CommonJS)",
}

// inspect is a small stand-in for util.inspect, enough for the recorded values.
func inspect(r *engine.Runtime, v engine.Value, top bool) string {
	switch {
	case v.IsString() && top:
		return v.String()
	case v.IsString():
		return "'" + v.String() + "'"
	case v.IsError():
		out := r.Get(v, "stack").String()
		var props []string
		for _, k := range r.Keys(v) {
			val := r.Get(v, k)
			if (k == "name" || k == "message") && strings.Contains(out, val.String()) {
				continue // util.inspect leaves out what the stack shows
			}
			props = append(props, "  "+k+": "+inspect(r, val, false))
		}
		if len(props) > 0 {
			out += " {\n" + strings.Join(props, ",\n") + "\n}"
		}
		return out
	case v.IsObject():
		var props []string
		for _, k := range r.Keys(v) {
			props = append(props, k+": "+inspect(r, r.Get(v, k), false))
		}
		return "{ " + strings.Join(props, ", ") + " }"
	case v.IsNumber():
		return strconv.FormatFloat(v.Float(), 'f', -1, 64)
	}
	return v.String()
}

// TestUncaughtAgainstNode runs the recorded programs that end with an uncaught error
// and compares FormatUncaught's text with Node 24's stderr.
func TestUncaughtAgainstNode(t *testing.T) {
	files, _ := filepath.Glob("testdata/uncaught/*")
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			src, _ := os.ReadFile(f)
			rec := loadRecorded(t, 24, "uncaught", name)
			p := newProgram(t)
			got := ""
			err := p.run(string(src))
			if v, ok := exceptionOf(err); ok {
				got = p.errs.FormatUncaught(v, inspect(p.r, v, true), false)
			} else if err != nil {
				t.Fatal(err)
			} else if len(p.unhandled) > 0 {
				got = p.errs.FormatUncaught(p.unhandled[0], inspect(p.r, p.unhandled[0], true), true)
			}
			_, gap := knownUncaughtGaps[name]
			switch {
			case got == rec.Stderr && gap:
				t.Errorf("now matches Node: take it off knownUncaughtGaps")
			case got != rec.Stderr && !gap:
				t.Errorf("%s", lineDiff(got, rec.Stderr))
			}
		})
	}
}
