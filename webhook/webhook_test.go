package webhook_test

import (
	"errors"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/webhook"
	"github.com/stretchr/testify/assert"
)

// TestSign checks the signature against the example of docs/webhooks.md, computed
// independently (Python's hmac module).
func TestSign(t *testing.T) {
	t.Parallel()
	got := webhook.Sign("whsec_test", 1700000000, []byte(`{"id":"evt_1"}`))
	assert.Equal(t, "v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925", got)
}

func TestVerify(t *testing.T) {
	t.Parallel()
	now := time.Unix(1700000100, 0)
	body := []byte(`{"id":"evt_1"}`)
	sig := webhook.Sign("s3cret", 1700000000, body)
	for _, tc := range []struct {
		name, secret, ts, sig string
		body                  []byte
		want                  error
	}{
		{"OK", "s3cret", "1700000000", sig, body, nil},
		{"OneOfSeveral", "s3cret", "1700000000", "v1=00," + sig, body, nil},
		{"TamperedBody", "s3cret", "1700000000", sig, []byte(`{"id":"evt_2"}`), webhook.ErrBadSignature},
		{"OtherSecret", "other", "1700000000", sig, body, webhook.ErrBadSignature},
		{"MovedTimestamp", "s3cret", "1700000001", sig, body, webhook.ErrBadSignature},
		{"Replayed", "s3cret", "1699990000", webhook.Sign("s3cret", 1699990000, body), body, webhook.ErrStale},
		{"NoTimestamp", "s3cret", "", sig, body, webhook.ErrStale},
	} {
		err := webhook.Verify(tc.secret, tc.ts, tc.sig, tc.body, now, 5*time.Minute)
		assert.True(t, errors.Is(err, tc.want), "%s: %v", tc.name, err)
	}
}

func TestSubscriptionValidate(t *testing.T) {
	t.Parallel()
	s := &webhook.Subscription{URL: "http://example.com/hook", Events: []string{"attempt.graded", "nope"}}
	err := s.Validate()
	assert.Equal(t, quiz.EINVALID, quiz.ErrorCode(err))
	assert.Len(t, quiz.ErrorFields(err), 2)
	s = &webhook.Subscription{URL: " https://example.com/hook ", Events: []string{"learner.created", "attempt.graded", "learner.created"}}
	assert.NoError(t, s.Validate())
	assert.Equal(t, []string{"attempt.graded", "learner.created"}, s.Events)
	assert.Equal(t, "https://example.com/hook", s.URL)
}
