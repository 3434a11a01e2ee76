package v8errors

import (
	"testing"

	"github.com/looplab/looplab/sim/internal/engine"
)

// benchProgram is a loop that makes 1,000 engine errors (a property read of undefined)
// and catches each, reading its message (and its stack when withStack).
func benchProgram(withStack bool) string {
	read := "e.message.length"
	if withStack {
		read = "e.stack.length"
	}
	return "(function () {\nfunction get(o) { return o.value }\nlet n = 0\nfor (let i = 0; i < 1000; i++) { try { get(undefined) } catch (e) { n += " + read + " } }\nreturn n })()"
}

func benchErrors(b *testing.B, install, withStack bool) {
	r, err := engine.New(engine.Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	src := benchProgram(withStack)
	if install {
		errs, err := Install(r, Options{})
		if err != nil {
			b.Fatal(err)
		}
		errs.AddSource("/app/main.cjs", "/app/main.cjs", src, 0, false)
		errs.SetEntry(EntryMainCJS)
	}
	code, err := engine.Compile(src, "/app/main.cjs", false)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := r.Run(code); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/error")
}

// The cost of V8's texts per error: compare Engine (the engine's own errors) with
// V8Message (the message rewritten) and V8Stack (the stack formatted too).
func BenchmarkErrorsEngine(b *testing.B)      { benchErrors(b, false, false) }
func BenchmarkErrorsV8Message(b *testing.B)   { benchErrors(b, true, false) }
func BenchmarkErrorsEngineStack(b *testing.B) { benchErrors(b, false, true) }
func BenchmarkErrorsV8Stack(b *testing.B)     { benchErrors(b, true, true) }

// BenchmarkJSONError is one JSON.parse failure with V8's message.
func BenchmarkJSONError(b *testing.B) {
	for b.Loop() {
		jsonError(`{"user": {"name": "An", "tags": ["a", "b",]}}`)
	}
}
