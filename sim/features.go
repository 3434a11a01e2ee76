package sim

import (
	"regexp"
	"strings"
	"time"

	"github.com/dlclark/regexp2/v2"
)

// features is what the prelude needs to set up for a program, read from its text (and
// the scenario's files). Setting up everything for every run would cost more than most
// programs take to run; a program that can reach anything dynamically gets everything.
type features struct {
	guards    bool // wrap repeat/padStart/padEnd/fill/join/Array.from with size limits
	aggregate bool // give AggregateError V8's message
}

var (
	dynamicRE = regexp.MustCompile(`eval|Function|Reflect|globalThis|global\b|\\u|\\x|\[[^\]\s\d'"]`)
	guardRE   = regexp.MustCompile(`\b(repeat|padStart|padEnd|fill|join|from)\b`)
)

// scanFeatures reads the features of a program from the text of every file it can run:
// the entry and the scenario's files.
func scanFeatures(sources ...string) features {
	code := make([]string, len(sources))
	for i, s := range sources {
		code[i] = withoutHeaderComments(s)
	}
	src := strings.Join(code, "\n")
	dynamic := dynamicRE.MatchString(src)
	return features{
		guards:    dynamic || namesGuardedMethod(src),
		aggregate: dynamic || strings.Contains(src, "any") || strings.Contains(src, "AggregateError"),
	}
}

// withoutHeaderComments drops the comments before a file's first token (a header of //
// lines and /* */ blocks, as the seed files and oracle cases have). They are the only
// comments that can be dropped without a tokenizer: nothing before them can have
// opened a string, template or regular expression. Later comments stay, so a name in
// one only makes the set-up more careful.
func withoutHeaderComments(src string) string {
	for {
		src = strings.TrimLeft(src, " \t\r\n")
		switch {
		case strings.HasPrefix(src, "//"), strings.HasPrefix(src, "#!"):
			i := strings.IndexByte(src, '\n')
			if i < 0 {
				return ""
			}
			src = src[i+1:]
		case strings.HasPrefix(src, "/*"):
			i := strings.Index(src[2:], "*/")
			if i < 0 {
				return ""
			}
			src = src[2+i+2:]
		default:
			return src
		}
	}
}

// namesGuardedMethod reports whether code names a method the guards wrap, by any
// means (s.repeat, s['repeat'], const { from } = Array), except the from of an import
// or export clause (from 'module'), which every ES module that imports has.
func namesGuardedMethod(code string) bool {
	for _, m := range guardRE.FindAllStringIndex(code, -1) {
		if !isModuleFrom(code, m[0], m[1]) {
			return true
		}
	}
	return false
}

// isModuleFrom reports whether code[start:end] is the word from between a space or a
// brace and a quoted module name.
func isModuleFrom(code string, start, end int) bool {
	if code[start:end] != "from" || start == 0 || !strings.ContainsRune(" \t\r\n}*", rune(code[start-1])) {
		return false
	}
	rest := strings.TrimLeft(code[end:], " \t\r\n")
	return rest != "" && (rest[0] == '\'' || rest[0] == '"')
}

// The engine falls back to regexp2 for backtracking patterns, whose matches are not
// interruptible; an evil pattern (ReDoS, as in the seed) would hold a run past its wall
// budget. The match timeout bounds every such match; by then the watchdog has asked the
// runtime to stop, so the run ends with time_budget_exceeded.
func init() {
	regexp2.DefaultMatchTimeout = 1600 * time.Millisecond // just over the default wall budget
}
