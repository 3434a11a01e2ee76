package v8errors

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/internal/lower"
)

// site is where the engine made an error, as the message rules see it.
type site struct {
	kind   string // the error's class by its prototype: "TypeError", "InternalError"...
	msg    string // the engine's message
	frames []qjsFrame
	user   int     // index of the first frame in a known source, -1 if none
	src    *Source // that frame's source
	tok    int     // the token at that frame's position, -1 if unknown
}

// native is the name of the built-in the error came from ("" when user code threw it).
func (s *site) native() string {
	if len(s.frames) > 0 && s.frames[0].native {
		return s.frames[0].name
	}
	return ""
}

// verdict is V8's version of an error.
type verdict struct {
	msg  string
	kind string // the constructor to give the error ("" keeps it)
	at   int    // the token V8's first frame points at (-1: the usual mapping)
	skip int    // leading engine frames V8 does not list
}

// rule turns one engine message into V8's. apply returns ok false to leave the error
// to the next rule (or as it is).
type rule struct {
	kind    string         // the error class it applies to
	pattern *regexp.Regexp // the engine's message
	// v8 is the V8 template (documentation and the table test); apply computes it.
	v8    string
	apply func(s *site, m []string) (verdict, bool)
}

// fixed returns a rule whose V8 text needs nothing but the engine's message.
func fixed(kind, pattern, v8 string) rule {
	return rule{kind: kind, pattern: regexp.MustCompile("^" + pattern + "$"), v8: v8,
		apply: func(s *site, m []string) (verdict, bool) {
			out := v8
			for i := 1; i < len(m); i++ {
				out = strings.ReplaceAll(out, "$"+strconv.Itoa(i), m[i])
			}
			return verdict{msg: out, at: -1}, true
		}}
}

func contextual(kind, pattern, v8 string, apply func(s *site, m []string) (verdict, bool)) rule {
	return rule{kind: kind, pattern: regexp.MustCompile("^" + pattern + "$"), v8: v8, apply: apply}
}

// rules is the table of the engine's messages and V8's (Node 24, V8 13.6). Order matters
// where patterns overlap.
var rules = []rule{
	contextual("TypeError", `cannot read property '(.*)' of (undefined|null)`, "Cannot read properties of $2 (reading '$1')",
		func(s *site, m []string) (verdict, bool) {
			if m[1] == "Symbol.iterator" {
				return notIterable(s)
			}
			return verdict{msg: "Cannot read properties of " + m[2] + " (reading '" + m[1] + "')", at: s.afterDot()}, true
		}),
	contextual("TypeError", `cannot read property of (undefined|null)`, "Cannot read properties of $1 (reading 'KEY')",
		func(s *site, m []string) (verdict, bool) {
			key, ok := s.computedKey()
			if !ok {
				return verdict{}, false
			}
			return verdict{msg: "Cannot read properties of " + m[1] + " (reading '" + key + "')", at: -1}, true
		}),
	contextual("TypeError", `cannot set property '(.*)' of (undefined|null)`, "Cannot set properties of $2 (setting '$1')",
		func(s *site, m []string) (verdict, bool) {
			at := s.afterDot()
			if at >= 0 && strings.HasSuffix(s.src.text(at+1), "=") && s.src.text(at+1) != "==" && s.src.text(at+1) != "===" {
				at++ // V8 points an assignment at its operator
			}
			return verdict{msg: "Cannot set properties of " + m[2] + " (setting '" + m[1] + "')", at: at}, true
		}),
	contextual("TypeError", `not a function`, "EXPR is not a function / EXPR is not a constructor", notAFunction),
	contextual("TypeError", `(.+) is not a constructor`, "EXPR is not a constructor",
		func(s *site, m []string) (verdict, bool) {
			if s.tok < 0 || s.text(0) != "(" {
				return verdict{msg: m[1] + " is not a constructor", at: -1}, true
			}
			name, _ := s.src.calleeBefore(s.tok)
			return verdict{msg: name + " is not a constructor", at: s.newToken()}, true
		}),
	contextual("TypeError", `value is not iterable`, "EXPR is not iterable",
		func(s *site, m []string) (verdict, bool) { return notIterable(s) }),
	contextual("ReferenceError", `'(.+)' is not defined`, "$1 is not defined",
		func(s *site, m []string) (verdict, bool) {
			at := -1
			if s.tok > 0 && s.text(-1) == "return" {
				at = s.tok - 1
			}
			return verdict{msg: m[1] + " is not defined", at: at}, true
		}),
	fixed("ReferenceError", `this is not initialized`, "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"),
	fixed("ReferenceError", `(.+) is not initialized`, "Cannot access '$1' before initialization"),
	contextual("TypeError", `'(.+)' is read-only`, "Assignment to constant variable. / Cannot assign to read only property '$1' of object",
		func(s *site, m []string) (verdict, bool) {
			if s.tok >= 0 && s.text(0) != "." && s.text(0) != "?." && s.text(-1) != "." && s.text(-1) != "?." {
				at := -1
				if s.text(1) != "" {
					at = s.tok + 1
				}
				return verdict{msg: "Assignment to constant variable.", at: at}, true
			}
			return verdict{msg: "Cannot assign to read only property '" + m[1] + "' of object '#<Object>'", at: s.afterDot()}, true
		}),
	contextual("InternalError", `stack overflow`, "RangeError: Maximum call stack size exceeded",
		func(s *site, m []string) (verdict, bool) {
			return verdict{msg: "Maximum call stack size exceeded", kind: "RangeError", at: -1}, true
		}),
	fixed("RangeError", `invalid array length`, "Invalid array length"),
	contextual("InternalError", `string too long`, "RangeError: Invalid string length",
		func(s *site, m []string) (verdict, bool) {
			return verdict{msg: "Invalid string length", kind: "RangeError", at: -1}, true
		}),
	fixed("RangeError", `invalid string length`, "Invalid string length"),
	fixed("SyntaxError", `redeclaration of '(.+)'`, "Identifier '$1' has already been declared"),
	contextual("TypeError", `cannot convert to object`, "Cannot convert undefined or null to object / Cannot destructure ...",
		func(s *site, m []string) (verdict, bool) {
			if s.native() != "" || s.src == nil {
				return verdict{msg: "Cannot convert undefined or null to object", at: -1}, true
			}
			return s.destructure()
		}),
	contextual("TypeError", `empty array`, "Reduce of empty array with no initial value",
		func(s *site, m []string) (verdict, bool) {
			if n := s.native(); n == "reduce" || n == "reduceRight" {
				return verdict{msg: "Reduce of empty array with no initial value", at: -1}, true
			}
			return verdict{}, false
		}),
	contextual("TypeError", `class constructors must be invoked with 'new'`, "Class constructor NAME cannot be invoked without 'new'",
		func(s *site, m []string) (verdict, bool) {
			if len(s.frames) == 0 {
				return verdict{}, false
			}
			// The engine throws from the class's own frame, which V8 does not list.
			return verdict{msg: "Class constructor " + s.frames[0].name + " cannot be invoked without 'new'", at: -1, skip: 1}, true
		}),
	contextual("TypeError", `cannot convert bigint to number`, "Cannot mix BigInt and other types, use explicit conversions",
		func(s *site, m []string) (verdict, bool) {
			if s.native() != "" {
				return verdict{msg: "Cannot convert a BigInt value to a number", at: -1}, true
			}
			return verdict{msg: "Cannot mix BigInt and other types, use explicit conversions", at: -1}, true
		}),
	fixed("RangeError", `Date value is NaN`, "Invalid time value"),
	fixed("RangeError", `invalid date`, "Invalid time value"),
	fixed("TypeError", `cannot convert symbol to string`, "Cannot convert a Symbol value to a string"),
	fixed("TypeError", `circular reference`, "Converting circular structure to JSON"),
	contextual("TypeError", `invalid 'instanceof' right operand`, "Right-hand side of 'instanceof' is not an object / is not callable",
		func(s *site, m []string) (verdict, bool) {
			// The engine says the same for a primitive and an object that is not callable.
			if s.text(0) == "instanceof" && s.literalAt(s.tok+1) {
				return verdict{msg: "Right-hand side of 'instanceof' is not an object", at: -1}, true
			}
			return verdict{msg: "Right-hand side of 'instanceof' is not callable", at: -1}, true
		}),
	contextual("RangeError", `invalid repeat count`, "Invalid count value: N",
		func(s *site, m []string) (verdict, bool) {
			if s.native() != "repeat" || s.text(0) != "(" {
				return verdict{}, false
			}
			arg := s.src.expressionAt(s.tok+1, ",")
			if _, err := strconv.ParseFloat(arg, 64); err != nil && arg != "Infinity" && arg != "-Infinity" {
				return verdict{}, false
			}
			return verdict{msg: "Invalid count value: " + arg, at: -1}, true
		}),
	contextual("TypeError", `not an object`, "Object.defineProperty called on non-object",
		func(s *site, m []string) (verdict, bool) {
			switch s.native() {
			case "defineProperty":
				return verdict{msg: "Object.defineProperty called on non-object", at: -1}, true
			case "defineProperties":
				return verdict{msg: "Object.defineProperties called on non-object", at: -1}, true
			case "ownKeys", "getPrototypeOf", "has", "isExtensible", "preventExtensions", "getOwnPropertyDescriptor":
				return verdict{msg: "Reflect." + s.native() + " called on non-object", at: -1}, true
			}
			return verdict{}, false
		}),
	contextual("RangeError", `cannot convert to BigInt: not an integer`, "The number N cannot be converted to a BigInt because it is not an integer",
		func(s *site, m []string) (verdict, bool) {
			arg, ok := s.literalArg("BigInt")
			if _, err := strconv.ParseFloat(arg, 64); !ok || err != nil {
				return verdict{}, false
			}
			return verdict{msg: "The number " + arg + " cannot be converted to a BigInt because it is not an integer", at: -1}, true
		}),
	contextual("SyntaxError", `invalid bigint literal`, "Cannot convert S to a BigInt",
		func(s *site, m []string) (verdict, bool) {
			arg, ok := s.literalArg("BigInt")
			if !ok || len(arg) < 2 || (arg[0] != '\'' && arg[0] != '"') {
				return verdict{}, false
			}
			return verdict{msg: "Cannot convert " + arg[1:len(arg)-1] + " to a BigInt", at: -1}, true
		}),
	fixed("TypeError", `private class field '(#.+)' does not exist`, "Cannot read private member $1 from an object whose class did not declare it"),
	fixed("TypeError", `invalid value used as WeakMap key`, "Invalid value used as weak map key"),
	fixed("TypeError", `invalid value used as WeakSet key`, "Invalid value used in weak set"),
	fixed("URIError", `expecting hex digit`, "URI malformed"),
	fixed("URIError", `malformed UTF-8`, "URI malformed"),
	fixed("RangeError", `radix must be between 2 and 36`, "toString() radix argument must be between 2 and 36"),
	fixed("RangeError", `bad normalization form`, "The normalization form should be one of NFC, NFD, NFKC, NFKD."),
	contextual("RangeError", `invalid number of digits`, "toFixed() digits argument must be between 0 and 100 / toPrecision() argument must be between 1 and 100",
		func(s *site, m []string) (verdict, bool) {
			switch s.native() {
			case "toFixed":
				return verdict{msg: "toFixed() digits argument must be between 0 and 100", at: -1}, true
			case "toPrecision":
				return verdict{msg: "toPrecision() argument must be between 1 and 100", at: -1}, true
			case "toExponential":
				return verdict{msg: "toExponential() argument must be between 0 and 100", at: -1}, true
			}
			return verdict{}, false
		}),
	contextual("TypeError", `no setter for property`, "Cannot set property NAME of #<Object> which has only a getter",
		func(s *site, m []string) (verdict, bool) {
			at := s.afterDot()
			if at < 0 {
				return verdict{}, false
			}
			return verdict{msg: "Cannot set property " + s.src.text(at) + " of #<Object> which has only a getter", at: at}, true
		}),
}

// text returns the token d places from the site's token ("" out of range).
func (s *site) text(d int) string {
	if s.src == nil || s.tok < 0 {
		return ""
	}
	return s.src.text(s.tok + d)
}

// literalAt reports whether token i is a primitive literal (a number, a string,
// undefined, null, true, false).
func (s *site) literalAt(i int) bool {
	toks := s.src.tokens()
	if i < 0 || i >= len(toks) {
		return false
	}
	switch toks[i].Kind {
	case lower.Number, lower.String, lower.Template:
		return true
	}
	switch s.src.text(i) {
	case "undefined", "null", "true", "false":
		return true
	}
	return false
}

// afterDot is the token after a "." at the site (V8 points a named property access at
// the name), else -1.
func (s *site) afterDot() int {
	if t := s.text(0); t == "." || t == "?." {
		return s.tok + 1
	}
	return -1
}

// computedKey is the key of obj[KEY] at the site when KEY is a literal.
func (s *site) computedKey() (string, bool) {
	if s.text(0) != "[" || s.text(2) != "]" {
		return "", false
	}
	k := s.text(1)
	switch s.src.tokens()[s.tok+1].Kind {
	case lower.Number:
		if f, err := strconv.ParseFloat(k, 64); err == nil {
			return strconv.FormatFloat(f, 'f', -1, 64), true
		}
	case lower.String:
		if u, err := strconv.Unquote(`"` + strings.ReplaceAll(k[1:len(k)-1], `"`, `\"`) + `"`); err == nil {
			return u, true
		}
	}
	return "", false
}

// newToken returns the `new` token of the new-expression whose "(" is the site's token.
func (s *site) newToken() int { return s.src.newOf(s.tok) }

// notAFunction names the callee: "obj.method is not a function", or "X is not a
// constructor" for a new-expression.
func notAFunction(s *site, m []string) (verdict, bool) {
	if arg, ok := s.literalArg("Promise"); ok {
		return promiseResolver(arg)
	}
	if s.native() != "" {
		return nativeNotAFunction(s)
	}
	if s.tok < 0 || s.text(0) != "(" {
		return verdict{}, false
	}
	name, at := s.src.calleeBefore(s.tok)
	if name == "" {
		return verdict{}, false
	}
	if n := s.newToken(); n >= 0 {
		return verdict{msg: name + " is not a constructor", at: n}, true
	}
	return verdict{msg: name + " is not a function", at: at}, true
}

// promiseResolver is V8's message for new Promise(arg) with a literal arg that is no
// function.
func promiseResolver(arg string) (verdict, bool) {
	switch {
	case arg == "":
		arg = "undefined"
	case arg == "undefined" || arg == "null" || arg == "true" || arg == "false":
	case len(arg) >= 2 && (arg[0] == '\'' || arg[0] == '"'):
		arg = arg[1 : len(arg)-1]
	default:
		if _, err := strconv.ParseFloat(arg, 64); err != nil {
			return verdict{}, false
		}
	}
	return verdict{msg: "Promise resolver " + arg + " is not a function", at: -1}, true
}

// callbackTakers are the built-ins whose first argument must be a function: V8 names its
// value ("undefined is not a function").
var callbackTakers = map[string]bool{
	"map": true, "forEach": true, "filter": true, "find": true, "findIndex": true, "findLast": true,
	"findLastIndex": true, "some": true, "every": true, "reduce": true, "reduceRight": true,
	"flatMap": true, "sort": true, "toSorted": true, "then": true,
}

// nativeNotAFunction handles a built-in refusing its callback: V8 prints the value, which
// the source shows when it is a literal or missing.
func nativeNotAFunction(s *site) (verdict, bool) {
	if !callbackTakers[s.native()] || s.src == nil || s.text(0) != "(" {
		return verdict{}, false
	}
	arg := s.src.expressionAt(s.tok+1, ",")
	switch {
	case arg == "" || arg == "undefined":
		return verdict{msg: "undefined is not a function", at: -1}, true
	case arg == "null":
		return verdict{msg: "null is not a function", at: -1}, true
	}
	if _, err := strconv.ParseFloat(arg, 64); err == nil {
		return verdict{msg: "number " + arg + " is not a function", at: -1}, true
	}
	if len(arg) >= 2 && (arg[0] == '\'' || arg[0] == '"') {
		return verdict{msg: "string \"" + arg[1:len(arg)-1] + "\" is not a function", at: -1}, true
	}
	return verdict{}, false
}

// literalArg is the source of the first argument of a call of the built-in native (the
// error's first frame), when the call is at the error's position.
func (s *site) literalArg(native string) (string, bool) {
	if s.native() != native || s.src == nil || s.tok < 0 || s.text(0) != "(" {
		return "", false
	}
	return s.src.expressionAt(s.tok+1, ",", ")"), true
}

// notIterable names the iterated expression: `for (x of EXPR)`, `[...EXPR]`.
func notIterable(s *site) (verdict, bool) {
	if s.tok < 0 {
		return verdict{}, false
	}
	prev := s.text(-1)
	if prev != "of" && prev != "..." {
		return verdict{}, false
	}
	expr := s.src.expressionAt(s.tok, ")", ",", ";")
	if expr == "" {
		return verdict{}, false
	}
	start := s.tok
	name := expr
	if end := s.tok + len(lower.Tokens(expr)) - 1; end >= start {
		name = s.src.printChain(start, end)
	}
	return verdict{msg: name + " is not iterable", at: s.tok}, true
}

// destructure explains a failed object destructuring. The engine points at the function
// holding it, not the pattern: the first object pattern of that function is taken.
func (s *site) destructure() (verdict, bool) {
	if s.tok < 0 {
		return verdict{}, false
	}
	body := s.tok
	end := len(s.src.tokens())
	for k := s.tok; k < end; k++ { // to the function's body
		if s.src.text(k) == "{" || s.src.text(k) == "=>" {
			body = k
			break
		}
	}
	close := s.src.matchingClose(body)
	if close < 0 {
		close = end - 1
	}
	for k := s.tok; k < close; k++ {
		if s.src.text(k) != "{" {
			continue
		}
		prev := s.src.text(k - 1)
		if prev != "const" && prev != "let" && prev != "var" && prev != "(" && prev != "," {
			continue
		}
		pclose := s.src.matchingClose(k)
		if pclose < 0 {
			continue
		}
		var value string
		if s.src.text(pclose+1) == "=" {
			value = s.src.expressionAt(pclose+2, ";", ",")
		} else if prev == "(" || prev == "," {
			value = "undefined" // a parameter the call did not pass
		} else {
			continue
		}
		nullish := "undefined"
		if value == "null" {
			nullish = "null"
		}
		if pclose == k+1 {
			return verdict{msg: "Cannot destructure '" + value + "' as it is " + nullish + ".", at: k}, true
		}
		return verdict{msg: "Cannot destructure property '" + s.src.text(k+1) + "' of '" + value + "' as it is " + nullish + ".", at: k + 1}, true
	}
	return verdict{}, false
}

// translate gives V8's version of an engine error, or ok false to leave it alone.
func translate(s *site) (verdict, bool) {
	for _, r := range rules {
		if r.kind != s.kind {
			continue
		}
		if prefix, _ := r.pattern.LiteralPrefix(); !strings.HasPrefix(s.msg, prefix) {
			continue
		}
		m := r.pattern.FindStringSubmatch(s.msg)
		if m == nil {
			continue
		}
		if v, ok := r.apply(s, m); ok {
			return v, true
		}
	}
	return verdict{}, false
}
