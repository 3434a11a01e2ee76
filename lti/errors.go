package lti

import "fmt"

// Reasons a launch is refused. They are stable: the error page shows them and tests and
// log searches rely on them.
const (
	ReasonMalformed         = "malformed_request"
	ReasonUnknownPlatform   = "unknown_platform"
	ReasonBadSignature      = "bad_signature"
	ReasonUnknownKey        = "unknown_key"
	ReasonWrongIssuer       = "wrong_issuer"
	ReasonWrongAudience     = "wrong_audience"
	ReasonExpired           = "expired_token"
	ReasonNotYetValid       = "token_not_yet_valid"
	ReasonBadState          = "bad_state"
	ReasonNonceMismatch     = "nonce_mismatch"
	ReasonNonceReplayed     = "nonce_replayed"
	ReasonUnknownDeployment = "unknown_deployment"
	ReasonBadVersion        = "bad_version"
	ReasonBadMessageType    = "bad_message_type"
	ReasonMissingClaim      = "missing_claim"
	ReasonNoQuestion        = "no_question"
	ReasonEmptySet          = "empty_set"
	ReasonNotInstructor     = "not_instructor"
	ReasonDeepLinkSession   = "deep_link_session"
	ReasonWrongTarget       = "wrong_target_link"
)

// LaunchError is a refused login, launch or deep-linking step. Message is safe to show
// to the person in the browser; Detail is for the log only.
type LaunchError struct {
	Reason  string
	Message string
	Detail  string
}

func (e *LaunchError) Error() string {
	return fmt.Sprintf("lti: %s: %s (%s)", e.Reason, e.Message, e.Detail)
}

func refuse(reason, message, detail string, args ...any) *LaunchError {
	return &LaunchError{Reason: reason, Message: message, Detail: fmt.Sprintf(detail, args...)}
}

// HTTPError is a non-2xx answer from a platform service (token, score, membership).
type HTTPError struct {
	URL    string
	Status int
	Body   string
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("lti: %s answered %d: %s", e.URL, e.Status, e.Body)
}

// Temporary reports whether retrying may succeed: server errors, 408, 429, and 401 (the
// access token may have been revoked; the next try gets a fresh one).
func (e *HTTPError) Temporary() bool {
	return e.Status >= 500 || e.Status == 408 || e.Status == 429 || e.Status == 401
}
