package lower

import (
	_ "embed"
	"sort"
	"strconv"
	"strings"
)

// Helper is the name of the global function the lowered loops call: it opens the
// iterator (GetIterator(obj, async)) and returns a cursor with next, end, value, ret,
// call and check (js/forawait.js in the simulator defines it).
const Helper = "__looplab_forAwait"

// ForAwait lowers every `for await (DECL of EXPR) BODY` of src to
//
//	{ const C = Helper(EXPR); try { LABELS for (;;) { C.open = false; const R = await C.next();
//	  if (C.end(R)) break; DECL = C.value(R); BODY } } catch (E) { ...close, ignoring
//	  errors...; throw E } finally { ...close... } }
//
// on the same lines: the head is rewritten where it stands and the close follows the
// body's last character. It reports whether it changed anything.
func ForAwait(src string) (string, bool) {
	if !strings.Contains(src, "await") {
		return src, false
	}
	toks := scan(src)
	var edits []edit
	n := 0
	for i := 0; i+2 < len(toks); i++ {
		if text(src, toks[i]) != "for" || text(src, toks[i+1]) != "await" || text(src, toks[i+2]) != "(" {
			continue
		}
		loop, ok := parseLoop(src, toks, i)
		if !ok {
			continue
		}
		n++
		edits = append(edits, loop.edits(src, n)...)
	}
	if len(edits) == 0 {
		return src, false
	}
	sort.SliceStable(edits, func(a, b int) bool {
		if edits[a].start != edits[b].start {
			return edits[a].start < edits[b].start
		}
		return edits[a].order > edits[b].order // at one point, the inner loop's close first
	})
	var b strings.Builder
	pos := 0
	for _, e := range edits {
		b.WriteString(src[pos:e.start])
		b.WriteString(e.text)
		pos = e.end
	}
	b.WriteString(src[pos:])
	return b.String(), true
}

// edit replaces src[start:end] with text. order is the loop's start, so insertions at
// one position come innermost loop first.
type edit struct {
	start, end int
	text       string
	order      int
}

func text(src string, t token) string { return src[t.start:t.end] }

// forLoop is one `for await` statement's parts, as byte offsets into the source.
type forLoop struct {
	start            int    // the first label, or `for`
	labels           string // "outer: " labels in front of the loop, moved inside
	decl, expr       string
	bodyStart        int // the body's first byte
	bodyEnd          int // just past the body's last byte
	bodyIsBlock      bool
	headEnd          int // just past the head's ")"
	forStart, exprAt int
}

// parseLoop reads the loop whose `for` is toks[i].
func parseLoop(src string, toks []token, i int) (forLoop, bool) {
	close := matching(src, toks, i+2)
	if close < 0 {
		return forLoop{}, false
	}
	of := -1
	depth := 0
	for k := i + 3; k < close; k++ {
		switch text(src, toks[k]) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "of":
			if depth == 0 && toks[k].kind == tIdent && of < 0 && k > i+3 {
				of = k
			}
		}
	}
	if of < 0 || of+1 >= close || close+1 >= len(toks) {
		return forLoop{}, false
	}
	l := forLoop{
		forStart: toks[i].start,
		start:    toks[i].start,
		decl:     src[toks[i+3].start:toks[of-1].end],
		expr:     src[toks[of+1].start:toks[close-1].end],
		exprAt:   toks[of+1].start,
		headEnd:  toks[close].end,
	}
	// Labels: `name:` pairs right before the loop (not `case x:` or `c ? a :`).
	for k := i - 1; k >= 1 && text(src, toks[k]) == ":" && toks[k-1].kind == tIdent; k -= 2 {
		if k >= 2 {
			if prev := text(src, toks[k-2]); prev == "case" || prev == "?" {
				break
			}
		}
		l.start = toks[k-1].start
	}
	l.labels = src[l.start:l.forStart]
	body := close + 1
	l.bodyStart = toks[body].start
	if text(src, toks[body]) == "{" {
		end := matching(src, toks, body)
		if end < 0 {
			return forLoop{}, false
		}
		l.bodyIsBlock = true
		l.bodyEnd = toks[end].end
		return l, true
	}
	end := statementEnd(src, toks, body)
	if end < 0 {
		return forLoop{}, false
	}
	l.bodyEnd = toks[end].end
	return l, true
}

// matching returns the index of the bracket closing toks[open], or -1.
func matching(src string, toks []token, open int) int {
	depth := 0
	for k := open; k < len(toks); k++ {
		switch text(src, toks[k]) {
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

// statementEnd returns the last token of the (non-block) statement starting at toks[k]:
// up to a `;` at its depth, or the end of its line where the next line starts a new
// statement (automatic semicolon insertion, for the forms loops bodies take).
func statementEnd(src string, toks []token, k int) int {
	depth := 0
	for j := k; j < len(toks); j++ {
		t := text(src, toks[j])
		if j > k && depth == 0 && toks[j].nl {
			return j - 1
		}
		switch t {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth < 0 {
				return j - 1
			}
		case ";":
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

// edits returns the loop's rewrite: its head, and its close after the body.
func (l forLoop) edits(src string, n int) []edit {
	id := strconv.Itoa(n)
	c, r, e, m := "$__afor"+id, "$__ar"+id, "$__ae"+id, "$__am"+id
	assign := strings.TrimSpace(l.decl) + " = " + c + ".value(" + r + ");"
	if d := strings.TrimSpace(l.decl); strings.HasPrefix(d, "{") {
		assign = "(" + d + " = " + c + ".value(" + r + "));"
	}
	// The declaration moves after the expression: keep its line breaks, so every line
	// after it stays where it was.
	declBreaks := strings.Repeat("\n", strings.Count(l.decl, "\n"))
	head := "{ const " + c + " = " + Helper + "(" + l.expr + "); try { " + strings.TrimSpace(l.labels) +
		" for (;;) { " + c + ".open = false; const " + r + " = await " + c + ".next(); if (" + c + ".end(" + r + ")) break; " +
		assign + declBreaks + " "
	headSrc := src[l.start:l.bodyStart]
	// Line breaks between `for` and the body that the new head does not carry.
	if extra := strings.Count(headSrc, "\n") - strings.Count(head, "\n"); extra > 0 {
		head += strings.Repeat("\n", extra)
	}
	closeIt := func(check bool) string {
		call := "await " + c + ".call(" + m + ")"
		if check {
			call = c + ".check(" + call + ")"
		}
		return "if (" + c + ".open) { " + c + ".open = false; const " + m + " = " + c + ".ret(); if (" + m + " !== undefined) " + call + " }"
	}
	tail := " } } catch (" + e + ") { try { " + closeIt(false) + " } catch {} throw " + e + " } finally { " + closeIt(true) + " } }"
	if !l.bodyIsBlock {
		head += "{ "
		tail = " }" + tail
	}
	return []edit{
		{start: l.start, end: l.bodyStart, text: head, order: l.start},
		{start: l.bodyEnd, end: l.bodyEnd, text: tail, order: l.start},
	}
}

// HelperSource is a JavaScript function expression: called with closeSyncOnRejection
// (true as Node 24 does, false as Node 22 and older), it returns the Helper function.
//
//go:embed forawait.js
var HelperSource string
