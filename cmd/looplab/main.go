// Command looplab is the looplab server and simulator: `looplab serve` (the default)
// serves the API and the web pages; `looplab sim FILE...` runs the simulator.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
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
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(ctx, args, stdin, stdout, stderr, getenv)
	case "migrate":
		return runMigrate(ctx, args, stdin, stdout, stderr, getenv)
	case "backup":
		return runBackup(ctx, args, stdin, stdout, stderr, getenv)
	case "healthcheck":
		return runHealthcheck(ctx, args, stdin, stdout, stderr, getenv)
	case "keys":
		return runKeys(ctx, args, stdin, stdout, stderr, getenv)
	case "content":
		return runContent(ctx, args, stdin, stdout, stderr, getenv)
	case "sim":
		return runSim(ctx, args, stdout, stderr, getenv)
	case "version":
		fmt.Fprintln(stdout, "looplab", version)
		return 0
	case "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		if c, ok := extraCommands[cmd]; ok {
			return c(ctx, args, stdin, stdout, stderr, getenv)
		}
		fmt.Fprintf(stderr, "looplab: unknown command %q (try 'looplab help')\n", cmd)
		return 2
	}
}

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// commandFunc is the signature of a subcommand.
type commandFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int

// extraCommands holds the subcommands defined in other files of this package.
var extraCommands = map[string]commandFunc{
	"lti":      runLTI,      // lti_cli.go
	"outbox":   runOutbox,   // outbox_cli.go
	"learners": runLearners, // learners.go
	"db":       runDB,       // dbcopy.go
	"bench":    runBench,    // bench.go
}

const usage = `usage: looplab [command] [flags]

commands:
  serve      run the API and web server (default): looplab serve [--addr :8080] [--db ./looplab.db|postgres://...] (see docs/configuration.md)
  migrate    apply or inspect the database schema: looplab migrate [--db FILE|URL] up|down|status
  backup     copy the live database: looplab backup [--db FILE|URL] DEST (PostgreSQL: a pg_dump archive)
  db         move a SQLite database into PostgreSQL: looplab db copy --from FILE --to postgres://...
  keys       API keys: looplab keys create --role admin|instructor|app [--name NAME] | list | revoke ID  [--db FILE]
  learners   mint a learner token: looplab learners token [--ttl 1h] [--db FILE] ID
  lti        LTI 1.3 platforms: looplab lti register --issuer ISS --client-id ID ... | update ID ... | list | rotate-key
  outbox     grades and webhooks on their way, with the receiver's last answer: looplab outbox [list] [--status failed] | retry ID
  content    check, dump or import the question bank: looplab content [--content DIR] validate|export [--format json|moodle|qti]|import FILE.xml
  healthcheck  exit 0 when the server answers /healthz: looplab healthcheck [--addr ADDR]
  bench      CPU per simulation beside node spawned and a warm node vm: looplab bench [--node PATH] [--runs N] [FILE...]
  sim        simulate JavaScript programs: looplab sim [--json] [--module cjs|esm] [--threadpool N] [--scenario FILE] FILE...
  version    print the version
`
