package sim

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The machine's text programs: printf's conversions and grep.

// printfOne formats one argument with a conversion of printf(1); ok is false when a
// numeric conversion got something that is not a number (printf says so, and goes on
// with 0).
func printfOne(spec string, verb byte, arg string) (string, bool) {
	switch verb {
	case 's':
		return fmt.Sprintf("%"+spec+"s", arg), true
	case 'b':
		s, _ := expandEscapes(arg)
		return fmt.Sprintf("%"+spec+"s", s), true
	case 'c':
		if arg == "" {
			return "", true
		}
		return fmt.Sprintf("%"+spec+"s", arg[:1]), true
	case 'd', 'i', 'u', 'x', 'X', 'o':
		n, ok := printfInt(arg)
		v := map[byte]string{'d': "d", 'i': "d", 'u': "d", 'x': "x", 'X': "X", 'o': "o"}[verb]
		return fmt.Sprintf("%"+spec+v, n), ok
	case 'f', 'F', 'e', 'E', 'g', 'G':
		f, err := strconv.ParseFloat(strings.TrimSpace(arg), 64)
		if arg == "" {
			err = nil
		}
		return fmt.Sprintf("%"+spec+string(verb), f), err == nil
	}
	return "%" + spec + string(verb), true
}

// printfInt reads a numeric argument: decimal, 0x hex, 0 octal, or 'c (a character's code).
func printfInt(arg string) (int64, bool) {
	s := strings.TrimSpace(arg)
	if s == "" {
		return 0, true
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) > 1 {
			return int64(s[1]), true
		}
		return 0, true
	}
	n, err := strconv.ParseInt(s, 0, 64)
	return n, err == nil
}

// cmdGrep prints the lines of its files (or standard input) that match a pattern: a basic
// regular expression, or extended with -E, or fixed with -F; -i, -v, -c, -n, -q and -h.
func cmdGrep(c *cmdProc) {
	var flags struct{ ext, fixed, icase, invert, count, number, quiet, noName bool }
	var pattern *string
	var files []string
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if len(a) > 1 && a[0] == '-' && pattern == nil {
			for _, f := range a[1:] {
				switch f {
				case 'E':
					flags.ext = true
				case 'F':
					flags.fixed = true
				case 'i':
					flags.icase = true
				case 'v':
					flags.invert = true
				case 'c':
					flags.count = true
				case 'n':
					flags.number = true
				case 'q':
					flags.quiet = true
				case 'h':
					flags.noName = true
				default:
					c.err("grep: invalid option -- '" + string(f) + "'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n")
					c.exit(2)
					return
				}
			}
			continue
		}
		if pattern == nil {
			pattern = &c.args[i]
			continue
		}
		files = append(files, a)
	}
	if pattern == nil {
		c.err("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n")
		c.exit(2)
		return
	}
	expr := *pattern
	switch {
	case flags.fixed:
		expr = regexp.QuoteMeta(expr)
	case !flags.ext:
		expr = basicToExtended(expr)
	}
	if flags.icase {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		c.err("grep: Invalid regular expression\n")
		c.exit(2)
		return
	}
	matched, status := false, 0
	scan := func(name string, text []byte) {
		lines := strings.SplitAfter(string(text), "\n")
		if len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		n := 0
		var out strings.Builder
		for i, l := range lines {
			line := strings.TrimSuffix(l, "\n")
			if re.MatchString(line) == flags.invert {
				continue
			}
			n++
			matched = true
			if flags.count || flags.quiet {
				continue
			}
			if name != "" {
				out.WriteString(name + ":")
			}
			if flags.number {
				out.WriteString(strconv.Itoa(i+1) + ":")
			}
			out.WriteString(line + "\n")
		}
		if flags.count && !flags.quiet {
			if name != "" {
				out.WriteString(name + ":")
			}
			out.WriteString(strconv.Itoa(n) + "\n")
		}
		c.out(out.String())
	}
	finish := func() {
		switch {
		case status == 2 && !(flags.quiet && matched):
			c.exit(2)
		case matched:
			c.exit(0)
		default:
			c.exit(1)
		}
	}
	if len(files) == 0 {
		c.readAllStdin(func(all []byte) {
			scan("", all)
			finish()
		})
		return
	}
	for _, f := range files {
		name := f
		if len(files) == 1 || flags.noName {
			name = ""
		}
		p := c.abs(f)
		b, ok := c.fs.fileBytes(p)
		switch {
		case ok:
			scan(name, b)
		case c.fs.isDir(p):
			c.err("grep: " + f + ": Is a directory\n")
			status = 2
		default:
			c.err("grep: " + f + ": No such file or directory\n")
			status = 2
		}
	}
	finish()
}

// basicToExtended rewrites a POSIX basic regular expression as Go's: \( \) \{ \} \| \+ \?
// are the operators, their bare characters literals.
func basicToExtended(bre string) string {
	var b strings.Builder
	for i := 0; i < len(bre); i++ {
		ch := bre[i]
		if ch == '\\' && i+1 < len(bre) {
			next := bre[i+1]
			if strings.IndexByte("(){}|+?", next) >= 0 {
				b.WriteByte(next)
			} else {
				b.WriteByte('\\')
				b.WriteByte(next)
			}
			i++
			continue
		}
		if strings.IndexByte("(){}|+?", ch) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(ch)
	}
	return b.String()
}
