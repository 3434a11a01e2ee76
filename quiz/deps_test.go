package quiz_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDependencyDirection keeps the layering: the domain knows nothing of HTTP or SQL,
// and only api imports Fiber.
func TestDependencyDirection(t *testing.T) {
	t.Parallel()
	for pkg, banned := range map[string][]string{
		"./":         {"gofiber", "sqlite", "database/sql", "/api", "/store"},
		"../store":   {"gofiber", "/api"},
		"../content": {"gofiber", "sqlite", "/api", "/store"},
	} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		require.NoError(t, err, pkg)
		for _, dep := range strings.Fields(string(out)) {
			for _, b := range banned {
				if b == "database/sql" { // itself, not database/sql/driver: the engine's C runtime brings that in through a UUID package, for its Valuer interface
					assert.NotEqual(t, b, dep, "%s must not depend on %s", pkg, dep)
					continue
				}
				assert.NotContains(t, dep, b, "%s must not depend on %s", pkg, dep)
			}
		}
	}
}
