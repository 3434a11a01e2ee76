package v8errors

import (
	"strings"

	"github.com/looplab/looplab/sim/internal/lower"
)

// Reading the source around an error's position: V8's messages name the expression at
// the call site ("obj.method is not a function") and its positions point at particular
// tokens. These helpers work on the source's tokens.

// isName reports whether token i is an identifier (not a keyword that ends an expression).
func (s *Source) isName(i int) bool {
	toks := s.tokens()
	return i >= 0 && i < len(toks) && toks[i].Kind == lower.Ident
}

// matchingOpen returns the index of the bracket opening the one that token close ends.
func (s *Source) matchingOpen(close int) int {
	depth := 0
	for k := close; k >= 0; k-- {
		switch s.text(k) {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// matchingClose returns the index of the bracket closing the one token open starts.
func (s *Source) matchingClose(open int) int {
	depth := 0
	for k := open; k < len(s.tokens()); k++ {
		switch s.text(k) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// chainStart returns the first token of the member chain that ends at token end
// (`a.b[c](d).e` ends at e and starts at a).
func (s *Source) chainStart(end int) int {
	k := end
	for k >= 0 {
		switch t := s.text(k); {
		case t == ")" || t == "]":
			open := s.matchingOpen(k)
			if open < 0 {
				return k
			}
			if t == "]" || open > 0 && (s.isName(open-1) || s.text(open-1) == ")" || s.text(open-1) == "]") {
				k = open - 1 // a computed member or a call: the chain goes on before it
				if t == ")" && !s.isName(k) && s.text(k) != ")" && s.text(k) != "]" {
					return open
				}
				continue
			}
			return open // a parenthesized expression starts the chain
		case s.isName(k) || s.tokens()[k].Kind == lower.String || s.tokens()[k].Kind == lower.Number || s.tokens()[k].Kind == lower.Template:
			if k > 0 && (s.text(k-1) == "." || s.text(k-1) == "?.") {
				k -= 2
				continue
			}
			return k
		default:
			return k
		}
	}
	return 0
}

// printChain renders tokens [from, to] the way V8's CallPrinter names a callee: member
// names joined by dots, a string key as a member (obj['m'] is obj.m), a call's arguments
// as "(...)".
func (s *Source) printChain(from, to int) string {
	var b strings.Builder
	for k := from; k <= to; k++ {
		t := s.text(k)
		switch {
		case t == "(":
			close := s.matchingClose(k)
			if close < 0 || close > to {
				b.WriteString(s.Text[s.tokens()[k].Start:s.tokens()[to].End])
				return b.String()
			}
			if k == from { // a parenthesized expression: V8 prints what is inside
				b.WriteString("(" + s.printChain(k+1, close-1) + ")")
			} else {
				b.WriteString("(...)")
			}
			k = close
		case t == "[":
			close := s.matchingClose(k)
			if close < 0 || close > to {
				b.WriteString(s.Text[s.tokens()[k].Start:s.tokens()[to].End])
				return b.String()
			}
			if close == k+2 && s.tokens()[k+1].Kind == lower.String {
				lit := s.text(k + 1)
				b.WriteString("." + lit[1:len(lit)-1])
			} else {
				b.WriteString("[" + s.printChain(k+1, close-1) + "]")
			}
			k = close
		default:
			b.WriteString(t)
		}
	}
	return b.String()
}

// calleeBefore returns the name V8 gives the callee of the call whose "(" is token open,
// and the token V8's position points at: the callee's last name (obj.method, f), or the
// "(" itself when the callee ends otherwise (obj['m'](), f()()).
func (s *Source) calleeBefore(open int) (name string, at int) {
	end := open - 1
	if end < 0 {
		return "", open
	}
	if s.text(end) == "?." { // f?.()
		end--
	}
	start := s.chainStart(end)
	name = s.printChain(start, end)
	if s.isName(end) {
		return name, end
	}
	return name, open
}

// statementStart returns the first token of the statement holding token i: after the
// nearest ";", "{" or "}" at its nesting level.
func (s *Source) statementStart(i int) int {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		switch s.text(k) {
		case ")", "]":
			depth++
		case "(", "[":
			if depth == 0 {
				return k + 1
			}
			depth--
		case ";", "{", "}":
			if depth == 0 {
				return k + 1
			}
		}
	}
	return 0
}

// expressionAt returns the source text of the expression starting at token i, up to the
// token that ends it at its nesting level (one of stops, or a closing bracket).
func (s *Source) expressionAt(i int, stops ...string) string {
	toks := s.tokens()
	depth := 0
	k := i
	for ; k < len(toks); k++ {
		t := s.text(k)
		if depth == 0 {
			stop := false
			for _, st := range stops {
				if t == st {
					stop = true
				}
			}
			if stop {
				break
			}
		}
		switch t {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				goto done
			}
			depth--
		}
	}
done:
	if k <= i {
		return ""
	}
	return s.Text[toks[i].Start:toks[k-1].End]
}
