package lower

import (
	"strings"
	"testing"
)

// TestUsing checks the rewrite of `using` and `await using` declarations, and that
// everything else named using is left alone.
func TestUsing(t *testing.T) {
	cases := []struct{ src, want string }{
		{"{ a(); using x = r(1);\n b(); }",
			"{ a(); const $__us1 = __looplab_using.scope(); let $__uh1 = false, $__uv1; try { const x = $__us1.add(r(1), false);\n b();  } catch ($__ue1) { $__uh1 = true; $__uv1 = $__ue1; } finally { $__us1.end($__uh1, $__uv1); } }"},
		{"async function f() { await using a = g(), b = h(1, 2); return a; }",
			"async function f() { const $__us1 = __looplab_using.scope(); let $__uh1 = false, $__uv1; try { const a = $__us1.add(g(), true), b = $__us1.add(h(1, 2), true); return a;  } catch ($__ue1) { $__uh1 = true; $__uv1 = $__ue1; } finally { await $__us1.endAsync($__uh1, $__uv1); } }"},
		{"using x = r();\nf();", "const $__us1 = __looplab_using.scope(); let $__uh1 = false, $__uv1; try { const x = $__us1.add(r(), false);\nf();\n } catch ($__ue1) { $__uh1 = true; $__uv1 = $__ue1; } finally { $__us1.end($__uh1, $__uv1); } "},
	}
	for _, c := range cases {
		got, ok := Using(c.src)
		if !ok || got != c.want {
			t.Errorf("Using(%q) =\n%q, want\n%q", c.src, got, c.want)
		}
		// every line stays where it was: only a top-level scope's end adds one, last
		if i := strings.Index(got, "\n } catch"); strings.Count(got[:max(i, 0)], "\n") > strings.Count(c.src, "\n") {
			t.Errorf("lines moved in %q", got)
		}
	}
	for _, src := range []string{"using(x);", "let using = 1; using = 2;", "for (using x of y) {}", "const o = { using: 1 };", "f(using, x)", "a.using = 3"} {
		if got, ok := Using(src); ok {
			t.Errorf("Using(%q) changed it: %q", src, got)
		}
	}
}
