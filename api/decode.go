package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// decodeBody decodes the JSON body into v strictly: the content type must be JSON,
// unknown fields and trailing data are rejected, and type errors name the field.
func decodeBody(c *fiber.Ctx, v any) error {
	ct := strings.ToLower(c.Get(fiber.HeaderContentType))
	if !strings.HasPrefix(ct, fiber.MIMEApplicationJSON) {
		return quiz.Errorf(quiz.EINVALID, "The body must be JSON (Content-Type: application/json).")
	}
	return decodeJSON(c.Body(), v)
}

func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return quiz.Errorf(quiz.EINVALID, "The body must hold exactly one JSON value.")
	}
	return nil
}

// jsonError turns a decoding error into an EINVALID error that names the field, without
// echoing Go type names.
func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return quiz.Errorf(quiz.EINVALID, "The body is empty.")
	case errors.As(err, &se):
		return quiz.Errorf(quiz.EINVALID, "The body is not valid JSON (at byte %d).", se.Offset)
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "(body)"
		}
		return &quiz.Error{Code: quiz.EINVALID, Message: "A field has the wrong type.",
			Fields: []quiz.FieldError{{Field: field, Message: "must be " + jsonKind(te.Type.Kind().String())}}}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &quiz.Error{Code: quiz.EINVALID, Message: "The body has an unknown field.",
			Fields: []quiz.FieldError{{Field: field, Message: "is not a known field"}}}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return quiz.Errorf(quiz.EINVALID, "The body is truncated JSON.")
	}
	var qe *quiz.Error
	if errors.As(err, &qe) {
		return qe
	}
	return quiz.Errorf(quiz.EINVALID, "The body could not be decoded.")
}

func jsonKind(k string) string {
	switch k {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	}
	return "of another type"
}

// pathID parses the :name path parameter as a positive ID.
func pathID(c *fiber.Ctx, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Params(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, &quiz.Error{Code: quiz.EINVALID, Message: "The path has an invalid ID.",
			Fields: []quiz.FieldError{{Field: name, Message: "must be a positive integer"}}}
	}
	return id, nil
}

// queryInt parses an optional integer query parameter.
func queryInt(c *fiber.Ctx, name string, def int64) (int64, error) {
	v := c.Query(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: name, Message: "must be a non-negative integer"}}}
	}
	return n, nil
}

// page reads the limit and cursor query parameters. A cursor is opaque to clients; it
// is the ID to continue after.
func page(c *fiber.Ctx) (limit int, cursor int64, err error) {
	l, err := queryInt(c, "limit", 50)
	if err != nil {
		return 0, 0, err
	}
	if l < 1 || l > 500 {
		return 0, 0, &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "limit", Message: "must be between 1 and 500"}}}
	}
	cursor, err = decodeCursor(c.Query("cursor"))
	return int(l), cursor, err
}

func encodeCursor(id int64) string { return "c" + strconv.FormatInt(id, 36) }

func decodeCursor(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(s, "c"), 36, 64)
	if err != nil || !strings.HasPrefix(s, "c") || id < 0 {
		return 0, &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "cursor", Message: "is not a cursor this server returned"}}}
	}
	return id, nil
}

// list is the envelope of every list response.
type list[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"next_cursor"`
}

// newList trims a page fetched with limit+1 rows and sets the next cursor from the last
// kept item's id.
func newList[T any](items []T, limit int, idOf func(T) int64) list[T] {
	out := list[T]{Items: items}
	if len(items) > limit {
		out.Items = items[:limit]
		cur := encodeCursor(idOf(out.Items[limit-1]))
		out.NextCursor = &cur
	}
	if out.Items == nil {
		out.Items = []T{}
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// decodeMergePatch reads a JSON merge patch body (RFC 7396; application/json is
// accepted too).
func decodeMergePatch(c *fiber.Ctx) (map[string]any, error) {
	ct := strings.ToLower(c.Get(fiber.HeaderContentType))
	if !strings.HasPrefix(ct, "application/merge-patch+json") && !strings.HasPrefix(ct, fiber.MIMEApplicationJSON) {
		return nil, quiz.Errorf(quiz.EINVALID, "The body must be a JSON merge patch (Content-Type: application/merge-patch+json).")
	}
	var patch map[string]any
	if err := decodeJSON(c.Body(), &patch); err != nil {
		return nil, err
	}
	return patch, nil
}
