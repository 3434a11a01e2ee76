// Package testenv decides what a test does when a program from outside the repository
// (real Node, Chromium, curl) is absent: it skips, saying what is missing and how to get
// it, so that `go test ./...` passes in a fresh clone with nothing installed; where
// LOOPLAB_REQUIRE_EXTERNAL=1 (.ci/run sets it) the absence fails the test instead, so CI
// never passes by skipping.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// RequireVar is the environment variable that turns a missing external program into a
// failure.
const RequireVar = "LOOPLAB_REQUIRE_EXTERNAL"

// SkipPrefix starts every skip message of this package, so a script can list them
// (scripts/check-standalone.sh does).
const SkipPrefix = "external program absent:"

// Required reports whether external programs must be present.
func Required() bool {
	return os.Getenv(RequireVar) == "1"
}

// Missing ends t because an external program is absent: what names it and how to
// install it. It skips, or fails when Required.
func Missing(t testing.TB, what string) {
	t.Helper()
	if Required() {
		t.Fatalf("%s %s (%s=1 requires it)", SkipPrefix, what, RequireVar)
	}
	t.Skipf("%s %s (set %s=1 to fail instead)", SkipPrefix, what, RequireVar)
}

// LookPath returns the path of the program name on PATH, or ends t through Missing with
// the hint on how to install it.
func LookPath(t testing.TB, name, hint string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" is not on PATH: "+hint)
	}
	return p
}
