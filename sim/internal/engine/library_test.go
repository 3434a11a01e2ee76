package engine

import (
	"strings"
	"testing"
)

func TestCompileLibrary(t *testing.T) {
	src := "(function lib(x) {\n  // a comment the bytecode does not keep\n  if (x) throw new Error('boom');\n  return 'ok';\n})"
	full, err := Compile(src, "lib.js", false)
	if err != nil {
		t.Fatal(err)
	}
	stripped, err := CompileLibrary(src, "lib.js")
	if err != nil {
		t.Fatal(err)
	}
	if stripped.Size() >= full.Size() {
		t.Fatalf("stripped %d bytes, full %d", stripped.Size(), full.Size())
	}
	r := newRT(t, Config{})
	fn, err := r.Run(stripped)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := r.Call(fn, r.Undefined()); err != nil || res.String() != "ok" {
		t.Fatalf("call: %v %v", res, err)
	}
	if s := fn.String(); strings.Contains(s, "comment") {
		t.Fatalf("the source is still there: %s", s)
	}
	_, err = r.Call(fn, r.Undefined(), r.Bool(true))
	if err == nil || !strings.Contains(err.Error(), "lib.js:3") {
		t.Fatalf("the stack lost its line numbers: %v", err)
	}
	if _, err := CompileLibrary("let x = ;", "bad.js"); err == nil {
		t.Fatal("a syntax error compiled")
	}
	// Compile is unaffected: its functions keep their source.
	r2 := newRT(t, Config{})
	fn2, _ := r2.Run(full)
	if !strings.Contains(fn2.String(), "comment") {
		t.Fatalf("Compile lost the source: %s", fn2.String())
	}
}
