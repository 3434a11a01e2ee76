package sim

import (
	"slices"
	"strconv"
	"strings"
)

// The machine's /bin/sh (dash, as on Debian), which exec and shell: true run (R-CP2):
// lists (; && || and newlines), pipelines, simple commands with NAME=value assignments,
// redirections (< > >> 2> 2>&1 >&2), quoting, parameter expansion ($VAR ${VAR} $? $$ $0..$9
// $# $@ $*), globs, and the builtins echo, printf, cd, pwd, exit, export, true, false and
// :. Its texts are dash's: "/bin/sh: 1: NAME: not found" (status 127). The last command
// of the script replaces the shell (dash execs it), so killing the shell kills it.
// Control structures, subshells and command substitution are not simulated: a script
// that uses them ends the run with unsupported_api.

// shWord is a word of the script as written: its parts keep their quoting.
type shWord []shPart

type shPart struct {
	text   string
	quoted bool // inside quotes (or escaped): no field splitting, no globbing
	param  bool // a parameter ($NAME), expanded later
}

type shRedirect struct {
	fd     int
	op     string // "<", ">", ">>", ">&"
	target shWord
}

type shSimple struct {
	assigns []shWord // NAME=value words
	words   []shWord
	redirs  []shRedirect
	line    int
}

type shPipeline struct {
	cmds   []*shSimple
	negate bool
}

type shAndOr struct {
	first *shPipeline
	rest  []shAndOrPart
}

type shAndOrPart struct {
	op string // "&&" or "||"
	p  *shPipeline
}

// shSyntaxError is a script dash refuses to run.
type shSyntaxError struct {
	line int
	text string
}

// shUnsupported is a script using what the simulated shell lacks.
type shUnsupported struct{ what string }

// ---- lexing and parsing --------------------------------------------------------------

type shToken struct {
	op   string // an operator, "" for a word
	word shWord
	line int
}

// shLex splits a script into words and operators.
func shLex(src string) ([]shToken, *shSyntaxError, *shUnsupported) {
	var toks []shToken
	line := 1
	i := 0
	for i < len(src) {
		ch := src[i]
		switch {
		case ch == ' ' || ch == '\t':
			i++
		case ch == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
			line++
		case ch == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case ch == '\n':
			toks = append(toks, shToken{op: "\n", line: line})
			line++
			i++
		case strings.HasPrefix(src[i:], "&&") || strings.HasPrefix(src[i:], "||") || strings.HasPrefix(src[i:], ">>") ||
			strings.HasPrefix(src[i:], ">&") || strings.HasPrefix(src[i:], "<&") || strings.HasPrefix(src[i:], ";;"):
			toks = append(toks, shToken{op: src[i : i+2], line: line})
			i += 2
		case strings.IndexByte(";&|<>()", ch) >= 0:
			toks = append(toks, shToken{op: src[i : i+1], line: line})
			i++
		default:
			w, n, serr, unsup := shLexWord(src[i:], line)
			if serr != nil || unsup != nil {
				return nil, serr, unsup
			}
			line += strings.Count(src[i:i+n], "\n")
			// A number right before a redirection is its fd (2>file).
			if n > 0 && i+n < len(src) && (src[i+n] == '>' || src[i+n] == '<') && isDigits(src[i:i+n]) {
				toks = append(toks, shToken{op: "fd" + src[i:i+n], line: line})
			} else {
				toks = append(toks, shToken{word: w, line: line})
			}
			i += n
		}
	}
	return toks, nil, nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// shLexWord reads one word at the start of s, with its quoting; n is its length.
func shLexWord(s string, line int) (w shWord, n int, serr *shSyntaxError, unsup *shUnsupported) {
	var cur strings.Builder
	flush := func(quoted bool) {
		if cur.Len() > 0 {
			w = append(w, shPart{text: cur.String(), quoted: quoted})
			cur.Reset()
		}
	}
	i := 0
	for i < len(s) {
		ch := s[i]
		if strings.IndexByte(" \t\n;&|<>()", ch) >= 0 {
			break
		}
		switch ch {
		case '\\':
			flush(false)
			if i+1 < len(s) {
				w = append(w, shPart{text: s[i+1 : i+2], quoted: true})
				i += 2
			} else {
				i++
			}
		case '\'':
			flush(false)
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, 0, &shSyntaxError{line: line, text: "Unterminated quoted string"}, nil
			}
			w = append(w, shPart{text: s[i+1 : i+1+end], quoted: true})
			i += end + 2
		case '"':
			flush(false)
			parts, m, ok := shLexDouble(s[i+1:])
			if !ok {
				return nil, 0, &shSyntaxError{line: line, text: "Unterminated quoted string"}, nil
			}
			if len(parts) == 0 {
				parts = []shPart{{quoted: true}}
			}
			w = append(w, parts...)
			i += m + 2
		case '`':
			return nil, 0, nil, &shUnsupported{what: "command substitution (`...`)"}
		case '$':
			flush(false)
			p, m, u := shLexParam(s[i:])
			if u != nil {
				return nil, 0, nil, u
			}
			w = append(w, p)
			i += m
		default:
			cur.WriteByte(ch)
			i++
		}
	}
	flush(false)
	return w, i, nil, nil
}

// shLexDouble reads the inside of a double-quoted string up to its closing quote.
func shLexDouble(s string) ([]shPart, int, bool) {
	var parts []shPart
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			parts = append(parts, shPart{text: cur.String(), quoted: true})
			cur.Reset()
		}
	}
	for i := 0; i < len(s); {
		switch s[i] {
		case '"':
			flush()
			return parts, i, true
		case '\\':
			if i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
				if s[i+1] != '\n' {
					cur.WriteByte(s[i+1])
				}
				i += 2
				continue
			}
			cur.WriteByte('\\')
			i++
		case '$':
			p, m, u := shLexParam(s[i:])
			if u != nil || m == 0 {
				cur.WriteByte('$')
				i++
				continue
			}
			flush()
			p.quoted = true
			parts = append(parts, p)
			i += m
		default:
			cur.WriteByte(s[i])
			i++
		}
	}
	return nil, 0, false
}

// shLexParam reads a parameter expansion at the start of s ($NAME, ${NAME}, $?, $1...).
func shLexParam(s string) (shPart, int, *shUnsupported) {
	if len(s) < 2 {
		return shPart{text: "$"}, 1, nil
	}
	switch c := s[1]; {
	case c == '(':
		return shPart{}, 0, &shUnsupported{what: "command substitution ($(...))"}
	case c == '{':
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return shPart{text: "$"}, 1, nil
		}
		name := s[2:end]
		if !shIsName(name) && !isDigits(name) && len(name) != 1 {
			return shPart{}, 0, &shUnsupported{what: "the parameter expansion ${" + name + "}"}
		}
		return shPart{text: name, param: true}, end + 1, nil
	case strings.IndexByte("?$#@*!-0123456789", c) >= 0:
		return shPart{text: s[1:2], param: true}, 2, nil
	case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
		n := 2
		for n < len(s) && (s[n] == '_' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= '0' && s[n] <= '9') {
			n++
		}
		return shPart{text: s[1:n], param: true}, n, nil
	}
	return shPart{text: "$"}, 1, nil
}

func shIsName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, c := range s {
		if c != '_' && !(c >= 'A' && c <= 'Z') && !(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// shParser turns tokens into and-or lists.
type shParser struct {
	toks []shToken
	i    int
}

func (p *shParser) peek() shToken {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return shToken{op: "eof"}
}

// shParse parses a whole script.
func shParse(src string) ([]*shAndOr, *shSyntaxError, *shUnsupported) {
	toks, serr, unsup := shLex(src)
	if serr != nil || unsup != nil {
		return nil, serr, unsup
	}
	p := &shParser{toks: toks}
	var list []*shAndOr
	for {
		for p.peek().op == "\n" || p.peek().op == ";" {
			if p.peek().op == ";" && len(list) == 0 {
				return nil, &shSyntaxError{line: p.peek().line, text: `";" unexpected`}, nil
			}
			p.i++
		}
		if p.peek().op == "eof" {
			return list, nil, nil
		}
		ao, serr, unsup := p.andOr()
		if serr != nil || unsup != nil {
			return nil, serr, unsup
		}
		list = append(list, ao)
		switch t := p.peek(); t.op {
		case ";", "\n", "eof":
		case "&":
			return nil, nil, &shUnsupported{what: "background commands (&)"}
		default:
			return nil, &shSyntaxError{line: t.line, text: `"` + t.op + `" unexpected`}, nil
		}
	}
}

func (p *shParser) andOr() (*shAndOr, *shSyntaxError, *shUnsupported) {
	first, serr, unsup := p.pipeline()
	if serr != nil || unsup != nil {
		return nil, serr, unsup
	}
	ao := &shAndOr{first: first}
	for p.peek().op == "&&" || p.peek().op == "||" {
		op := p.peek().op
		p.i++
		for p.peek().op == "\n" {
			p.i++
		}
		next, serr, unsup := p.pipeline()
		if serr != nil || unsup != nil {
			return nil, serr, unsup
		}
		ao.rest = append(ao.rest, shAndOrPart{op: op, p: next})
	}
	return ao, nil, nil
}

func (p *shParser) pipeline() (*shPipeline, *shSyntaxError, *shUnsupported) {
	pl := &shPipeline{}
	if t := p.peek(); t.op == "" && len(t.word) == 1 && !t.word[0].quoted && !t.word[0].param && t.word[0].text == "!" {
		pl.negate = true
		p.i++
	}
	for {
		cmd, serr, unsup := p.simple()
		if serr != nil || unsup != nil {
			return nil, serr, unsup
		}
		pl.cmds = append(pl.cmds, cmd)
		if p.peek().op != "|" {
			return pl, nil, nil
		}
		p.i++
		for p.peek().op == "\n" {
			p.i++
		}
	}
}

// shKeywords are the reserved words of control structures, which the simulated shell
// does not run.
var shKeywords = []string{"if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "function", "{", "}", "[["}

func (p *shParser) simple() (*shSimple, *shSyntaxError, *shUnsupported) {
	cmd := &shSimple{line: p.peek().line}
	for {
		t := p.peek()
		switch {
		case t.op == "":
			if len(cmd.words) == 0 && shIsAssignment(t.word) {
				cmd.assigns = append(cmd.assigns, t.word)
			} else {
				if len(cmd.words) == 0 && len(t.word) == 1 && !t.word[0].quoted && slices.Contains(shKeywords, t.word[0].text) {
					return nil, nil, &shUnsupported{what: "shell control structures (" + t.word[0].text + ")"}
				}
				cmd.words = append(cmd.words, t.word)
			}
			p.i++
		case t.op == "(" || t.op == ")":
			return nil, nil, &shUnsupported{what: "subshells ( ... )"}
		case t.op == "<" || t.op == ">" || t.op == ">>" || t.op == ">&" || t.op == "<&" || strings.HasPrefix(t.op, "fd"):
			r := shRedirect{fd: 1}
			if strings.HasPrefix(t.op, "fd") {
				r.fd, _ = strconv.Atoi(t.op[2:])
				p.i++
				t = p.peek()
			} else if t.op == "<" || t.op == "<&" {
				r.fd = 0
			}
			r.op = t.op
			p.i++
			target := p.peek()
			if target.op != "" {
				return nil, &shSyntaxError{line: t.line, text: "redirection unexpected"}, nil
			}
			r.target = target.word
			p.i++
			cmd.redirs = append(cmd.redirs, r)
		default:
			if len(cmd.words) == 0 && len(cmd.assigns) == 0 && len(cmd.redirs) == 0 {
				return nil, &shSyntaxError{line: t.line, text: `"` + shOpText(t.op) + `" unexpected`}, nil
			}
			return cmd, nil, nil
		}
	}
}

func shOpText(op string) string {
	switch op {
	case "eof":
		return "end of file"
	case "\n":
		return "newline"
	}
	return op
}

func shIsAssignment(w shWord) bool {
	if len(w) == 0 || w[0].quoted || w[0].param {
		return false
	}
	name, _, ok := strings.Cut(w[0].text, "=")
	return ok && shIsName(name)
}

// ---- running -----------------------------------------------------------------------

// shell is one running sh: its variables, its last status and what is left to run.
type shell struct {
	c      *cmdProc
	vars   map[string]string
	args   []string // $0 and the positional parameters
	status int
	list   []*shAndOr
}

// cmdSh is sh [-c SCRIPT [NAME [ARG...]]].
func cmdSh(c *cmdProc) {
	if len(c.args) < 2 || c.args[0] != "-c" {
		c.err("/bin/sh: 0: the simulated shell runs only sh -c SCRIPT\n")
		c.exit(2)
		return
	}
	list, serr, unsup := shParse(c.args[1])
	if unsup != nil {
		c.w.main.abort(unsupported("the shell's "+unsup.what, "the simulated /bin/sh runs lists, pipelines, redirections and simple commands"))
		return
	}
	sh := &shell{c: c, vars: map[string]string{}, args: append([]string{c.p.argv[0]}, c.args[2:]...)}
	if len(c.args) > 2 {
		sh.args = c.args[2:]
	}
	if serr != nil {
		sh.errLine(serr.line, "Syntax error: "+serr.text)
		c.exit(2)
		return
	}
	sh.list = list
	sh.runList(0)
}

// errLine writes one of dash's error lines: "/bin/sh: LINE: TEXT".
func (sh *shell) errLine(line int, text string) {
	sh.c.err(sh.args[0] + ": " + strconv.Itoa(line) + ": " + text + "\n")
}

// runList runs the and-or lists from i on, then exits with the last status.
func (sh *shell) runList(i int) {
	if i >= len(sh.list) {
		sh.c.exit(sh.status)
		return
	}
	ao := sh.list[i]
	last := i == len(sh.list)-1
	sh.runPipeline(ao.first, last && len(ao.rest) == 0, func() { sh.runRest(ao, 0, last, func() { sh.runList(i + 1) }) })
}

// runRest runs the && and || parts of ao from j on.
func (sh *shell) runRest(ao *shAndOr, j int, last bool, done func()) {
	for ; j < len(ao.rest); j++ {
		part := ao.rest[j]
		if (part.op == "&&") != (sh.status == 0) {
			continue
		}
		k := j
		sh.runPipeline(part.p, last && k == len(ao.rest)-1, func() { sh.runRest(ao, k+1, last, done) })
		return
	}
	done()
}

// runPipeline runs one pipeline and calls done with sh.status set. final says it is the
// script's last command: a simple external command then replaces the shell.
func (sh *shell) runPipeline(pl *shPipeline, final bool, done func()) {
	finish := func(status int) {
		if pl.negate {
			status = boolStatus(status != 0)
		}
		sh.status = status
		done()
	}
	if len(pl.cmds) == 1 {
		sh.runSimple(pl.cmds[0], nil, nil, final && !pl.negate, finish)
		return
	}
	// a | b | c: each command a process of its own, joined by pipes; the status is the
	// last one's once all have ended.
	n := len(pl.cmds)
	left, statuses := n, make([]int, n)
	var in *pipe
	for k, cmd := range pl.cmds {
		var out *pipe
		if k < n-1 {
			out = sh.c.w.newPipe(sh.c.w.main.sc.Costs.PipeUS)
		}
		k := k
		sh.runSimple(cmd, in, out, false, func(status int) {
			statuses[k] = status
			if left--; left == 0 {
				finish(statuses[n-1])
			}
		})
		in = out
	}
}

func boolStatus(ok bool) int {
	if ok {
		return 0
	}
	return 1
}
