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
	guards    bool     // wrap repeat/padStart/padEnd/fill/join/Array.from with size limits
	aggregate bool     // give AggregateError V8's message
	globals   []string // module-backed globals to define lazily
}

var (
	dynamicRE = regexp.MustCompile(`eval|Function|Reflect|globalThis|global\b|\\u|\\x|\[[^\]\s\d'"]`)
	guardRE   = regexp.MustCompile(`repeat|padStart|padEnd|fill|join|from`)
)

// lazyGlobalNames are the globals backed by built-in modules (see prelude.js).
var lazyGlobalNames = []string{"Buffer", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "structuredClone", "fetch"}

func scanFeatures(sources ...string) features {
	src := strings.Join(sources, "\n")
	dynamic := dynamicRE.MatchString(src)
	f := features{
		guards:    dynamic || guardRE.MatchString(src),
		aggregate: dynamic || strings.Contains(src, "any") || strings.Contains(src, "AggregateError"),
	}
	for _, g := range lazyGlobalNames {
		if dynamic || strings.Contains(src, g) {
			f.globals = append(f.globals, g)
		}
	}
	return f
}

// The engine falls back to regexp2 for backtracking patterns, whose matches are not
// interruptible; an evil pattern (ReDoS, as in the seed) would hold a run past its wall
// budget. The match timeout bounds every such match; by then the watchdog has asked the
// runtime to stop, so the run ends with time_budget_exceeded.
func init() {
	regexp2.DefaultMatchTimeout = 1600 * time.Millisecond // just over the default wall budget
}
