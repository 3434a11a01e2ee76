package v8errors

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// knownGaps are the recorded cases whose V8 text this package does not give, with why:
// V8 prints a value the engine's error does not carry and the source does not show.
var knownGaps = map[string]string{
	"readUndefComputed": "o[k] with a variable key: V8 names the key's value",
	"readUndefSym":      "a symbol key read from undefined: V8 reports it as not iterable",
	"notIterableDestr":  "array destructuring: the engine points at the function, not the pattern",
	"circular":          "V8 describes the cycle's path (the engine: circular reference)",
	"inOp":              "V8 names the key and the object's value",
	"nullProto":         "V8 names the prototype's value",
	"invalidRegex":      "regular expression syntax errors are the engine's own",
	"thenNotFunc":       "V8 names the receiver",
	"spreadNull":        "spread of null in a call",
	"readonlyLength":    "V8 names the string's value",
	"arrayFromNull":     "V8 names the value and the symbol",
	"structuredClone":   "V8 names the value",
	"mapNotIterable":    "V8 names the entry's value",
}

// cases splits a message program's output into "name => text" entries (a text may go on
// over several lines).
func cases(out string) map[string]string {
	m := map[string]string{}
	last := ""
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if i := strings.Index(l, " => "); i > 0 && !strings.HasPrefix(l, " ") {
			last = l[:i]
			m[last] = l[i+4:]
			continue
		}
		m[last] += "\n" + l
	}
	return m
}

// TestMessagesAgainstNode runs the recorded message programs (each error's name and
// message) and compares every case with Node 24's; the known gaps must still differ.
func TestMessagesAgainstNode(t *testing.T) {
	files, _ := filepath.Glob("testdata/messages/*.cjs")
	matched, total := 0, 0
	for _, f := range files {
		name := filepath.Base(f)
		src, _ := os.ReadFile(f)
		rec := loadRecorded(t, 24, "messages", name)
		p := newProgram(t)
		if err := p.run(string(src)); err != nil {
			t.Fatalf("%s: run: %v", name, err)
		}
		got, want := cases(p.out.String()), cases(rec.Stdout)
		var keys []string
		for k := range want {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			total++
			_, gap := knownGaps[k]
			switch {
			case got[k] == want[k] && gap:
				t.Errorf("%s: %s now matches Node: take it off knownGaps", name, k)
			case got[k] == want[k]:
				matched++
			case !gap:
				t.Errorf("%s: %s\n  got:  %s\n  want: %s", name, k, got[k], want[k])
			}
		}
	}
	t.Logf("%d of %d recorded messages match Node 24", matched, total)
}
