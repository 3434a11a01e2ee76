package sim

import (
	"regexp"
	"strconv"
	"strings"
)

var headerRE = regexp.MustCompile(`(?m)^// @(threadpool|node-flags):[ \t]*(.*)$`)

// ApplyHeaders reads the oracle-style headers in the first 15 lines of a program, as
// scripts/oracle/run-node.sh does, and sets the scenario fields they stand for when the
// scenario leaves them unset:
//
//	// @threadpool: N                                  -> ThreadPool
//	// @node-flags: --unhandled-rejections=MODE        -> UnhandledRejections
func ApplyHeaders(sc *Scenario, src string) {
	lines := strings.SplitN(src, "\n", 16)
	if len(lines) > 15 {
		lines = lines[:15]
	}
	for _, m := range headerRE.FindAllStringSubmatch(strings.Join(lines, "\n"), -1) {
		switch m[1] {
		case "threadpool":
			if n, err := strconv.Atoi(strings.TrimSpace(m[2])); err == nil && sc.ThreadPool == 0 {
				sc.ThreadPool = n
			}
		case "node-flags":
			for _, f := range strings.Fields(m[2]) {
				if mode, ok := strings.CutPrefix(f, "--unhandled-rejections="); ok && sc.UnhandledRejections == "" {
					sc.UnhandledRejections = mode
				}
			}
		}
	}
}
