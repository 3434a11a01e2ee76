package lower

import (
	"strings"
	"testing"
)

func TestForAwaitKeepsLines(t *testing.T) {
	for _, src := range []string{
		"async function f(xs) {\n  for await (const x of xs) {\n    log(x)\n  }\n  log('end')\n}\n",
		"outer: for await (const [a,\n b] of pairs())\n  log(a, b)\nlog('x')\n",
		"for await (x of\n  source(`a ${'}'} b`, /}/g)) { if (x) break outer }\n",
		"for await (const x of a) for await (const y of b) { log(x, y) }\n",
	} {
		out, changed := ForAwait(src)
		if !changed {
			t.Fatalf("not lowered: %q", src)
		}
		if strings.Contains(out, "for await") {
			t.Fatalf("a loop is left:\n%s", out)
		}
		if got, want := strings.Count(out, "\n"), strings.Count(src, "\n"); got != want {
			t.Fatalf("lines %d, want %d:\n%s", got, want, out)
		}
		// Every line that held an identifier keeps it on the same line.
		in, res := strings.Split(src, "\n"), strings.Split(out, "\n")
		for _, name := range []string{"log('end')", "log(a, b)", "log('x')", "log(x, y)", "log(x)"} {
			for i, l := range in {
				if strings.Contains(l, name) && !strings.Contains(res[i], name) {
					t.Fatalf("%s moved from line %d:\n%s", name, i+1, out)
				}
			}
		}
	}
}

func TestForAwaitLeavesOtherCodeAlone(t *testing.T) {
	for _, src := range []string{
		"const s = 'for await (x of y)'; // for await (a of b)\n",
		"for (const x of xs) await x\n",
		"const re = /for await \\(/; const t = `for await (${a} of b)`\n",
	} {
		if out, changed := ForAwait(src); changed {
			t.Fatalf("changed %q into %q", src, out)
		}
	}
}

func TestScanTemplatesAndRegexps(t *testing.T) {
	src := "a = `x${ {b: `y${c}`}.b }z` / 2; r = /[/]}/.test(s); q = x / y / z"
	var kinds []tokKind
	for _, tk := range scan(src) {
		kinds = append(kinds, tk.kind)
	}
	toks := scan(src)
	if got := text(src, toks[2]); got != "`x${ {b: `y${c}`}.b }z`" {
		t.Fatalf("template token %q", got)
	}
	found := false
	for _, tk := range toks {
		if tk.kind == tRegexp && text(src, tk) == "/[/]}/" {
			found = true
		}
	}
	if !found {
		t.Fatalf("regexp not found in %v", kinds)
	}
}

func TestDynamicImportRewritesCallsOnly(t *testing.T) {
	src := "const a = await import('./a.mjs');\nimport('node:fs').then(f)\nconst o = { import(x) { return x } }; o.import(1); x?.import(2)\n" +
		"const s = 'import(\"no\")'; // import('no')\nimport x from 'y'; import.meta.url\n"
	out, changed := DynamicImport(src, "/app/main.mjs")
	if !changed {
		t.Fatal("not rewritten")
	}
	want := "const a = await __looplab_import(\"/app/main.mjs\", './a.mjs');\n__looplab_import(\"/app/main.mjs\", 'node:fs').then(f)\n" +
		"const o = { import(x) { return x } }; o.import(1); x?.import(2)\n" +
		"const s = 'import(\"no\")'; // import('no')\nimport x from 'y'; import.meta.url\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	if _, changed := DynamicImport("import x from 'y'\nconst t = `${import.meta.url}`\n", "/a"); changed {
		t.Fatal("a static import was rewritten")
	}
}
