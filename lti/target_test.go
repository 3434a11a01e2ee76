package lti

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCheckTarget: a target_link_uri is accepted only on the origin of the tool's launch
// URL (scheme, host and port; default ports and letter case do not matter).
func TestCheckTarget(t *testing.T) {
	t.Parallel()
	const tool = "https://looplab.example.edu/lti/launch"
	for target, ok := range map[string]bool{
		"https://looplab.example.edu/lti/launch":           true,
		"https://looplab.example.edu/lti/launch?x=1#y":     true,
		"https://LoopLab.Example.EDU:443/lti/launch":       true,
		"HTTPS://looplab.example.edu/other":                true,
		"https://looplab.example.edu":                      true,
		"http://looplab.example.edu/lti/launch":            false,
		"https://looplab.example.edu:8443/lti/launch":      false,
		"https://evil.example/lti/launch":                  false,
		"https://looplab.example.edu.evil.example/x":       false,
		"https://evil.example/https://looplab.example.edu": false,
		"https://looplab.example.edu@evil.example/":        false,
		"https://x@looplab.example.edu/":                   false,
		"/lti/launch":                                      false,
		"//looplab.example.edu/lti/launch":                 false,
		"javascript:alert(1)":                              false,
		"ftp://looplab.example.edu/":                       false,
		"":                                                 false,
		"https://looplab.example.edu:bad/":                 false,
	} {
		err := checkTarget(target, tool, "test")
		if ok {
			assert.NoError(t, err, target)
			continue
		}
		var le *LaunchError
		if assert.True(t, errors.As(err, &le), target) {
			assert.Equal(t, ReasonWrongTarget, le.Reason, target)
		}
	}
	assert.NoError(t, checkTarget("http://127.0.0.1:8080/lti/launch", "http://127.0.0.1:8080/lti/launch", "test"))
	assert.NoError(t, checkTarget("http://localhost/lti/launch", "http://localhost:80/lti/launch", "test"))
	assert.Error(t, checkTarget("http://127.0.0.1:8081/lti/launch", "http://127.0.0.1:8080/lti/launch", "test"))
}
