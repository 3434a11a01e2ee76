package quiz

import (
	"errors"
	"fmt"
	"strings"

	"github.com/looplab/looplab/sim"
)

// Error codes. Each maps to one HTTP status in api's error handler, and nowhere else.
const (
	EINVALID      = "invalid"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ERATELIMITED  = "rate_limited"
	// EANSWER is an answer that does not fit its question (not a permutation of the
	// presented lines, an option that is not offered, a number out of range): nothing is
	// graded or stored.
	EANSWER = "invalid_answer"
	// EPRECONDITION is a conditional request whose condition no longer holds (an edit
	// based on a copy that changed since: a lost update avoided).
	EPRECONDITION = "precondition_failed"
	// EUNAVAILABLE: the server cannot take the request now (the simulator's queues are
	// full, the database cannot write); the same request may succeed later.
	EUNAVAILABLE = "unavailable"
	// EUNSUPPORTED is a well-formed request for something looplab does not offer: a Node
	// release the simulator has no profile for (the only problem of the request).
	EUNSUPPORTED = "unsupported"
	EINTERNAL    = "internal"
)

// Error is a domain error: a code from the list above, a message safe to show to a client,
// and, for EINVALID, the fields at fault.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
}

// FieldError names one invalid field of an input, with a JSON-path-like name
// ("prompt.en", "params[0].max").
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("quiz error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns an EINVALID error listing fields, or nil when fields is empty. When the
// only field at fault is a Node version, the request is well-formed but asks for a
// release looplab does not simulate: EUNSUPPORTED.
func Invalid(message string, fields []FieldError) error {
	if len(fields) == 0 {
		return nil
	}
	code := EUNSUPPORTED
	for _, f := range fields {
		if f.Field != "node" && !strings.HasSuffix(f.Field, ".node") {
			code = EINVALID
		}
	}
	return &Error{Code: code, Message: message, Fields: fields}
}

// UnsupportedNode is the error for a Node version the simulator has no profile for, named
// by field ("node", "scenario.node").
func UnsupportedNode(field, version string) error {
	return &Error{Code: EUNSUPPORTED, Message: fmt.Sprintf("Node %q is not simulated.", version),
		Fields: []FieldError{{Field: field, Message: "must be one of " + strings.Join(sim.ProfileNames(), ", ")}}}
}

// InvalidAnswer returns an EANSWER error that names what is wrong with the answer
// (problem completes "The answer …": "must be a number").
func InvalidAnswer(problem string) error {
	return &Error{Code: EANSWER, Message: "The answer does not fit the question: it " + problem + ".",
		Fields: []FieldError{{Field: "answer", Message: problem}}}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for any other
// error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the client-safe message of err: the *Error's message, or
// "Internal error." for anything else.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}

// ErrorFields returns the invalid fields an error carries, if any.
func ErrorFields(err error) []FieldError {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// fieldErrors collects FieldErrors while validating.
type fieldErrors []FieldError

func (f *fieldErrors) add(field, format string, args ...any) {
	*f = append(*f, FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
}
