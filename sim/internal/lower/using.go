package lower

import (
	"sort"
	"strconv"
	"strings"
)

// UsingHelper is the name of the global object lowered `using` declarations call: its
// scope() makes a block's list of resources (js/disposable.js in the simulator).
const UsingHelper = "__looplab_using"

// Using lowers the `using` and `await using` declarations of src (explicit resource
// management, which the engine cannot parse). In the block that holds them, from the
// first one to the block's end:
//
//	{ A; using x = E; B }
//	{ A; const S = UsingHelper.scope(); let H = false, V; try { const x = S.add(E, false); B }
//	  catch (e) { H = true; V = e } finally { S.end(H, V) } }
//
// so the resources are disposed last first when the block is left however it is left,
// an error of a disposal suppressing the block's (SuppressedError); `await using` adds
// with true and awaits S.endAsync. A declaration at the top level of a script or module
// holds to the end of the source; one in a `for` head is left as it is. Every line
// stays where it was. It reports whether it changed anything.
func Using(src string) (string, bool) {
	if !strings.Contains(src, "using") {
		return src, false
	}
	toks := scan(src)
	type scope struct {
		open  int // the token opening the block, -1 at the top level
		first int // the first declaration's first token
		async bool
		decls []int // the `using` tokens
	}
	var scopes []*scope
	byOpen := map[int]*scope{}
	for i, t := range toks {
		if t.kind != tIdent || text(src, t) != "using" || i+2 >= len(toks) {
			continue
		}
		if toks[i+1].kind != tIdent || toks[i+1].nl || text(src, toks[i+2]) != "=" {
			continue
		}
		if name := text(src, toks[i+1]); name == "in" || name == "of" || name == "instanceof" {
			continue
		}
		start, async := i, false
		if i > 0 && text(src, toks[i-1]) == "await" && !t.nl {
			start, async = i-1, true
		}
		if !statementStart(src, toks, start) {
			continue
		}
		open, ok := enclosingBlock(src, toks, start)
		if !ok {
			continue
		}
		sc := byOpen[open]
		if sc == nil {
			sc = &scope{open: open, first: start}
			byOpen[open] = sc
			scopes = append(scopes, sc)
		}
		sc.async = sc.async || async
		sc.decls = append(sc.decls, i)
	}
	if len(scopes) == 0 {
		return src, false
	}
	var edits []edit
	for n, sc := range scopes {
		id := strconv.Itoa(n + 1)
		s, h, v, e := "$__us"+id, "$__uh"+id, "$__uv"+id, "$__ue"+id
		edits = append(edits, edit{start: toks[sc.first].start, end: toks[sc.first].start, order: 0,
			text: "const " + s + " = " + UsingHelper + ".scope(); let " + h + " = false, " + v + "; try { "})
		for _, d := range sc.decls {
			async := d > 0 && text(src, toks[d-1]) == "await" && !toks[d].nl
			from := d
			if async {
				from = d - 1
			}
			edits = append(edits, edit{start: toks[from].start, end: toks[d].end, text: "const", order: 1})
			edits = append(edits, declaratorEdits(src, toks, d+1, s, async)...)
		}
		end := len(src)
		if sc.open >= 0 {
			end = toks[matching(src, toks, sc.open)].start
		}
		tail := " } catch (" + e + ") { " + h + " = true; " + v + " = " + e + "; } finally { " + s + ".end(" + h + ", " + v + "); } "
		if sc.async {
			tail = " } catch (" + e + ") { " + h + " = true; " + v + " = " + e + "; } finally { await " + s + ".endAsync(" + h + ", " + v + "); } "
		}
		if sc.open < 0 {
			tail = "\n" + tail
		}
		edits = append(edits, edit{start: end, end: end, text: tail, order: -sc.open})
	}
	sort.SliceStable(edits, func(a, b int) bool {
		if edits[a].start != edits[b].start {
			return edits[a].start < edits[b].start
		}
		return edits[a].order < edits[b].order
	})
	var b strings.Builder
	pos := 0
	for _, ed := range edits {
		if ed.start < pos {
			return src, false // overlapping rewrites: leave the source to the engine
		}
		b.WriteString(src[pos:ed.start])
		b.WriteString(ed.text)
		pos = ed.end
	}
	b.WriteString(src[pos:])
	return b.String(), true
}

// statementStart reports whether toks[i] begins a statement: the first token, one after
// `;`, `{` or `}`, or one on a new line after a token that cannot continue an expression.
func statementStart(src string, toks []token, i int) bool {
	if i == 0 {
		return true
	}
	switch text(src, toks[i-1]) {
	case ";", "{", "}":
		return true
	case ")", "]", "(", "[", ",", ".", "?.", "=", "=>":
		return false
	}
	return toks[i].nl && toks[i-1].kind != tPunct
}

// enclosingBlock is the index of the `{` whose block holds toks[i], -1 for the top level;
// false when toks[i] is inside brackets or parentheses (a `for` head, an argument).
func enclosingBlock(src string, toks []token, i int) (int, bool) {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		switch text(src, toks[k]) {
		case ")", "]", "}":
			depth++
		case "(", "[":
			if depth == 0 {
				return 0, false
			}
			depth--
		case "{":
			if depth == 0 {
				return k, matching(src, toks, k) >= 0
			}
			depth--
		}
	}
	return -1, true
}

// declaratorEdits wraps each initializer of the declaration whose first binding is
// toks[k] (`x = E, y = F;`) in S.add(..., async).
func declaratorEdits(src string, toks []token, k int, s string, async bool) []edit {
	flag := "false"
	if async {
		flag = "true"
	}
	var edits []edit
	last := statementEnd(src, toks, k)
	for k <= last {
		if k+1 > last || text(src, toks[k+1]) != "=" {
			return edits
		}
		init := k + 2
		depth, j := 0, init
		for ; j <= last; j++ {
			t := text(src, toks[j])
			switch t {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
			if depth == 0 && (t == "," || t == ";") {
				break
			}
		}
		endAt := toks[j-1].end
		edits = append(edits, edit{start: toks[init].start, end: toks[init].start, text: s + ".add(", order: 2},
			edit{start: endAt, end: endAt, text: ", " + flag + ")", order: 3})
		if j > last || text(src, toks[j]) == ";" {
			return edits
		}
		k = j + 1
	}
	return edits
}
