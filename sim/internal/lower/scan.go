// Package lower rewrites the few constructs the engine gets wrong into equivalent
// JavaScript that takes exactly the steps the specification (and V8) takes, keeping
// every line of the program where it was, so the trace's lines and stack traces stay
// true.
//
// Today that is `for await`: the engine does not await the iterator's return() when a
// loop is left early (break, return, throw), so a generator's finally block runs ticks
// late (oracle cases in sim/testdata). ForAwait lowers each loop to a plain loop over a
// helper that follows ECMA-262's ForIn/OfBodyEvaluation, AsyncIteratorClose and
// CreateAsyncFromSyncIterator step by step.
package lower

// token is one lexical token of a JavaScript source: its kind and byte range.
type token struct {
	kind       tokKind
	start, end int
	nl         bool // a line terminator precedes it
}

type tokKind uint8

const (
	tIdent tokKind = iota // identifiers and keywords
	tPunct
	tString
	tTemplate // a whole template literal, substitutions included
	tNumber
	tRegexp
	tPrivate // #name
)

// scan splits src into tokens, skipping comments and whitespace. It tells a regular
// expression from a division by the token before it, as parsers do for all but
// contrived programs. A malformed source gives the tokens up to the problem: the engine
// reports the syntax error itself.
func scan(src string) []token {
	s := scanner{src: src}
	for s.next() {
	}
	return s.toks
}

type scanner struct {
	src  string
	pos  int
	toks []token
	nl   bool
}

func (s *scanner) emit(kind tokKind, start int) {
	s.toks = append(s.toks, token{kind: kind, start: start, end: s.pos, nl: s.nl})
	s.nl = false
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || c == '\\'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// next scans one token; false at the end of the source.
func (s *scanner) next() bool {
	src := s.src
	for s.pos < len(src) {
		c := src[s.pos]
		switch {
		case c == '\n' || c == '\r':
			s.nl = true
			s.pos++
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			s.pos++
		case c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '/':
			for s.pos < len(src) && src[s.pos] != '\n' && src[s.pos] != '\r' {
				s.pos++
			}
		case c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '*':
			end := indexFrom(src, "*/", s.pos+2)
			if end < 0 {
				s.pos = len(src)
				return false
			}
			for i := s.pos; i < end; i++ {
				if src[i] == '\n' {
					s.nl = true
				}
			}
			s.pos = end + 2
		case c >= 0xe2 && s.pos+2 < len(src) && src[s.pos:s.pos+3] == "\u2028", c >= 0xe2 && s.pos+2 < len(src) && src[s.pos:s.pos+3] == "\u2029":
			s.nl = true
			s.pos += 3
		case c == 0xc2 && s.pos+1 < len(src) && src[s.pos+1] == 0xa0, c == 0xef && s.pos+2 < len(src) && src[s.pos:s.pos+3] == "\ufeff":
			s.pos += 2
			if c == 0xef {
				s.pos++
			}
		default:
			return s.token()
		}
	}
	return false
}

func indexFrom(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func (s *scanner) token() bool {
	src, start := s.src, s.pos
	c := src[s.pos]
	switch {
	case isIdentStart(c):
		for s.pos < len(src) && isIdentPart(src[s.pos]) {
			s.pos++
		}
		s.emit(tIdent, start)
	case c == '#' && s.pos+1 < len(src) && isIdentStart(src[s.pos+1]):
		s.pos++
		for s.pos < len(src) && isIdentPart(src[s.pos]) {
			s.pos++
		}
		s.emit(tPrivate, start)
	case c >= '0' && c <= '9' || c == '.' && s.pos+1 < len(src) && src[s.pos+1] >= '0' && src[s.pos+1] <= '9':
		for s.pos < len(src) && (isIdentPart(src[s.pos]) || src[s.pos] == '.' ||
			(src[s.pos] == '+' || src[s.pos] == '-') && (src[s.pos-1] == 'e' || src[s.pos-1] == 'E')) {
			s.pos++
		}
		s.emit(tNumber, start)
	case c == '"' || c == '\'':
		s.pos++
		for s.pos < len(src) && src[s.pos] != c && src[s.pos] != '\n' {
			if src[s.pos] == '\\' {
				s.pos++
			}
			s.pos++
		}
		s.pos = min(s.pos+1, len(src))
		s.emit(tString, start)
	case c == '`':
		s.template()
		s.emit(tTemplate, start)
	case c == '/' && s.regexpAllowed():
		s.regexp()
		s.emit(tRegexp, start)
	default:
		s.punct()
		s.emit(tPunct, start)
	}
	return s.pos < len(src)
}

// template skips a template literal, its substitutions included (which may nest).
func (s *scanner) template() {
	src := s.src
	s.pos++ // `
	for s.pos < len(src) {
		switch src[s.pos] {
		case '\\':
			s.pos += 2
		case '`':
			s.pos++
			return
		case '$':
			if s.pos+1 < len(src) && src[s.pos+1] == '{' {
				s.pos += 2
				s.substitution()
				continue
			}
			s.pos++
		default:
			s.pos++
		}
	}
}

// substitution skips a template's ${...}, tokenizing it to find its closing brace.
func (s *scanner) substitution() {
	inner := scanner{src: s.src, pos: s.pos}
	depth := 0
	for {
		n := len(inner.toks)
		more := inner.next()
		if len(inner.toks) > n {
			last := inner.toks[len(inner.toks)-1]
			if last.kind == tPunct {
				switch s.src[last.start:last.end] {
				case "{":
					depth++
				case "}":
					if depth == 0 {
						s.pos = last.end
						return
					}
					depth--
				}
			}
		}
		if !more {
			break
		}
	}
	s.pos = len(s.src)
}

// regexpAllowed reports whether a / here starts a regular expression literal.
func (s *scanner) regexpAllowed() bool {
	if len(s.toks) == 0 {
		return true
	}
	t := s.toks[len(s.toks)-1]
	text := s.src[t.start:t.end]
	switch t.kind {
	case tNumber, tString, tTemplate, tRegexp, tPrivate:
		return false
	case tIdent:
		switch text {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
			return true
		}
		return false
	}
	return text != ")" && text != "]" && text != "}"
}

func (s *scanner) regexp() {
	src := s.src
	s.pos++
	inClass := false
	for s.pos < len(src) && src[s.pos] != '\n' {
		c := src[s.pos]
		s.pos++
		switch {
		case c == '\\':
			s.pos++
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			for s.pos < len(src) && isIdentPart(src[s.pos]) {
				s.pos++
			}
			return
		}
	}
}

// punct scans the longest punctuator at pos.
func (s *scanner) punct() {
	for _, p := range punctuators {
		if len(s.src)-s.pos >= len(p) && s.src[s.pos:s.pos+len(p)] == p {
			s.pos += len(p)
			return
		}
	}
	s.pos++
}

// punctuators, longest first.
var punctuators = []string{
	">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
	"=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=",
	"&=", "|=", "^=", "<<", ">>", "**",
}
