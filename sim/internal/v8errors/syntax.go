package v8errors

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/lower"
)

// CompileError is a program that does not compile, as V8 reports it.
type CompileError struct {
	Message string // V8's message ("Unexpected token ';'")
	File    string // as Node shows it
	Line    int    // 1-based
	// SourceLine is the line's text, Caret the spaces and ^ marks under the offending
	// token (both empty at the end of the input, as Node prints them).
	SourceLine, Caret string
	// ImportInCommonJS is set for `import` in a CommonJS file: Node warns before the error.
	ImportInCommonJS bool
}

// strictReserved are the words strict mode reserves (V8: Unexpected strict mode
// reserved word).
var strictReserved = map[string]bool{"let": true, "static": true, "implements": true, "interface": true,
	"package": true, "private": true, "protected": true, "public": true, "yield": true}

// CompileError translates the engine's syntax error in the registered file name.
func (e *Errors) CompileError(se *engine.SyntaxError) *CompileError {
	src := e.sources.get(se.File)
	if src == nil {
		return &CompileError{Message: se.Message, File: se.File, Line: se.Line}
	}
	off := src.offsetOf(se.Line, se.Column)
	tok := len(src.tokens()) // past the end: the engine stopped in the wrapper's tail
	if off >= 0 {
		tok = src.tokenAt(off)
	}
	return src.compileError(se.Message, tok, off)
}

func (s *Source) compileError(msg string, tok, off int) *CompileError {
	toks := s.tokens()
	eof := tok >= len(toks)
	switch {
	case msg == "unexpected end of string" && off >= 0 && off < len(s.Text) && s.Text[off] == '`':
		return s.endOfInput()
	case msg == "unexpected end of string":
		end := strings.IndexByte(s.Text[off:], '\n')
		if end < 0 {
			end = len(s.Text) - off
		}
		return s.errorAt("Invalid or unexpected token", off, off+end)
	case msg == "invalid number literal" && !eof:
		return s.errorAt("Invalid or unexpected token", toks[tok].Start, toks[tok].Start+1)
	case msg == "invalid redefinition of lexical identifier" && tok > 0 && s.isName(tok-1):
		return s.errorAtToken("Identifier '"+s.text(tok-1)+"' has already been declared", tok-1)
	case msg == "missing initializer for const variable" && tok > 0:
		return s.errorAtToken("Missing initializer in const declaration", tok-1)
	case msg == "invalid assignment left-hand side" && !eof:
		eq := tok
		for eq > 0 && s.text(eq) != "=" {
			eq--
		}
		start := s.statementStart(eq)
		if eq > start {
			return s.errorAt("Invalid left-hand side in assignment", toks[start].Start, toks[eq-1].End)
		}
	case strings.HasPrefix(msg, "super()") || msg == "invalid use of 'super'":
		for k := min(tok, len(toks)-1); k >= 0; k-- {
			if s.text(k) == "super" {
				return s.errorAtToken("'super' keyword unexpected here", k)
			}
		}
	case msg == "variable name expected" && !eof && strictReserved[s.text(tok)]:
		return s.errorAtToken("Unexpected strict mode reserved word", tok)
	case msg == "expecting '('" && tok > 0 && s.text(tok-1) == "import":
		ce := s.errorAtToken("Cannot use import statement outside a module", tok-1)
		ce.ImportInCommonJS = true
		return ce
	case msg == "expecting ';'" && tok > 0 && s.text(tok-1) == "await":
		return s.errorAtToken("await is only valid in async functions and the top level bodies of modules", tok-1)
	case (msg == "expecting ','" || msg == "expecting ')'") && !eof && s.inCallArguments(tok):
		return s.errorAtToken("missing ) after argument list", tok-1)
	case eof && msg == "expecting ')'":
		if k := s.unmatchedClose(); k >= 0 {
			return s.unexpected(k) // an extra "}" closed the wrapper early
		}
	}
	if eof {
		return s.endOfInput()
	}
	return s.unexpected(tok)
}

// unexpected is V8's message for an unexpected token.
func (s *Source) unexpected(tok int) *CompileError {
	t := s.tokens()[tok]
	text := s.text(tok)
	switch {
	case t.Kind == lower.Number:
		return s.errorAtToken("Unexpected number", tok)
	case t.Kind == lower.String:
		return s.errorAtToken("Unexpected string", tok)
	case t.Kind == lower.Template:
		return s.errorAtToken("Unexpected template string", tok)
	case t.Kind == lower.Ident && strictReserved[text]:
		return s.errorAtToken("Unexpected strict mode reserved word", tok)
	case t.Kind == lower.Ident && !keywords[text]:
		return s.errorAtToken("Unexpected identifier '"+text+"'", tok)
	}
	return s.errorAtToken("Unexpected token '"+text+"'", tok)
}

// keywords are the reserved words V8 calls tokens rather than identifiers.
var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields("break case catch class const continue debugger default delete do else export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with enum") {
		keywords[k] = true
	}
}

// inCallArguments reports whether token tok stands in a call's argument list.
func (s *Source) inCallArguments(tok int) bool {
	depth := 0
	for k := tok - 1; k >= 0; k-- {
		switch s.text(k) {
		case ")", "]", "}":
			depth++
		case "[", "{":
			if depth == 0 {
				return false
			}
			depth--
		case "(":
			if depth == 0 {
				return k > 0 && (s.isName(k-1) && !keywords[s.text(k-1)] || s.text(k-1) == ")")
			}
			depth--
		}
	}
	return false
}

// unmatchedClose returns the first closing bracket that closes nothing, or -1.
func (s *Source) unmatchedClose() int {
	depth := 0
	for k := range s.tokens() {
		switch s.text(k) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return -1
}

func (s *Source) errorAtToken(msg string, tok int) *CompileError {
	t := s.tokens()[tok]
	return s.errorAt(msg, t.Start, t.End)
}

// errorAt places the caret under source bytes [from, to) (on from's line).
func (s *Source) errorAt(msg string, from, to int) *CompileError {
	line, col := s.position(from)
	text := s.lineText(line)
	if lineEnd := s.lines[line-1] + len(text); to > lineEnd {
		to = lineEnd
	}
	width := utf8.RuneCountInString(s.Text[from:max(from, to)])
	return &CompileError{Message: msg, File: s.Shown, Line: line, SourceLine: text,
		Caret: strings.Repeat(" ", col-1) + strings.Repeat("^", max(width, 1))}
}

// endOfInput is V8's error at the end of the source: Node shows its last (empty) line.
func (s *Source) endOfInput() *CompileError {
	n := len(s.lines)
	return &CompileError{Message: "Unexpected end of input", File: s.Shown, Line: n, SourceLine: s.lineText(n)}
}

// Format is what Node prints to stderr for the error, with the frames of the entry
// (EntryCompileCJS or EntryCompileESM) and the profile's version line.
func (e *Errors) FormatCompileError(ce *CompileError, entry Entry, pid int) string {
	var b strings.Builder
	if ce.ImportInCommonJS {
		b.WriteString("(node:" + strconv.Itoa(pid) + ") Warning: Failed to load the ES module: " + ce.File +
			". Make sure to set \"type\": \"module\" in the nearest package.json file or use the .mjs extension.\n" +
			"(Use `node --trace-warnings ...` to show where the warning was created)\n")
	}
	b.WriteString(ce.File + ":" + strconv.Itoa(ce.Line) + "\n" + ce.SourceLine + "\n" + ce.Caret + "\n\nSyntaxError: " + ce.Message)
	frames := e.profile.entries[entry].frames
	if len(frames) > e.limit {
		frames = frames[:e.limit]
	}
	for _, f := range frames {
		b.WriteString("\n    at " + f)
	}
	if e.release != "" {
		b.WriteString("\n\n" + e.release)
	}
	b.WriteString("\n")
	return b.String()
}
