package sim

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// The shell's simple commands: expansion, redirections, builtins and the programs it
// starts (shell.go has the language).

// expand turns a word into fields: parameters expanded, unquoted expansions split on
// blanks, unquoted globs matched against the file system.
func (sh *shell) expand(w shWord) []string {
	var fields []string
	var cur strings.Builder
	have, glob := false, false
	for i, p := range w {
		text := p.text
		if i == 0 && !p.quoted && !p.param && strings.HasPrefix(text, "~") && (len(text) == 1 || text[1] == '/') {
			home, _ := envValue(sh.c.p.env, "HOME")
			text = home + text[1:]
		}
		switch {
		case p.param && (p.text == "@" || p.text == "*") && !p.quoted:
			for k, a := range sh.args[1:] {
				if k > 0 || have {
					if cur.Len() > 0 || have {
						fields = append(fields, cur.String())
					}
					cur.Reset()
				}
				cur.WriteString(a)
				have = true
			}
		case p.param:
			v := sh.param(p.text)
			if p.quoted {
				cur.WriteString(v)
				have = true
				continue
			}
			for k, f := range strings.Fields(v) {
				if k > 0 {
					fields = append(fields, cur.String())
					cur.Reset()
				}
				cur.WriteString(f)
				have = true
			}
		default:
			if !p.quoted && strings.ContainsAny(text, "*?[") {
				glob = true
			}
			cur.WriteString(text)
			have = have || p.quoted || text != ""
		}
	}
	if have || cur.Len() > 0 {
		fields = append(fields, cur.String())
	}
	if glob && len(fields) == 1 {
		if matches := sh.glob(fields[0]); len(matches) > 0 {
			return matches
		}
	}
	return fields
}

// param is the value of a parameter.
func (sh *shell) param(name string) string {
	switch name {
	case "?":
		return strconv.Itoa(sh.status)
	case "$":
		return strconv.Itoa(sh.c.p.pid)
	case "#":
		return strconv.Itoa(len(sh.args) - 1)
	case "@", "*":
		return strings.Join(sh.args[1:], " ")
	case "!", "-":
		return ""
	}
	if isDigits(name) {
		n, _ := strconv.Atoi(name)
		if n < len(sh.args) {
			return sh.args[n]
		}
		return ""
	}
	if v, ok := sh.vars[name]; ok {
		return v
	}
	v, _ := envValue(sh.c.p.env, name)
	return v
}

// glob matches pattern against the files of the machine, sorted; none when nothing does.
func (sh *shell) glob(pattern string) []string {
	dir, base := path.Split(pattern)
	if strings.ContainsAny(dir, "*?[") {
		return nil
	}
	var out []string
	for _, name := range sh.c.fs.dirEntries(sh.c.abs(strings.TrimSuffix(dir, "/") + "/.")) {
		if strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if ok, _ := path.Match(base, name); ok {
			out = append(out, dir+name)
		}
	}
	slices.Sort(out)
	return out
}

// runSimple runs one simple command with stdin from in and stdout to out when it is in a
// pipeline, and calls done with its status.
func (sh *shell) runSimple(cmd *shSimple, in, out *pipe, final bool, done func(int)) {
	c := sh.c
	var argv []string
	for _, w := range cmd.words {
		argv = append(argv, sh.expand(w)...)
	}
	env := slices.Clone(c.p.env)
	for k, v := range sh.vars {
		if _, exported := envValue(env, k); exported {
			env = withEnv(env, k, v)
		}
	}
	for _, a := range cmd.assigns {
		name, _, _ := strings.Cut(a[0].text, "=")
		val := strings.Join(sh.expand(append(shWord{{text: strings.TrimPrefix(a[0].text, name+"="), quoted: true}}, a[1:]...)), "")
		if len(argv) == 0 {
			sh.vars[name] = val
		} else {
			env = withEnv(env, name, val)
		}
	}
	fds, ok := sh.openRedirects(cmd, in, out)
	if !ok {
		fds.release(c.at)
		done(2)
		return
	}
	if len(argv) == 0 {
		fds.release(c.at)
		done(0)
		return
	}
	if builtin, ok := shBuiltins[argv[0]]; ok {
		status := builtin(sh, argv, fds, cmd.line)
		fds.release(c.at)
		if argv[0] == "exit" {
			c.exit(status)
			return
		}
		done(status)
		return
	}
	pathVar, _ := envValue(env, "PATH")
	name := lookCommand(argv[0], pathVar, c.p.cwd)
	if name == "" {
		fds.write(2, c.at, c.p.argv[0]+": "+strconv.Itoa(cmd.line)+": "+argv[0]+": not found\n")
		fds.release(c.at)
		done(127)
		return
	}
	if final && len(cmd.redirs) == 0 && in == nil && out == nil {
		fds.release(c.at)
		c.p.env = env
		c.execInPlace(name, argv)
		return
	}
	sh.forkExec(name, argv, env, fds, done)
}

// forkExec starts program name as a child process of the shell with the fds given and
// calls done with its status when it ends.
func (sh *shell) forkExec(name string, argv, env []string, fds shFds, done func(int)) {
	c := sh.c
	p, ok := c.fs.run.newProcess(name, argv, env, c.p.cwd)
	if !ok {
		fds.write(2, c.at, c.p.argv[0]+": 1: Cannot fork\n")
		fds.release(c.at)
		done(2)
		return
	}
	p.ppid = c.p.pid
	p.stdin, p.out = fds.in, [3]outlet{nil, fds.out[1], fds.out[2]}
	p.onExit = append(p.onExit, func(at int64) {
		if c.p.exited {
			return
		}
		c.at = max(c.at, at)
		done(p.waitStatus())
	})
	c.w.startProgram(name, p, c.fs, c.at)
}

// shFds are the fds a command of the shell runs with: its stdin and its outlets, each
// held by the command until it ends.
type shFds struct {
	in  *pipe
	out [3]outlet
}

func (f shFds) write(fd, at int64, s string) {
	if o := f.out[fd]; o != nil {
		o.write(at, []byte(s))
	}
}

// release lets go of the outlets the command held.
func (f shFds) release(at int64) {
	for _, o := range f.out[1:] {
		if o != nil {
			o.release(at)
		}
	}
}

// openRedirects makes the fds of cmd: the shell's own, the pipeline's pipes, then the
// redirections in order. ok is false when a file cannot be opened (dash's message is
// written).
func (sh *shell) openRedirects(cmd *shSimple, in, out *pipe) (shFds, bool) {
	c := sh.c
	fds := shFds{in: c.p.stdin, out: c.p.out}
	if in != nil {
		fds.in = in
	}
	if out != nil {
		fds.out[1] = out
	}
	for _, o := range fds.out[1:] {
		o.retain()
	}
	if out != nil {
		out.release(c.at) // the pipe's first writer was its maker: the command is it now
	}
	for _, r := range cmd.redirs {
		target := strings.Join(sh.expand(r.target), " ")
		switch r.op {
		case ">&", "<&":
			n, err := strconv.Atoi(target)
			if err != nil || n < 1 || n > 2 || r.fd < 1 || r.fd > 2 {
				sh.errLine(cmd.line, "Syntax error: Bad fd number")
				return fds, false
			}
			fds.out[r.fd].release(c.at)
			fds.out[r.fd] = fds.out[n]
			fds.out[r.fd].retain()
		case "<":
			p := c.abs(target)
			b, ok := c.fs.fileBytes(p)
			if !ok {
				sh.errLine(cmd.line, "cannot open "+target+": No such file")
				return fds, false
			}
			pp := c.w.newPipe(0)
			pp.write(c.at, b)
			pp.release(c.at)
			fds.in = pp
		case ">", ">>":
			if r.fd < 1 || r.fd > 2 {
				continue
			}
			o, ok := sh.openFile(target, r.op == ">>")
			if !ok {
				sh.errLine(cmd.line, "cannot create "+target+": Directory nonexistent")
				return fds, false
			}
			fds.out[r.fd].release(c.at)
			fds.out[r.fd] = o
		}
	}
	return fds, true
}

// openFile opens a file for a redirection, truncated unless appending.
func (sh *shell) openFile(name string, appending bool) (outlet, bool) {
	if name == "/dev/null" {
		return nullOutlet{}, true
	}
	fs := sh.c.fs
	p := sh.c.abs(name)
	if !fs.isDir(path.Dir(p)) || fs.isDir(p) {
		return nil, false
	}
	if b, ok := fs.fileBytes(p); !ok || !appending {
		fs.putFile(p, nil)
	} else {
		fs.putFile(p, b)
	}
	return &fileOutlet{fs: fs, path: p}, true
}

// fileOutlet is a file a process writes (a shell's redirection): each write appends.
type fileOutlet struct {
	fs   *fsModule
	path string
}

func (f *fileOutlet) write(at int64, b []byte) {
	old, _ := f.fs.fileBytes(f.path)
	f.fs.putFile(f.path, append(slices.Clip(old), b...))
}
func (*fileOutlet) retain()       {}
func (*fileOutlet) release(int64) {}

// shBuiltins are the commands dash runs itself; each returns its status.
var shBuiltins map[string]func(sh *shell, argv []string, fds shFds, line int) int

func init() {
	shBuiltins = map[string]func(*shell, []string, shFds, int) int{
		"echo":   shEcho,
		"printf": shPrintfBuiltin,
		":":      func(*shell, []string, shFds, int) int { return 0 },
		"true":   func(*shell, []string, shFds, int) int { return 0 },
		"false":  func(*shell, []string, shFds, int) int { return 1 },
		"pwd": func(sh *shell, _ []string, fds shFds, _ int) int {
			fds.write(1, sh.c.at, sh.c.p.cwd+"\n")
			return 0
		},
		"cd":     shCd,
		"exit":   shExit,
		"export": shExport,
	}
}

// shEcho is dash's echo: -n is its one option, backslash escapes are always interpreted.
func shEcho(sh *shell, argv []string, fds shFds, _ int) int {
	args, newline := argv[1:], true
	if len(args) > 0 && args[0] == "-n" {
		newline, args = false, args[1:]
	}
	s, stop := expandEscapes(strings.Join(args, " "))
	if newline && !stop {
		s += "\n"
	}
	fds.write(1, sh.c.at, s)
	return 0
}

func shPrintfBuiltin(sh *shell, argv []string, fds shFds, line int) int {
	if len(argv) < 2 {
		sh.errLine(line, "printf: usage: printf format [arg ...]")
		return 2
	}
	out, status := shellPrintf(argv[1], argv[2:])
	fds.write(1, sh.c.at, out)
	return status
}

func shCd(sh *shell, argv []string, _ shFds, line int) int {
	dir, _ := envValue(sh.c.p.env, "HOME")
	if len(argv) > 1 {
		dir = argv[1]
	}
	p := sh.c.abs(dir)
	if !sh.c.fs.isDir(p) {
		sh.errLine(line, "cd: can't cd to "+dir)
		return 2
	}
	sh.c.p.cwd = p
	return 0
}

func shExit(sh *shell, argv []string, _ shFds, line int) int {
	if len(argv) < 2 {
		return sh.status
	}
	n, err := strconv.Atoi(argv[1])
	if err != nil || n < 0 {
		sh.errLine(line, "exit: Illegal number: "+argv[1])
		return 2
	}
	return n & 0xff
}

func shExport(sh *shell, argv []string, _ shFds, _ int) int {
	for _, a := range argv[1:] {
		name, val, has := strings.Cut(a, "=")
		if !has {
			val = sh.vars[name]
		}
		sh.c.p.env = withEnv(sh.c.p.env, name, val)
		delete(sh.vars, name)
	}
	return 0
}
