package v8errors

import (
	"errors"
	"strconv"
	"unicode/utf16"

	"github.com/looplab/looplab/sim/internal/engine"
)

// JSON.parse's messages: the engine's are short ("expecting property name"); V8's name
// the position, its line and column, and for an unexpected character quote the text
// around it. jsonError finds the first error in a text as V8's JsonParser does and
// returns V8's message for it.

// jsonContext is V8's kMaxContextCharacters: the characters quoted each side of an
// unexpected one; texts shorter than 2*jsonContext+1 are quoted whole.
const jsonContext = 10

type jsonParser struct {
	src []uint16 // V8 counts positions in UTF-16 units
	pos int
	err string
}

// jsonError returns V8's message for the text JSON.parse refused ("" if V8 would accept
// it) and the position it names.
func jsonError(text string) (string, int) {
	p := &jsonParser{src: utf16.Encode([]rune(text))}
	msg := p.check()
	return msg, p.pos
}

func (p *jsonParser) check() string {
	p.skipSpace()
	if !p.value() {
		return p.err
	}
	p.skipSpace()
	switch c := p.peek(); {
	case c < 0:
		return ""
	case c >= '0' && c <= '9' || c == '-':
		return p.at("Unexpected number", " in JSON")
	case c == '"':
		return p.at("Unexpected string", " in JSON")
	}
	return p.at("Unexpected non-whitespace character after JSON", "")
}

func (p *jsonParser) peek() int {
	if p.pos >= len(p.src) {
		return -1
	}
	return int(p.src[p.pos])
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// at is a message with V8's position suffix (where is " in JSON" but after
// "...after JSON").
func (p *jsonParser) at(msg, where string) string {
	line, col := 1, 1
	for i := 0; i < p.pos && i < len(p.src); i++ {
		if p.src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return msg + where + " at position " + strconv.Itoa(p.pos) + " (line " + strconv.Itoa(line) + " column " + strconv.Itoa(col) + ")"
}

// fail records an error (the first one wins) and returns false.
func (p *jsonParser) fail(msg string) bool {
	if p.err == "" {
		p.err = msg
	}
	return false
}

// unexpected is V8's message for an unexpected token at the current position.
func (p *jsonParser) unexpected() bool {
	c := p.peek()
	switch {
	case c < 0:
		return p.fail("Unexpected end of JSON input")
	case c == '"':
		return p.fail(p.at("Unexpected string", " in JSON"))
	case c == '-' || c >= '0' && c <= '9':
		return p.fail(p.at("Unexpected number", " in JSON"))
	}
	whole := string(utf16.Decode(p.src))
	switch whole {
	case "undefined", "NaN", "Infinity", "[object Object]":
		return p.fail(`"` + whole + `" is not valid JSON`)
	}
	tok := string(utf16.Decode(p.src[p.pos : p.pos+1]))
	n := len(p.src)
	if n < 2*jsonContext+1 {
		return p.fail("Unexpected token '" + tok + "', \"" + whole + "\" is not valid JSON")
	}
	sub := func(a, b int) string { return string(utf16.Decode(p.src[max(a, 0):min(b, n)])) }
	switch {
	case p.pos < jsonContext:
		return p.fail("Unexpected token '" + tok + "', \"" + sub(0, p.pos+jsonContext) + "\"... is not valid JSON")
	case p.pos < n-jsonContext:
		return p.fail("Unexpected token '" + tok + "', ...\"" + sub(p.pos-jsonContext, p.pos+jsonContext) + "\"... is not valid JSON")
	}
	return p.fail("Unexpected token '" + tok + "', ...\"" + sub(p.pos-jsonContext, n) + "\" is not valid JSON")
}

// expected fails with a structural message (at the end of the input too).
func (p *jsonParser) expected(msg string) bool { return p.fail(p.at(msg, " in JSON")) }

func (p *jsonParser) value() bool {
	switch c := p.peek(); {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.string()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't':
		return p.literal("true")
	case c == 'f':
		return p.literal("false")
	case c == 'n':
		return p.literal("null")
	}
	return p.unexpected()
}

func (p *jsonParser) literal(word string) bool {
	for i := 0; i < len(word); i++ {
		if p.peek() != int(word[i]) {
			return p.unexpected()
		}
		p.pos++
	}
	return true
}

func (p *jsonParser) object() bool {
	p.pos++ // {
	p.skipSpace()
	if p.peek() == '}' {
		p.pos++
		return true
	}
	if p.peek() != '"' {
		return p.expected("Expected property name or '}'")
	}
	for {
		if !p.string() {
			return false
		}
		p.skipSpace()
		if p.peek() != ':' {
			return p.expected("Expected ':' after property name")
		}
		p.pos++
		p.skipSpace()
		if !p.value() {
			return false
		}
		p.skipSpace()
		switch p.peek() {
		case '}':
			p.pos++
			return true
		case ',':
			p.pos++
			p.skipSpace()
			if p.peek() != '"' {
				return p.expected("Expected double-quoted property name")
			}
		default:
			return p.expected("Expected ',' or '}' after property value")
		}
	}
}

func (p *jsonParser) array() bool {
	p.pos++ // [
	p.skipSpace()
	if p.peek() == ']' {
		p.pos++
		return true
	}
	for {
		if !p.value() {
			return false
		}
		p.skipSpace()
		switch p.peek() {
		case ']':
			p.pos++
			return true
		case ',':
			p.pos++
			p.skipSpace()
		default:
			return p.expected("Expected ',' or ']' after array element")
		}
	}
}

func (p *jsonParser) string() bool {
	p.pos++ // "
	for {
		c := p.peek()
		switch {
		case c < 0:
			return p.fail(p.at("Unterminated string", " in JSON"))
		case c == '"':
			p.pos++
			return true
		case c < 0x20:
			return p.fail(p.at("Bad control character in string literal", " in JSON"))
		case c == '\\':
			p.pos++
			switch e := p.peek(); e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.pos++
			case 'u':
				p.pos++
				for i := 0; i < 4; i++ {
					h := p.peek()
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return p.fail(p.at("Bad Unicode escape", " in JSON"))
					}
					p.pos++
				}
			case -1:
				return p.fail("Unexpected end of JSON input")
			default:
				return p.fail(p.at("Bad escaped character", " in JSON"))
			}
		default:
			p.pos++
		}
	}
}

func (p *jsonParser) digits() int {
	n := 0
	for c := p.peek(); c >= '0' && c <= '9'; c = p.peek() {
		p.pos++
		n++
	}
	return n
}

func (p *jsonParser) number() bool {
	if p.peek() == '-' {
		p.pos++
		if c := p.peek(); c < '0' || c > '9' {
			return p.fail(p.at("No number after minus sign", " in JSON"))
		}
	}
	if p.peek() == '0' {
		p.pos++
	} else {
		p.digits()
	}
	if p.peek() == '.' {
		p.pos++
		if p.digits() == 0 {
			return p.fail(p.at("Unterminated fractional number", " in JSON"))
		}
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.pos++
		if c := p.peek(); c == '+' || c == '-' {
			p.pos++
		}
		if p.digits() == 0 {
			return p.fail(p.at("Exponent part is missing a number", " in JSON"))
		}
	}
	return true
}

// installJSON wraps JSON.parse so its SyntaxErrors carry V8's message.
func (e *Errors) installJSON() {
	r := e.r
	json := r.Get(r.Global(), "JSON")
	orig := r.Keep(r.Get(json, "parse"))
	parse := r.Function("parse", 2, func(c *engine.Call) engine.Value {
		v, err := c.R.Call(orig, c.This, c.Args()...)
		if err == nil {
			return v
		}
		if exc, ok := exceptionOf(err); ok && exc.IsError() && e.kindOf(exc) == "SyntaxError" {
			text := c.Arg(0).String()
			if msg, pos := jsonError(text); msg != "" {
				c.R.Define(exc, "message", c.R.String(msg), engine.Hidden)
				c.R.Drop(e.lastJSON.err)
				e.lastJSON = jsonFailure{err: c.R.Keep(exc), text: text, pos: pos}
			}
		}
		return c.R.Propagate(err)
	})
	r.Define(json, "parse", parse, engine.Hidden)
}

// exceptionOf returns the JavaScript value an error from the engine carries.
func exceptionOf(err error) (engine.Value, bool) {
	var exc *engine.Exception
	if errors.As(err, &exc) {
		return exc.Value, true
	}
	return engine.Value{}, false
}
