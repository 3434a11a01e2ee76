package lti_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDependencyDirection keeps the integration packages free of the HTTP framework and
// of SQL: only api imports Fiber, only store holds SQL.
func TestDependencyDirection(t *testing.T) {
	t.Parallel()
	for _, pkg := range []string{"./", "../outbox", "../webhook", "../export"} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		require.NoError(t, err, pkg)
		for _, dep := range strings.Fields(string(out)) {
			// database/sql itself, not database/sql/driver (which the engine's C runtime
			// brings in through a UUID package, for its Valuer interface, not for SQL).
			assert.NotEqual(t, "database/sql", dep, "%s must not depend on database/sql", pkg)
			for _, banned := range []string{"gofiber", "sqlite", "/api", "/store"} {
				assert.NotContains(t, dep, banned, "%s must not depend on %s", pkg, dep)
			}
		}
	}
}
