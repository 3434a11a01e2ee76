package api

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocsStateTheRetryAfterOf503 (issue 30): the README, the docs and the HAProxy
// configuration give a 503 the Retry-After the server sends (the README said 1 where the
// server sent 2).
func TestDocsStateTheRetryAfterOf503(t *testing.T) {
	files, err := filepath.Glob("../docs/*.md")
	require.NoError(t, err)
	files = append(files, "../README.md", "../deploy/haproxy.cfg")
	stated := regexp.MustCompile("Retry-After:? `?([0-9]+)")
	seen := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range stated.FindAllStringSubmatch(string(data), -1) {
			seen++
			assert.Equal(t, retryAfterUnavailable, m[1], "%s: %q", f, m[0])
		}
	}
	assert.GreaterOrEqual(t, seen, 5, "the statements were found")
}
