package sim

import (
	"context"
	"testing"
)

// TestSyntaxErrorPlace checks that a syntax error carries the line and column Node's
// caret points at (the editor marks it there), in CommonJS and in an ES module.
func TestSyntaxErrorPlace(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		module    ModuleKind
		src       string
		line, col int
	}{
		{CommonJS, "console.log(1)\nlet x = (;\n", 2, 10},
		{ESModule, "const a = 1\n\nconst b = a +* 2\n", 3, 14},
		{CommonJS, "function f() {\n", 2, 0}, // the end of the input: Node names the line, with no caret
	} {
		res, err := New().Run(context.Background(), Program{Source: tc.src, Module: tc.module}, Scenario{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Error == nil || res.Error.Code != CodeSyntax {
			t.Fatalf("%q: want a syntax error, got %+v", tc.src, res.Error)
		}
		if res.Error.Line != tc.line || res.Error.Column != tc.col {
			t.Errorf("%q: at %d:%d, want %d:%d (%v)", tc.src, res.Error.Line, res.Error.Column, tc.line, tc.col, res.Console)
		}
	}
}
