package v8errors

import (
	"sort"
	"unicode/utf8"

	"github.com/looplab/looplab/sim/internal/lower"
)

// Source is one file of the program as the engine compiled it: V8's texts name
// expressions and positions in it.
type Source struct {
	// Name is the file name the engine knows the code by (its stack traces say it).
	Name string
	// Shown is how Node names the file in a stack trace: "/app/main.cjs" for CommonJS,
	// "file:///app/main.mjs" for an ES module.
	Shown string
	// Text is the program's text as the engine compiled it (after lowering, which keeps
	// lines), without a wrapper.
	Text string
	// Line1Shift is the number of characters the engine's source has before Text on
	// line 1 (the CommonJS wrapper's head): the engine's columns on line 1 count them.
	Line1Shift int
	// Module reports an ES module (top-level code is not a method call of module.exports).
	Module bool

	toks  []lower.Token
	lines []int // byte offset of each line's start
	funcs []funcSpan
}

func newSource(name, shown, text string, shift int, module bool) *Source {
	s := &Source{Name: name, Shown: shown, Text: text, Line1Shift: shift, Module: module}
	s.lines = append(s.lines, 0)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	return s
}

// tokens returns the source's tokens, scanned on first use.
func (s *Source) tokens() []lower.Token {
	if s.toks == nil {
		s.toks = lower.Tokens(s.Text)
		if s.toks == nil {
			s.toks = []lower.Token{}
		}
	}
	return s.toks
}

// offsetOf converts the engine's position (1-based line, 1-based column in code points,
// line 1 counted with the wrapper's head) into a byte offset in Text; -1 if outside.
func (s *Source) offsetOf(line, col int) int {
	if line < 1 || line > len(s.lines) || col < 1 {
		return -1
	}
	if line == 1 {
		col -= s.Line1Shift
		if col < 1 {
			return -1
		}
	}
	off := s.lines[line-1]
	for n := 1; n < col && off < len(s.Text) && s.Text[off] != '\n'; n++ {
		_, size := utf8.DecodeRuneInString(s.Text[off:])
		off += size
	}
	return off
}

// position is V8's 1-based line and column (in UTF-16 units) of a byte offset.
func (s *Source) position(off int) (line, col int) {
	i := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	col = 1
	for p := s.lines[i]; p < off && p < len(s.Text); {
		r, size := utf8.DecodeRuneInString(s.Text[p:])
		p += size
		col++
		if r > 0xffff {
			col++
		}
	}
	return i + 1, col
}

// lineText returns line n (1-based) without its line terminator.
func (s *Source) lineText(n int) string {
	if n < 1 || n > len(s.lines) {
		return ""
	}
	start := s.lines[n-1]
	end := len(s.Text)
	if n < len(s.lines) {
		end = s.lines[n] - 1
	}
	if end > start && s.Text[end-1] == '\r' {
		end--
	}
	if end < start {
		return ""
	}
	return s.Text[start:end]
}

// tokenAt returns the index of the token that starts at or contains off, else the
// first token after it (len(tokens) at the end).
func (s *Source) tokenAt(off int) int {
	toks := s.tokens()
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > off })
	return i
}

// text returns token i's text ("" out of range).
func (s *Source) text(i int) string {
	toks := s.tokens()
	if i < 0 || i >= len(toks) {
		return ""
	}
	return s.Text[toks[i].Start:toks[i].End]
}

// Sources holds the program's files by the engine's name for them.
type Sources struct {
	files map[string]*Source
}

// Add registers a file (replacing one of that name).
func (ss *Sources) Add(name, shown, text string, line1Shift int, module bool) {
	if ss.files == nil {
		ss.files = map[string]*Source{}
	}
	ss.files[name] = newSource(name, shown, text, line1Shift, module)
}

// get returns the file the engine calls name, or nil.
func (ss *Sources) get(name string) *Source { return ss.files[name] }
