package sim

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// The simulated machine's commands (R-CP2): a handful of everyday programs, written in
// Go, that a program can run with child_process beside node itself. Any other program is
// not on the machine: spawn fails with ENOENT, and the shell says "not found" (exit 127).
// Each behaves as GNU coreutils' (and grep's) on Debian with stdout not a terminal, in the
// C locale: one name a line from ls, byte order, their own error texts and statuses.

// commandNames are the machine's programs, by the names PATH finds them under (every one
// in /bin and /usr/bin, node in /usr/local/bin).
var commandNames = []string{"echo", "cat", "ls", "sleep", "true", "false", "pwd", "env", "printf", "grep", "sh", "bash", "dash", "node"}

// noSuchCommand is what the simulator adds when a program runs a command the machine
// lacks: the note that says why it is ENOENT.
const noSuchCommand = "the simulated machine has only these programs: echo, cat, ls, sleep, true, false, pwd, env, printf, grep, sh and node"

// lookCommand finds the program file names (PATH's directories when it has no slash):
// its canonical name ("ls", "node"), or "" when the machine has none.
func lookCommand(file, pathVar, cwd string) string {
	if !strings.Contains(file, "/") {
		for _, dir := range strings.Split(pathVar, ":") {
			if name := commandAt(path.Join(dir, file)); name != "" {
				return name
			}
		}
		return ""
	}
	if !strings.HasPrefix(file, "/") {
		file = path.Join(cwd, file)
	}
	return commandAt(path.Clean(file))
}

// commandAt is the program at the absolute path p, or "".
func commandAt(p string) string {
	dir, name := path.Split(p)
	switch dir {
	case "/bin/", "/usr/bin/":
		if name != "node" && slices.Contains(commandNames, name) {
			return name
		}
	case "/usr/local/bin/":
		if name == "node" {
			return name
		}
	}
	return ""
}

// cmdProc is a command running: a program without an event loop whose steps are the
// machine's actions, at its own clock.
type cmdProc struct {
	p    *osProc
	w    *world
	fs   *fsModule // the machine's file system
	at   int64     // the command's clock
	args []string  // argv without argv[0]
}

// cmdMain is a command's program: it runs when the command starts and ends it with exit,
// at once or from a later step.
type cmdMain func(c *cmdProc)

var commandMains map[string]cmdMain

func init() {
	commandMains = map[string]cmdMain{
		"echo": cmdEcho, "cat": cmdCat, "ls": cmdLs, "sleep": cmdSleep, "pwd": cmdPwd, "env": cmdEnv,
		"printf": cmdPrintf, "grep": cmdGrep, "sh": cmdSh, "bash": cmdSh, "dash": cmdSh,
		"true":  func(c *cmdProc) { c.exit(0) },
		"false": func(c *cmdProc) { c.exit(1) },
	}
}

// commandWorkUS is what a command takes beyond its exec before it writes (ls reads its
// locale and stats what it lists: 1.84 ms of CPU where echo and cat took 1.24 and 1.30).
var commandWorkUS = map[string]int64{"ls": 600}

// startCommand starts command name as process p at time at: it runs once exec has loaded
// it (Costs.ExecUS).
func (w *world) startCommand(name string, p *osProc, fs *fsModule, at int64) {
	c := &cmdProc{p: p, w: w, fs: fs, at: at, args: p.argv[1:]}
	p.prog = c
	c.run(name)
}

// run runs program name in the command's process once exec has loaded it.
func (c *cmdProc) run(name string) {
	main := commandMains[name]
	c.after(c.w.main.sc.Costs.ExecUS+commandWorkUS[name], func() { main(c) })
}

// after runs fn us later, unless the command ended meanwhile.
func (c *cmdProc) after(us int64, fn func()) {
	at := c.at + max(us, 0)
	c.w.main.lp.Machine().At(at, func() {
		if c.p.exited {
			return
		}
		c.at = at
		fn()
	})
}

func (c *cmdProc) out(s string) { c.p.out[1].write(c.at, []byte(s)) }
func (c *cmdProc) err(s string) { c.p.out[2].write(c.at, []byte(s)) }

// fail writes the command's error line (prog: text) to stderr.
func (c *cmdProc) fail(text string) { c.err(path.Base(c.p.argv[0]) + ": " + text + "\n") }

func (c *cmdProc) exit(code int) { c.p.exit(c.w, c.at, code, "") }

// readStdin reads the command's standard input: fn gets each read, then eof.
func (c *cmdProc) readStdin(fn func(b []byte, eof bool)) {
	if c.p.stdin == nil {
		fn(nil, true) // /dev/null
		return
	}
	c.p.stdin.attach(&funcReader{w: c.w, at: &c.at, fn: func(b []byte, eof bool) {
		if !c.p.exited {
			fn(b, eof)
		}
	}}, c.at)
}

// readAllStdin reads standard input to its end, then calls fn with all of it.
func (c *cmdProc) readAllStdin(fn func(all []byte)) {
	var all []byte
	c.readStdin(func(b []byte, eof bool) {
		all = append(all, b...)
		if eof {
			fn(all)
		}
	})
}

// abs resolves p against the command's working directory.
func (c *cmdProc) abs(p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Join(c.p.cwd, p)
}

// ---- the programs ------------------------------------------------------------------

// cmdEcho is coreutils' echo: -n, -e and -E are options only when every letter is one.
func cmdEcho(c *cmdProc) {
	args, newline, escapes := c.args, true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, f := range args[0][1:] {
			switch f {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		var stop bool
		s, stop = expandEscapes(s)
		newline = newline && !stop
	}
	if newline {
		s += "\n"
	}
	c.out(s)
	c.exit(0)
}

// expandEscapes interprets echo -e's and printf's backslash escapes; stop reports \c
// (print nothing more).
func expandEscapes(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'e':
			b.WriteByte(0x1b)
		case '\\':
			b.WriteByte('\\')
		case 'c':
			return b.String(), true
		case '0':
			n, j := 0, i+1
			for ; j < len(s) && j < i+4 && s[j] >= '0' && s[j] <= '7'; j++ {
				n = n*8 + int(s[j]-'0')
			}
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String(), false
}

// cmdCat copies its files (or standard input, also for "-") to standard output.
func cmdCat(c *cmdProc) {
	files := c.args
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	var next func(i int)
	next = func(i int) {
		for ; i < len(files); i++ {
			f := files[i]
			if f == "-" {
				c.readStdin(func(b []byte, eof bool) {
					c.out(string(b))
					if eof {
						next(i + 1)
					}
				})
				return
			}
			p := c.abs(f)
			if b, ok := c.fs.fileBytes(p); ok {
				c.out(string(b))
			} else if c.fs.isDir(p) {
				c.fail(f + ": Is a directory")
				status = 1
			} else {
				c.fail(f + ": No such file or directory")
				status = 1
			}
		}
		c.exit(status)
	}
	next(0)
}

// cmdLs lists directories, one name a line (-a, -A and -1 are its options here).
func cmdLs(c *cmdProc) {
	all, almost := false, false
	var paths []string
	for _, a := range c.args {
		if len(a) > 1 && a[0] == '-' {
			for _, f := range a[1:] {
				switch f {
				case 'a':
					all = true
				case 'A':
					almost = true
				case '1':
				default:
					c.fail("invalid option -- '" + string(f) + "'\nTry 'ls --help' for more information.")
					c.exit(2)
					return
				}
			}
			continue
		}
		paths = append(paths, a)
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	status := 0
	var files, dirs []string
	for _, a := range paths {
		p := c.abs(a)
		switch {
		case c.fs.isDir(p):
			dirs = append(dirs, a)
		case c.fileExists(p):
			files = append(files, a)
		default:
			c.fail("cannot access '" + a + "': No such file or directory")
			status = 2
		}
	}
	slices.Sort(files)
	slices.Sort(dirs)
	var out strings.Builder
	for _, f := range files {
		out.WriteString(f + "\n")
	}
	for i, d := range dirs {
		if len(paths) > 1 {
			if i > 0 || len(files) > 0 {
				out.WriteString("\n")
			}
			out.WriteString(d + ":\n")
		}
		names := c.fs.dirEntries(c.abs(d))
		if all {
			names = append([]string{".", ".."}, names...)
		}
		for _, n := range names {
			if strings.HasPrefix(n, ".") && !all && !almost {
				continue
			}
			out.WriteString(n + "\n")
		}
	}
	c.out(out.String())
	c.exit(max(status, 0))
}

func (c *cmdProc) fileExists(p string) bool {
	_, ok := c.fs.fileBytes(p)
	return ok
}

// cmdSleep waits for the sum of its intervals (seconds, or with s, m, h or d).
func cmdSleep(c *cmdProc) {
	if len(c.args) == 0 {
		c.fail("missing operand\nTry 'sleep --help' for more information.")
		c.exit(1)
		return
	}
	var total float64
	for _, a := range c.args {
		mult := 1.0
		num := a
		switch {
		case strings.HasSuffix(a, "s"):
			num = a[:len(a)-1]
		case strings.HasSuffix(a, "m"):
			num, mult = a[:len(a)-1], 60
		case strings.HasSuffix(a, "h"):
			num, mult = a[:len(a)-1], 3600
		case strings.HasSuffix(a, "d"):
			num, mult = a[:len(a)-1], 86400
		}
		v, err := strconv.ParseFloat(num, 64)
		if err != nil || v < 0 || num == "" {
			c.fail("invalid time interval '" + a + "'\nTry 'sleep --help' for more information.")
			c.exit(1)
			return
		}
		total += v * mult
	}
	us := int64(total * 1e6)
	if limit := c.w.main.sc.Limits.MaxVirtualMS * 1000; us > limit {
		us = limit + 1 // past the run's virtual time: the run ends there
	}
	c.after(us, func() { c.exit(0) })
}

func cmdPwd(c *cmdProc) {
	c.out(c.p.cwd + "\n")
	c.exit(0)
}

// cmdEnv prints the environment, or runs a command under NAME=value assignments.
func cmdEnv(c *cmdProc) {
	env, args := slices.Clone(c.p.env), c.args
	for len(args) > 0 && strings.Contains(args[0], "=") && !strings.HasPrefix(args[0], "=") {
		k, v, _ := strings.Cut(args[0], "=")
		env = withEnv(env, k, v)
		args = args[1:]
	}
	if len(args) == 0 {
		var out strings.Builder
		for _, kv := range env {
			out.WriteString(kv + "\n")
		}
		c.out(out.String())
		c.exit(0)
		return
	}
	pathVar, _ := envValue(env, "PATH")
	name := lookCommand(args[0], pathVar, c.p.cwd)
	if name == "" {
		c.err("env: '" + args[0] + "': No such file or directory\n")
		c.exit(127)
		return
	}
	c.p.env = env
	c.execInPlace(name, args)
}

// execInPlace replaces the command with program name (as exec does: the same process,
// its fds and its pid), after exec's cost.
func (c *cmdProc) execInPlace(name string, argv []string) {
	c.p.argv, c.p.file = argv, name
	c.args = argv[1:]
	if name == "node" {
		c.w.execNode(c.p, c.fs.run, c.at)
		return
	}
	c.run(name)
}

// cmdPrintf is printf FORMAT [ARG...]: the format is used again until the arguments are
// all consumed.
func cmdPrintf(c *cmdProc) {
	if len(c.args) == 0 {
		c.fail("missing operand\nTry 'printf --help' for more information.")
		c.exit(1)
		return
	}
	out, status := shellPrintf(c.args[0], c.args[1:])
	c.out(out)
	c.exit(status)
}

// shellPrintf formats args with format as printf(1) does: %s %b %d %i %u %x %X %o %c %f
// %e %g and %%, with flags, width and precision; the format is reused while arguments
// remain. status is 1 when an argument was not a number.
func shellPrintf(format string, args []string) (string, int) {
	var b strings.Builder
	status := 0
	for {
		used := 0
		for i := 0; i < len(format); i++ {
			ch := format[i]
			if ch == '\\' {
				j := i + 1
				for j < len(format) && j < i+2 {
					j++
				}
				s, _ := expandEscapes(format[i:j])
				b.WriteString(s)
				i = j - 1
				continue
			}
			if ch != '%' {
				b.WriteByte(ch)
				continue
			}
			j := i + 1
			for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
				j++
			}
			if j >= len(format) {
				b.WriteString(format[i:])
				break
			}
			spec, verb := format[i+1:j], format[j]
			i = j
			if verb == '%' {
				b.WriteByte('%')
				continue
			}
			arg := ""
			if used < len(args) {
				arg = args[used]
			}
			used++
			s, ok := printfOne(spec, verb, arg)
			if !ok {
				status = 1
			}
			b.WriteString(s)
		}
		args = args[min(used, len(args)):]
		if used == 0 || len(args) == 0 {
			return b.String(), status
		}
	}
}
