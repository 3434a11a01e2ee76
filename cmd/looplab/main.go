// Command looplab is the looplab server and simulator: `looplab serve` (the default)
// serves the API and the web pages; `looplab sim FILE...` runs the simulator.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// run dispatches a subcommand and returns the process exit code. It is the whole program
// minus os.Exit, so tests can drive it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd := "serve"
	if len(args) > 0 && isHelpFlag(args[0]) {
		cmd, args = "help", args[1:]
	} else if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	if c, ok := commands[cmd]; ok {
		return c(ctx, args, stdin, stdout, stderr, getenv)
	}
	fmt.Fprintf(stderr, "looplab: unknown command %q (try 'looplab help')\n", cmd)
	return 2
}

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// commandFunc is the signature of a subcommand.
type commandFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int

// commands holds the commands by name; each has its usage in usages (cli.go).
var commands map[string]commandFunc

func init() { // a map literal that names runHelp, which reads commands, would be a cycle
	commands = map[string]commandFunc{
		"serve":       runServe,       // serve.go
		"migrate":     runMigrate,     // admin.go
		"backup":      runBackup,      // admin.go
		"healthcheck": runHealthcheck, // admin.go
		"keys":        runKeys,        // keys.go
		"content":     runContent,     // bank.go
		"sim": func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
			return runSim(ctx, args, stdout, stderr, getenv) // sim.go
		},
		"lti":      runLTI,      // lti_cli.go
		"outbox":   runOutbox,   // outbox_cli.go
		"learners": runLearners, // learners.go
		"db":       runDB,       // dbcopy.go
		"bench":    runBench,    // bench.go
		"version":  runVersion,
		"help":     runHelp,
	}
}

// runVersion implements `looplab version`.
func runVersion(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, _ func(string) string) int {
	c := newCommand("version")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if err := c.noArgs(); err != nil {
		return c.fail(stderr, err)
	}
	fmt.Fprintln(stdout, "looplab", version)
	return 0
}

// runHelp implements `looplab help [COMMAND [SUBCOMMAND]]`: the list of commands, or
// what `looplab COMMAND [SUBCOMMAND] --help` prints.
func runHelp(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	args = slices.DeleteFunc(slices.Clone(args), isHelpFlag)
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if _, ok := usages[strings.Join(args, " ")]; !ok || args[0] == "help" {
		return newCommand("help").fail(stderr, fmt.Errorf("no command %q", strings.Join(args, " ")))
	}
	return run(ctx, append(args, "--help"), stdin, stdout, stderr, getenv)
}

const usage = `usage: looplab [command] [flags]

commands:
  serve        run the API and web server (the default command)
  migrate      apply or inspect the database schema
  backup       copy the live database (PostgreSQL: a pg_dump archive)
  db           move a SQLite database into PostgreSQL (db copy)
  keys         API keys: create, list, revoke
  learners     mint a learner token (learners token)
  lti          LTI 1.3 platforms: register, update, list; rotate-key, the tool's signing key
  outbox       grades and webhooks on their way, with the receiver's last answer: list, retry
  content      check, dump or import the question bank: validate, export, import
  healthcheck  exit 0 when the server answers /healthz
  bench        CPU per simulation beside node spawned and a warm node vm
  sim          simulate JavaScript programs
  version      print the version
  help         this list, or a command's usage: looplab help lti register

A command's usage and flags, with their defaults: looplab COMMAND [SUBCOMMAND] --help
`
