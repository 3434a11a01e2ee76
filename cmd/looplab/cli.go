package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// usages holds the usage of every command and subcommand, by its words ("lti register"):
// what follows the words on the command line. A command with subcommands has a key per
// subcommand too; `looplab WORDS --help` prints the usage and the flags of WORDS alone,
// and TestEveryCommandHelp walks every key.
var usages = map[string]string{
	"serve":            "[flags] (the server's configuration: docs/configuration.md)",
	"migrate":          "[--db FILE|URL] up|down|status",
	"backup":           "[--db FILE|URL] DEST",
	"db":               "copy --from FILE --to postgres://...",
	"db copy":          "--from FILE --to postgres://USER:PASSWORD@HOST:PORT/DB",
	"healthcheck":      "[--addr ADDR]",
	"keys":             "create|list|revoke ... [--db FILE]",
	"keys create":      "--role admin|instructor|app [--name NAME] [--db FILE]",
	"keys list":        "[--db FILE]",
	"keys revoke":      "[--db FILE] ID",
	"learners":         "token [--ttl 1h] [--db FILE] ID",
	"learners token":   "[--ttl 1h] [--db FILE] ID",
	"lti":              "register|update|list|rotate-key ... [--db FILE]",
	"lti register":     "--public-url URL --issuer ISS --client-id ID --deployment-id ID[,ID] --auth-url URL --token-url URL --jwks-url URL [--name NAME] [--db FILE]",
	"lti update":       "PLATFORM-ID [--deployment-id ID[,ID]] [--client-id ID] [--auth-url URL] [--token-url URL] [--jwks-url URL] [--token-audience AUD] [--name NAME] [--db FILE]",
	"lti list":         "[--db FILE]",
	"lti rotate-key":   "[--db FILE]",
	"outbox":           "[list|retry] ... [--db FILE] (list when no command is given)",
	"outbox list":      "[--status pending|delivered|failed] [--kind ags.score|webhook] [--limit N] [--db FILE]",
	"outbox retry":     "[--db FILE] MESSAGE-ID",
	"content":          "validate|export|import ... [--content DIR]",
	"content validate": "[--content DIR]",
	"content export":   "[--content DIR] [--format json|moodle|qti] [--language en|vi] [--order multichoice] [--variants N]",
	"content import":   "--content DIR [--replace] FILE.xml...",
	"bench":            "[--node PATH] [--runs N] [--spawns N] [--rounds N] [FILE...]",
	"sim":              "[--json] [--node VERSION | --compare-node] [--module cjs|esm] [--threadpool N] [--scenario FILE] [--sim-cpu-ms N ...] FILE...",
	"version":          "",
	"help":             "[COMMAND [SUBCOMMAND]]",
}

// subcommands returns the subcommands of the command words ("lti": register, list...),
// sorted; none for a command without subcommands.
func subcommands(words string) []string {
	var subs []string
	for k := range usages {
		if rest, ok := strings.CutPrefix(k, words+" "); ok && !strings.Contains(rest, " ") {
			subs = append(subs, rest)
		}
	}
	slices.Sort(subs)
	return subs
}

// command is the flag set of one command or subcommand while its arguments are parsed.
// Flags may stand anywhere among the arguments; --help prints the usage and the flags.
type command struct {
	words  string // "lti register"
	fs     *flag.FlagSet
	envErr *error // the first LOOPLAB_* variable config could not read
}

// newCommand returns the flag set of the command words, without flags yet: register the
// command's own on c.fs, and the configuration's it takes with c.config.
func newCommand(words string) *command {
	if _, ok := usages[words]; !ok {
		panic("cmd/looplab: no usage for command " + words)
	}
	fs := flag.NewFlagSet("looplab "+words, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse reports errors and prints the help itself
	fs.Usage = func() {}
	return &command{words: words, fs: fs}
}

// config registers the configuration flags named (the flags of `looplab serve`; every
// one when none is named) on c.fs and returns the configuration they fill: defaults,
// then LOOPLAB_* variables, then the flags parse reads.
func (c *command) config(getenv func(string) string, names ...string) *Config {
	if len(names) == 0 {
		cfg, envErr := configFlags(c.fs, getenv)
		c.envErr = envErr
		return cfg
	}
	all := flag.NewFlagSet("", flag.ContinueOnError)
	cfg, envErr := configFlags(all, getenv)
	c.envErr = envErr
	for _, name := range names {
		f := all.Lookup(name)
		if f == nil {
			panic("cmd/looplab: no configuration flag --" + name)
		}
		c.fs.Var(f.Value, f.Name, f.Usage)
	}
	return cfg
}

// simLimitNames are the names of the simulator limits' flags (--sim-cpu-ms...), for the
// commands that simulate.
func simLimitNames() []string {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	sc := DefaultSimConfig()
	simLimitFlags(fs, func(string, func(string) error) {}, &sc)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// parse parses args, flags anywhere among them (a "--" ends the flags). It returns
// done when the command must end now with code: --help (or -h) printed the usage and the
// flags on stdout (0); a wrong flag or LOOPLAB_* variable was reported on one line of
// stderr (2).
func (c *command) parse(args []string, stdout, stderr io.Writer) (code int, done bool) {
	err := parseInterspersed(c.fs, args)
	if errors.Is(err, flag.ErrHelp) {
		c.printHelp(stdout)
		return 0, true
	}
	if err == nil && c.envErr != nil {
		err = *c.envErr
	}
	if err != nil {
		return c.fail(stderr, err), true
	}
	return 0, false
}

// parseInterspersed parses flags wherever they stand among the arguments (`outbox retry
// 186 --db F` as `outbox --db F retry 186`); the other arguments, in their order, are
// then fs.Args(). A "--" ends the flags, as for flag.Parse.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			positional = append(positional, rest...) // after "--": no more flags
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, positional...))
}

// idArg checks the command's arguments: none when what is empty; else exactly one, the
// positive ID of a what ("platform"), which it returns.
func (c *command) idArg(what string) (int64, error) {
	switch {
	case what == "" && c.fs.NArg() == 0:
		return 0, nil
	case what == "":
		return 0, fmt.Errorf("unexpected argument %q", c.fs.Arg(0))
	case c.fs.NArg() != 1:
		return 0, fmt.Errorf("want one %s ID", what)
	}
	id, err := strconv.ParseInt(c.fs.Arg(0), 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("the %s ID %q is not a positive number", what, c.fs.Arg(0))
	}
	return id, nil
}

// noArgs checks that the command was given no arguments beside its flags.
func (c *command) noArgs() error {
	_, err := c.idArg("")
	return err
}

// fail reports a usage error on one line of stderr and returns the exit code 2.
func (c *command) fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "looplab %s: %v (see 'looplab %s --help')\n", c.words, err, c.words)
	return 2
}

// printHelp writes the usage of the command, its subcommands' and its flags with their
// defaults.
func (c *command) printHelp(w io.Writer) {
	fmt.Fprintf(w, "usage: looplab %s %s\n", c.words, usages[c.words])
	if subs := subcommands(c.words); len(subs) > 0 {
		for _, s := range subs {
			fmt.Fprintf(w, "       looplab %s %s %s\n", c.words, s, usages[c.words+" "+s])
		}
		fmt.Fprintf(w, "\nEach command's flags: looplab %s COMMAND --help\n", c.words)
	}
	first := true
	c.fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintln(w, "\nflags:")
			first = false
		}
		kind, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s", f.Name)
		if kind != "" {
			fmt.Fprintf(w, " %s", kind)
		}
		fmt.Fprintf(w, "\n        %s", usage)
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" && f.DefValue != "[]" {
			fmt.Fprintf(w, " (default %s)", redacted(f.DefValue))
		}
		fmt.Fprintln(w)
	})
}

// redacted hides the password of a URL (a default taken from LOOPLAB_DB=postgres://...).
func redacted(v string) string {
	if u, err := url.Parse(v); err == nil && u.User != nil {
		return u.Redacted()
	}
	return v
}

// withSubcommand parses the command line of a command that has subcommands (lti,
// keys...): the subcommand may stand anywhere among the flags. It returns the
// subcommand and the other arguments; without one (or the default, when def is not
// empty), it ends the command: --help prints the command's usage (0), anything else is a
// one-line error (2).
func withSubcommand(words, def string, args []string, stdout, stderr io.Writer) (sub string, rest []string, code int, done bool) {
	sub, rest = commandFirst(args, subcommands(words)...)
	if sub != "" {
		return sub, rest, 0, false
	}
	c := newCommand(words)
	if slices.ContainsFunc(args, isHelpFlag) {
		c.printHelp(stdout)
		return "", nil, 0, true
	}
	if def != "" {
		return def, args, 0, false
	}
	return "", nil, c.fail(stderr, fmt.Errorf("want one of %s", strings.Join(subcommands(words), ", "))), true
}

// commandFirst finds the first argument that is one of cmds and returns it and the other
// arguments (so flags may come before or after the command).
func commandFirst(args []string, cmds ...string) (string, []string) {
	for i, a := range args {
		if slices.Contains(cmds, a) {
			return a, append(slices.Clone(args[:i]), args[i+1:]...)
		}
	}
	return "", args
}

// isHelpFlag reports whether arg asks for help.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "--h" || arg == "-help" || arg == "--help"
}
