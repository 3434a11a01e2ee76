package lti

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

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
// Reason is the platform's own reason, when it gave one (PlatformReason).
type HTTPError struct {
	URL    string
	Status int
	Reason string
	Body   string
}

func (e *HTTPError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("lti: %s answered %d: %s", e.URL, e.Status, e.Reason)
	}
	return fmt.Sprintf("lti: %s answered %d: %s", e.URL, e.Status, e.Body)
}

// Temporary reports whether retrying may succeed: server errors, 408, 429, 401 (the
// access token may have been revoked; the next try gets a fresh one), and a score
// refused as not newer than the platform's (Stale: the next try sends a later
// timestamp).
func (e *HTTPError) Temporary() bool {
	return e.Status >= 500 || e.Status == 408 || e.Status == 429 || e.Status == 401 || e.Stale()
}

// Stale reports whether the platform refused a score as not newer than the one it
// holds: Moodle answers 409 "Refusing score with an earlier timestamp for item … and
// user …" (mod/lti/service/gradebookservices/classes/local/resources/scores.php);
// Canvas answers 400 "Provided timestamp of … before last updated timestamp of …"
// (app/controllers/lti/ims/scores_controller.rb, verify_valid_timestamp).
func (e *HTTPError) Stale() bool {
	return e.Status == http.StatusConflict ||
		e.Status == http.StatusBadRequest && strings.Contains(e.Reason, "before last updated timestamp")
}

// httpError is the *HTTPError of a platform's non-2xx answer to a request for u.
func httpError(u string, resp *http.Response, body []byte) *HTTPError {
	return &HTTPError{URL: u, Status: resp.StatusCode, Reason: PlatformReason(resp.Status, resp.StatusCode, body), Body: truncate(body)}
}

// PlatformReason is the reason a platform gave for a non-2xx answer: the message of a
// JSON error body (Moodle's {"reason"}, Canvas's {"errors": {"message"}} or
// {"errors": [{"message"}]}, OAuth 2's {"error_description"} or {"error"}, RFC 9457's
// {"detail"} or {"title"}, a plain {"message"}), else the reason phrase of the status
// line when it is not the standard one (Moodle's score service answers a refused score
// with a body of "[]" and its reason in the status line), else "".
func PlatformReason(status string, code int, body []byte) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) == nil {
		for _, k := range []string{"reason", "errors", "error_description", "detail", "message", "error", "title"} {
			if r := reasonIn(m[k]); r != "" {
				return truncate([]byte(r))
			}
		}
	}
	phrase := strings.TrimSpace(strings.TrimPrefix(status, strconv.Itoa(code)))
	if phrase != "" && phrase != http.StatusText(code) {
		return truncate([]byte(phrase))
	}
	return ""
}

// reasonIn reads a reason out of a JSON value: a string, an object with a "message",
// or a list of either (joined with "; ").
func reasonIn(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var o struct{ Message string }
	if json.Unmarshal(raw, &o) == nil && o.Message != "" {
		return strings.TrimSpace(o.Message)
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var parts []string
		for _, v := range list {
			if r := reasonIn(v); r != "" {
				parts = append(parts, r)
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}
