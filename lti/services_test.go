package lti

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoresURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://moodle.example/mod/lti/services.php/2/lineitems/7/lineitem?type_id=1": "https://moodle.example/mod/lti/services.php/2/lineitems/7/lineitem/scores?type_id=1",
		"https://canvas.example/api/lti/courses/1/line_items/2":                        "https://canvas.example/api/lti/courses/1/line_items/2/scores",
		"https://x.example/lineitems/3/":                                               "https://x.example/lineitems/3/scores",
	} {
		got, err := ScoresURL(in)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
}

func TestNewScore(t *testing.T) {
	t.Parallel()
	s := NewScore("u1", 6.0/7, "c")
	assert.Equal(t, 85.71, s.ScoreGiven)
	assert.Equal(t, 100.0, s.ScoreMaximum)
	assert.Equal(t, "Completed", s.ActivityProgress)
	assert.Equal(t, "FullyGraded", s.GradingProgress)
}

// TestNextStamp: a score's timestamp is its grade's time in whole seconds, and always
// one second after the target's last one when that is not later, in UTC.
func TestNextStamp(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 30, 10, 0, 0, 123456789, time.FixedZone("x", 3600))
	first := NextStamp(at, time.Time{})
	assert.Equal(t, "2026-11-30T09:00:00.000+00:00", first.Format(StampFormat))
	second := NextStamp(at.Add(400*time.Millisecond), first) // the same second
	assert.Equal(t, "2026-11-30T09:00:01.000+00:00", second.Format(StampFormat))
	assert.Equal(t, second.Add(time.Second), NextStamp(at, second), "a burst runs ahead of the clock, one second a score")
	assert.Equal(t, first.Add(time.Minute), NextStamp(at.Add(time.Minute), second), "a later grade keeps its own time")
}

func TestNextLink(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "https://p/m?page=2", nextLink([]string{`<https://p/m?page=0>; rel="prev", <https://p/m?page=2>; rel="next"`}))
	assert.Equal(t, "https://p/m?p=3", nextLink([]string{`<https://p/m?p=1>; rel=first`, `<https://p/m?p=3>; rel=next`}))
	assert.Empty(t, nextLink(nil))
}

func TestExternalIDAndLanguage(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "https://canvas.instructure.com#abc", ExternalID("https://canvas.instructure.com", "abc"))
	long := ExternalID("https://lms.example/"+strings.Repeat("x", 150), strings.Repeat("y", 100))
	assert.True(t, strings.HasPrefix(long, "lti#"))
	assert.Len(t, long, 4+64)
	assert.Equal(t, long, ExternalID("https://lms.example/"+strings.Repeat("x", 150), strings.Repeat("y", 100)))
	assert.Equal(t, "vi", PageLanguage("vi-VN"))
	assert.Equal(t, "vi", PageLanguage("VI"))
	assert.Equal(t, "en", PageLanguage("en_US"))
	assert.Equal(t, "en", PageLanguage(""))
}

func TestPlatformValidate(t *testing.T) {
	t.Parallel()
	p := &Platform{Issuer: " https://lms.example ", ClientID: "c", DeploymentIDs: []string{"1", " 1", "", "2"},
		AuthLoginURL: "https://lms.example/auth", TokenURL: "http://127.0.0.1:9/token", JWKSURL: "http://localhost/jwks"}
	require.NoError(t, p.Validate())
	assert.Equal(t, "https://lms.example", p.Issuer)
	assert.Equal(t, []string{"1", "2"}, p.DeploymentIDs)
	p.JWKSURL, p.DeploymentIDs, p.ClientID = "http://lms.example/jwks", nil, ""
	err := p.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid")
}

func TestClaims(t *testing.T) {
	t.Parallel()
	c := &Claims{GivenName: "Lan", FamilyName: "Tran", Locale: "en-US",
		Presentation: &Presentation{Locale: "vi-VN"}, Roles: []string{"http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"}}
	assert.Equal(t, "Lan Tran", c.DisplayName())
	assert.Equal(t, "vi-VN", c.LaunchLocale())
	assert.True(t, c.IsInstructor())
	c.Roles = []string{"http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"}
	assert.False(t, c.IsInstructor())
	assert.False(t, (&AGSEndpoint{LineItem: "x", Scope: []string{ScopeLineItem}}).CanScore())
	assert.True(t, (&AGSEndpoint{LineItem: "x", Scope: []string{ScopeScore}}).CanScore())
	container := &AGSEndpoint{LineItems: "c", Scope: []string{ScopeLineItem, ScopeScore}}
	assert.True(t, container.CanScore(), "the line item can be found or created")
	assert.True(t, container.CanCreateLineItem())
	assert.False(t, (&AGSEndpoint{LineItems: "c", Scope: []string{ScopeScore}}).CanScore(), "no lineitem scope, no line item")
	assert.False(t, (&AGSEndpoint{LineItems: "c", Scope: []string{ScopeLineItem}}).CanScore(), "no score scope")
}
