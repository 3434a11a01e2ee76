package sim

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grafana/sobek"
)

// inspectCase is one recorded oracle entry of testdata/inspect/expected.json,
// produced by running testdata/inspect/record.cjs with real Node.
type inspectCase struct {
	Case   string `json:"case"`
	Output string `json:"output"`
}

// bufferShim gives sobek a minimal Buffer so that the Buffer cases of
// cases.txt evaluate to objects whose constructor is named Buffer.
const bufferShim = `globalThis.Buffer = class Buffer extends Uint8Array {
	static from(s) {
		const b = new Buffer(s.length);
		for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 255;
		return b;
	}
	static alloc(n) { return new Buffer(n); }
};`

// readInspectCases parses cases.txt (see its header for the format).
func readInspectCases(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "inspect", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cases = append(cases, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// readExpected loads the recorded Node output.
func readExpected(t *testing.T) []inspectCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "inspect", "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var expected []inspectCase
	if err := json.Unmarshal(data, &expected); err != nil {
		t.Fatal(err)
	}
	return expected
}

// evalCaseArgs evaluates a case line in a fresh runtime and returns the
// console.log arguments it stands for.
func evalCaseArgs(t *testing.T, line string) (*sobek.Runtime, []sobek.Value) {
	t.Helper()
	rt := sobek.New()
	if _, err := rt.RunString(bufferShim); err != nil {
		t.Fatal(err)
	}
	if line == "..." || strings.HasPrefix(line, "... ") {
		v, err := rt.RunString("[" + strings.TrimPrefix(line, "...") + "]")
		if err != nil {
			t.Fatalf("evaluating %s: %v", line, err)
		}
		arr := v.ToObject(rt)
		n := int(arr.Get("length").ToInteger())
		args := make([]sobek.Value, n)
		for i := range args {
			args[i] = arr.Get(fmt.Sprint(i))
		}
		return rt, args
	}
	v, err := rt.RunString("(" + line + ")")
	if err != nil {
		t.Fatalf("evaluating %s: %v", line, err)
	}
	return rt, []sobek.Value{v}
}

// TestInspectMatchesNode compares formatArgs with console.log output
// recorded from real Node for every case of testdata/inspect/cases.txt.
func TestInspectMatchesNode(t *testing.T) {
	cases := readInspectCases(t)
	expected := readExpected(t)
	if len(cases) != len(expected) {
		t.Fatalf("cases.txt has %d cases but expected.json %d: re-run node testdata/inspect/record.cjs", len(cases), len(expected))
	}
	for i, want := range expected {
		if cases[i] != want.Case {
			t.Fatalf("case %d is %q in cases.txt but %q in expected.json: re-run record.cjs", i, cases[i], want.Case)
		}
		name := fmt.Sprintf("%03d_%s", i, want.Case)
		t.Run(name, func(t *testing.T) {
			rt, args := evalCaseArgs(t, want.Case)
			if got := formatArgs(rt, args); got != want.Output {
				t.Errorf("console.log(%s)\n got: %q\nwant: %q\n--- got\n%s\n--- want\n%s", want.Case, got, want.Output, got, want.Output)
			}
			if got := logFromJS(t, want.Case); got != want.Output {
				t.Errorf("called from JS: console.log(%s)\n got: %q\nwant: %q", want.Case, got, want.Output)
			}
		})
	}
}

// logFromJS evaluates a case as a call of a Go-implemented log function
// from JavaScript, the way the simulator's console.log runs formatArgs.
func logFromJS(t *testing.T, line string) string {
	t.Helper()
	rt := sobek.New()
	if _, err := rt.RunString(bufferShim); err != nil {
		t.Fatal(err)
	}
	var out string
	rt.Set("__log", func(call sobek.FunctionCall) sobek.Value {
		out = formatArgs(rt, call.Arguments)
		return sobek.Undefined()
	})
	src := "__log(" + line + ")"
	if line == "..." || strings.HasPrefix(line, "... ") {
		src = "__log(...[" + strings.TrimPrefix(line, "...") + "])"
	}
	if _, err := rt.RunString(src); err != nil {
		t.Fatalf("running %s: %v", src, err)
	}
	return out
}

// TestFormatArgsSeveral checks placeholder handling and argument joining
// directly (also covered by the "..." oracle cases).
func TestFormatArgsSeveral(t *testing.T) {
	rt := sobek.New()
	v := func(src string) sobek.Value {
		val, err := rt.RunString("(" + src + ")")
		if err != nil {
			t.Fatal(err)
		}
		return val
	}
	tests := []struct {
		args []sobek.Value
		want string
	}{
		{[]sobek.Value{v("'%s=%d%%'"), v("'x'"), v("7")}, "x=7%"},
		{[]sobek.Value{v("'%s'"), v("'a'"), v("'b'"), v("[1]")}, "a b [ 1 ]"},
		{[]sobek.Value{v("'no placeholders'"), v("{ a: 'b' }")}, "no placeholders { a: 'b' }"},
		{[]sobek.Value{v("'%j and %i'"), v("[1]"), v("'12px'")}, "[1] and 12"},
		{[]sobek.Value{v("'%o'"), v("'str'")}, "'str'"},
		{[]sobek.Value{v("{}"), v("'%s'"), v("'x'")}, "{} %s x"},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := formatArgs(rt, tt.args); got != tt.want {
			t.Errorf("formatArgs = %q, want %q", got, tt.want)
		}
	}
}

// TestInspectValueQuotesStrings checks that inspectValue, unlike
// console.log, quotes a top-level string like util.inspect does.
func TestInspectValueQuotesStrings(t *testing.T) {
	rt := sobek.New()
	for src, want := range map[string]string{
		`'it\'s'`:      `"it's"`,
		`'plain'`:      `'plain'`,
		`[1, 'a']`:     `[ 1, 'a' ]`,
		`new Map()`:    `Map(0) {}`,
		`undefined`:    `undefined`,
		`{ 'a-b': 1 }`: `{ 'a-b': 1 }`,
	} {
		v, err := rt.RunString("(" + src + ")")
		if err != nil {
			t.Fatal(err)
		}
		if got := inspectValue(rt, v); got != want {
			t.Errorf("inspectValue(%s) = %q, want %q", src, got, want)
		}
	}
}

// TestInspectSobekStack checks errors carrying sobek's own stack format
// ("\n\tat ..." frames and a trailing newline), which Node never produces:
// the stack is printed as is, without brackets or the trailing newline.
func TestInspectSobekStack(t *testing.T) {
	rt := sobek.New()
	v, err := rt.RunString(`[new Error('boom')]`)
	if err != nil {
		t.Fatal(err)
	}
	got := inspectValue(rt, v)
	want := "[\n  Error: boom\n  \tat <eval>:1:2(3)\n]"
	if got != want {
		t.Errorf("inspectValue = %q, want %q", got, want)
	}
}
