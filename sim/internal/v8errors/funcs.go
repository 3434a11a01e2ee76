package v8errors

import (
	"sort"

	"github.com/looplab/looplab/sim/internal/lower"
)

// funcKind is how a function was defined, which decides how V8 names its frames.
type funcKind uint8

const (
	fnPlain       funcKind = iota // a declaration, an expression or an arrow
	fnMethod                      // a method or a property holding a function
	fnAccessor                    // get x() / set x()
	fnConstructor                 // a class's constructor (or the class itself)
)

// funcSpan is one function of the source: its tokens and its definition's context.
type funcSpan struct {
	start, end int // token indexes: the first token of the definition, the body's last
	kind       funcKind
	owner      string // the class name, "Object" for an object literal, X for X.prototype.m = function
	name       string // the name V8 gives it ("" for anonymous)
}

// braceKind is what a "{" opens, for telling methods from blocks.
type braceKind uint8

const (
	braceBlock braceKind = iota
	braceClass
	braceObject
)

// functions returns the source's functions, found on first use, ordered by start.
func (s *Source) functions() []funcSpan {
	if s.funcs != nil {
		return s.funcs
	}
	s.funcs = []funcSpan{}
	toks := s.tokens()
	type brace struct {
		kind  braceKind
		owner string
	}
	var stack []brace
	pendingClass := "" // a class header seen, its body not yet opened
	inClassHeader := false
	for i := 0; i < len(toks); i++ {
		t := s.text(i)
		switch {
		case t == "class" && toks[i].Kind == lower.Ident:
			inClassHeader = true
			pendingClass = ""
			if s.isName(i+1) && s.text(i+1) != "extends" && s.text(i+1) != "{" {
				pendingClass = s.text(i + 1)
			} else {
				pendingClass = s.assignedName(i)
			}
		case t == "{":
			switch {
			case inClassHeader:
				stack = append(stack, brace{braceClass, pendingClass})
				s.addClassConstructor(i, pendingClass)
				inClassHeader = false
			case s.opensObject(i):
				stack = append(stack, brace{braceObject, "Object"})
			default:
				stack = append(stack, brace{braceBlock, ""})
			}
		case t == "}":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case t == "function" && toks[i].Kind == lower.Ident:
			s.addFunction(i)
		case t == "=>":
			s.addArrow(i)
		case t == "(" && len(stack) > 0 && stack[len(stack)-1].kind != braceBlock && s.isName(i-1):
			s.addMethod(i, stack[len(stack)-1].kind, stack[len(stack)-1].owner)
		}
	}
	sort.SliceStable(s.funcs, func(a, b int) bool { return s.funcs[a].start < s.funcs[b].start })
	return s.funcs
}

// opensObject reports whether the "{" at token i starts an object literal (it stands
// where an expression does).
func (s *Source) opensObject(i int) bool {
	switch s.text(i - 1) {
	case "=", "(", ",", ":", "[", "return", "?", "||", "&&", "??", "=>", "...", "yield", "await":
		if s.text(i-1) == "=>" {
			return false // an arrow's block body
		}
		return true
	}
	return false
}

// assignedName returns X when the expression at token i is the value of `X =`,
// `const X =`, or `X:` (an object key), else "".
func (s *Source) assignedName(i int) string {
	k := i - 1
	if s.text(k) == "async" {
		k--
	}
	switch s.text(k) {
	case "=", ":":
		if s.isName(k - 1) {
			return s.text(k - 1)
		}
	}
	return ""
}

// assignmentTarget returns the member chain assigned the value at token i
// (`Legacy.prototype.run = function`) as V8 infers a name from it: "Legacy.run".
func (s *Source) assignmentTarget(i int) (owner, name string) {
	k := i - 1
	if s.text(k) != "=" || !s.isName(k-1) || s.text(k-2) != "." {
		return "", ""
	}
	end := k - 1
	start := s.chainStart(end)
	var parts []string
	for j := start; j <= end; j++ {
		if s.isName(j) && s.text(j) != "prototype" {
			parts = append(parts, s.text(j))
		}
	}
	if len(parts) < 2 {
		return "", ""
	}
	return parts[0], parts[len(parts)-1]
}

// bodyEnd returns the last token of the function body starting at token i ("{" or an
// arrow's expression).
func (s *Source) bodyEnd(i int) int {
	if s.text(i) == "{" {
		if c := s.matchingClose(i); c >= 0 {
			return c
		}
		return len(s.tokens()) - 1
	}
	depth := 0
	for k := i; k < len(s.tokens()); k++ {
		switch s.text(k) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return k - 1
			}
			depth--
		case ",", ";":
			if depth == 0 {
				return k - 1
			}
		}
	}
	return len(s.tokens()) - 1
}

func (s *Source) addFunction(i int) {
	k := i + 1
	if s.text(k) == "*" {
		k++
	}
	f := funcSpan{start: i, kind: fnPlain}
	if s.isName(k) && s.text(k) != "(" {
		f.name = s.text(k)
		k++
	} else if owner, name := s.assignmentTarget(i); name != "" {
		f.owner, f.name, f.kind = owner, owner+"."+name, fnMethod
	} else if name := s.assignedName(i); name != "" {
		f.name = name
		if s.text(i-1) == ":" || s.text(i-2) == ":" {
			f.kind, f.owner = fnMethod, "Object"
		}
	}
	if s.text(k) != "(" {
		return
	}
	close := s.matchingClose(k)
	if close < 0 || s.text(close+1) != "{" {
		return
	}
	f.end = s.bodyEnd(close + 1)
	s.funcs = append(s.funcs, f)
}

func (s *Source) addArrow(i int) {
	start := i - 1
	if s.text(start) == ")" {
		start = s.matchingOpen(start)
		if start < 0 {
			return
		}
	}
	if s.text(start-1) == "async" {
		start--
	}
	f := funcSpan{start: start, kind: fnPlain, end: s.bodyEnd(i + 1)}
	if owner, name := s.assignmentTarget(start); name != "" {
		f.owner, f.name, f.kind = owner, owner+"."+name, fnMethod
	} else if name := s.assignedName(start); name != "" {
		f.name = name
		if s.text(start-1) == ":" {
			f.kind, f.owner = fnMethod, "Object"
		}
	}
	s.funcs = append(s.funcs, f)
}

// addMethod records a method of a class body or an object literal whose parameter list
// opens at token i: `name(`, `get name(`, `static name(`, `async *name(`.
func (s *Source) addMethod(i int, in braceKind, owner string) {
	nameTok := i - 1
	switch s.text(nameTok - 1) {
	case "{", ",", ";", "}", "static", "get", "set", "async", "*":
	default:
		if in == braceObject || s.text(nameTok-1) != "" && !s.tokens()[nameTok].NL {
			return // a call inside a property's value
		}
	}
	close := s.matchingClose(i)
	if close < 0 || s.text(close+1) != "{" {
		return
	}
	f := funcSpan{start: nameTok, kind: fnMethod, owner: owner, name: s.text(nameTok), end: s.bodyEnd(close + 1)}
	switch s.text(nameTok - 1) {
	case "get", "set":
		f.kind = fnAccessor
		f.name = s.text(nameTok-1) + " " + f.name
		f.start--
	}
	if in == braceClass && f.name == "constructor" {
		f.kind, f.name = fnConstructor, owner
		// The class's implicit span (addClassConstructor) gives way to the explicit one.
		for j := range s.funcs {
			if s.funcs[j].kind == fnConstructor && s.funcs[j].owner == owner && s.funcs[j].name == "" {
				s.funcs[j].end = -1
			}
		}
	}
	s.funcs = append(s.funcs, f)
}

// addClassConstructor records a class body as its constructor until an explicit one is
// found: the engine reports a class without one at the class.
func (s *Source) addClassConstructor(open int, owner string) {
	close := s.matchingClose(open)
	if close < 0 {
		return
	}
	s.funcs = append(s.funcs, funcSpan{start: open, end: close, kind: fnConstructor, owner: owner})
}

// functionAt returns the innermost function holding token i, or nil at top level.
func (s *Source) functionAt(i int) *funcSpan {
	funcs := s.functions()
	var best *funcSpan
	for j := range funcs {
		f := &funcs[j]
		if f.start > i {
			break
		}
		if f.end >= i && (best == nil || f.start >= best.start) {
			best = f
		}
	}
	return best
}

// bodyStart returns the first token of fn's body (after its "{"), or -1.
func (s *Source) bodyStart(fn *funcSpan) int {
	depth := 0
	for k := fn.start; k <= fn.end && k < len(s.tokens()); k++ {
		switch s.text(k) {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case "{":
			if depth == 0 && k+1 <= fn.end {
				return k + 1
			}
		}
	}
	return -1
}
