package loop

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The loop's tests are scripts (testdata/*.txt), in the style of etcd raft's datadriven
// tests: a case is one or more command lines, a line "----", and what the commands print;
// cases are separated by a blank line; a line starting with # is a comment. Run with
// -rewrite to write what the loop does now into the files (then read the diff).

var rewrite = flag.Bool("rewrite", false, "rewrite the expected output of testdata/*.txt")

// scriptCase is one case of a script: its commands, what it expects and where it starts.
type scriptCase struct {
	line     int
	comments []string
	cmds     []string
	want     string
}

func parseScript(t *testing.T, text string) []scriptCase {
	t.Helper()
	var cases []scriptCase
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); {
		var c scriptCase
		for ; i < len(lines) && (lines[i] == "" || strings.HasPrefix(lines[i], "#")); i++ {
			if lines[i] != "" {
				c.comments = append(c.comments, lines[i])
			}
		}
		if i == len(lines) {
			if len(c.comments) > 0 {
				cases = append(cases, c) // trailing comments, kept on rewrite
			}
			break
		}
		c.line = i + 1
		for ; i < len(lines) && lines[i] != "----"; i++ {
			c.cmds = append(c.cmds, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("line %d: a case without ----", c.line)
		}
		i++
		var want []string
		for ; i < len(lines) && lines[i] != ""; i++ {
			want = append(want, lines[i])
		}
		c.want = strings.Join(want, "\n")
		cases = append(cases, c)
	}
	return cases
}

func formatScript(cases []scriptCase) string {
	var b strings.Builder
	for i, c := range cases {
		if i > 0 {
			b.WriteString("\n")
		}
		for _, l := range c.comments {
			b.WriteString(l + "\n")
		}
		if c.cmds == nil {
			continue
		}
		b.WriteString(strings.Join(c.cmds, "\n") + "\n----\n")
		if c.want != "" {
			b.WriteString(c.want + "\n")
		}
	}
	return b.String()
}

// TestScripts runs every script of testdata against a loop driven by testHost.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cases := parseScript(t, string(data))
			h := newTestHost()
			for i := range cases {
				c := &cases[i]
				if c.cmds == nil {
					continue
				}
				var out []string
				for _, cmd := range c.cmds {
					if s := h.do(t, cmd); s != "" {
						out = append(out, s)
					}
				}
				got := strings.Join(out, "\n")
				if *rewrite {
					c.want = got
				} else if got != c.want {
					t.Errorf("%s:%d: %s\ngot:\n%s\nwant:\n%s", file, c.line, strings.Join(c.cmds, "; "), got, c.want)
				}
			}
			if *rewrite {
				if err := os.WriteFile(file, []byte(formatScript(cases)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestScriptsNameEveryRule: every libuv rule of docs/node-semantics.md (the loop, timers,
// immediates, the thread pool, races, close) is named by a script.
func TestScriptsNameEveryRule(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	var all strings.Builder
	for _, f := range files {
		data, _ := os.ReadFile(f)
		all.Write(data)
	}
	for _, id := range []string{
		"R-L1", "R-L2", "R-L3", "R-L4",
		"R-T1", "R-T2", "R-T3", "R-T3a", "R-T3b", "R-T3c", "R-T3d", "R-T4", "R-T5", "R-T6",
		"R-I1", "R-I2", "R-I3",
		"R-P1", "R-P3", "R-P4",
		"R-R1", "R-R2", "R-R3", "R-R4",
		"R-E3",
	} {
		if !regexp.MustCompile(regexp.QuoteMeta(id) + `[^0-9a-z]`).MatchString(all.String()) {
			t.Errorf("no loop script names %s", id)
		}
	}
}

func atoi(t *testing.T, s string) int64 {
	t.Helper()
	var n int64
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

// usOf reads a number of milliseconds as microseconds.
func usOf(t *testing.T, s string) int64 {
	t.Helper()
	var ms float64
	if _, err := fmt.Sscan(s, &ms); err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return int64(ms * 1000)
}
