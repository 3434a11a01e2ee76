package v8errors

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/looplab/looplab/sim/internal/engine"
)

// FormatUncaught is what Node prints to stderr when a value nothing caught ends the
// process: the source line the error points at with a caret, then the value as
// util.inspect shows it (inspected, which the caller computes), then the version line.
// rejection tells an unhandled rejection (the caret goes where the error was made)
// from a throw (the caret goes to the throw statement when the error was made there).
//
// The engine does not say where a value was thrown, only where an error was made: a
// value that is not an error, or an error thrown away from where it was made, gets no
// source line (Node shows the throw statement).
func (e *Errors) FormatUncaught(v engine.Value, inspected string, rejection bool) string {
	var b strings.Builder
	isError := v.IsError()
	if !isError {
		b.WriteString("\n")
	}
	if head, ok := e.arrow(v, isError, rejection); ok {
		b.WriteString(head)
	}
	if isError {
		b.WriteString("\n")
	}
	b.WriteString(inspected)
	if !v.IsObject() {
		b.WriteString("\n(Use `node --trace-uncaught ...` to show where the exception was thrown)")
	}
	if e.release != "" {
		b.WriteString("\n\n" + e.release)
	}
	b.WriteString("\n")
	return b.String()
}

// arrow is Node's "arrow message": FILE:LINE, the line, the caret.
func (e *Errors) arrow(v engine.Value, isError, rejection bool) (string, bool) {
	if !isError {
		return "", false
	}
	if j := e.lastJSON; j.err.IsObject() && j.err.Same(v) {
		return j.arrow(), true
	}
	src, line, col, ok := e.errorPosition(v)
	if !ok {
		return "", false
	}
	off := src.lines[line-1]
	for c := 1; c < col && off < len(src.Text); c++ {
		_, size := utf8.DecodeRuneInString(src.Text[off:])
		off += size
	}
	if !rejection {
		tok := src.tokenAt(off)
		if st := src.statementStart(tok); st < len(src.tokens()) && src.text(st) == "throw" {
			off = src.tokens()[st].Start
			line, col = src.position(off)
		}
	}
	text := src.lineText(line)
	return src.Shown + ":" + strconv.Itoa(line) + "\n" + text + "\n" + caretLine(text, col) + "\n", true
}

// caretLine puts a ^ under column col (1-based) of text, keeping its tabs.
func caretLine(text string, col int) string {
	var b strings.Builder
	n := 1
	for _, r := range text {
		if n >= col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		n++
	}
	return b.String() + "^"
}

// errorPosition is the position of an error's first frame in the program, read from its
// stack as V8 formats it.
func (e *Errors) errorPosition(v engine.Value) (*Source, int, int, bool) {
	st := e.r.Get(v, "stack")
	if !st.IsString() {
		return nil, 0, 0, false
	}
	text := st.String()
	if first, ok := e.prepared[text]; ok {
		text = "    at " + first
	}
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "    at ") {
			continue
		}
		l = strings.TrimSuffix(strings.TrimPrefix(l, "    at "), ")")
		if i := strings.LastIndex(l, " ("); i >= 0 {
			l = l[i+2:]
		}
		f := parseFrame(l)
		for _, src := range e.sources.files {
			if src.Shown == f.file && f.line >= 1 && f.line <= len(src.lines) {
				return src, f.line, f.col, true
			}
		}
	}
	return nil, 0, 0, false
}

// jsonFailure is the last SyntaxError JSON.parse threw, for its arrow message: V8
// points into the JSON text, which it calls <anonymous_script>.
type jsonFailure struct {
	err  engine.Value // kept
	text string
	pos  int // in UTF-16 units
}

func (j jsonFailure) arrow() string {
	lines := strings.Split(j.text, "\n")
	line, col := 1, j.pos
	for line <= len(lines) && col > utf8.RuneCountInString(lines[line-1]) {
		col -= utf8.RuneCountInString(lines[line-1]) + 1
		line++
	}
	text := ""
	if line <= len(lines) {
		text = lines[line-1]
	}
	return "<anonymous_script>:" + strconv.Itoa(line) + "\n" + text + "\n" + caretLine(text, col+1) + "\n"
}
