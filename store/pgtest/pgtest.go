// Package pgtest starts a throwaway PostgreSQL cluster for tests: one per test binary,
// started on first use with Debian's initdb and pg_ctl, and one fresh database per test.
// When the test process runs as root (CI does), the cluster runs as an unprivileged
// user (postgres, else nobody), since PostgreSQL refuses to run as root.
//
// Where PostgreSQL is not installed the tests that need it skip, with a message, unless
// external programs are required (internal/testenv: .ci/run sets
// LOOPLAB_REQUIRE_EXTERNAL=1), where they fail.
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"github.com/looplab/looplab/internal/testenv"
)

// Cluster is a running PostgreSQL server.
type Cluster struct {
	Dir  string // data directory
	Bin  string // the directory of initdb, pg_ctl, postgres
	Port int
	cred *syscall.Credential // nil: run as the current user
	next atomic.Int64
	mu   sync.Mutex // serialises CREATE DATABASE (PostgreSQL copies template1 one at a time)
}

var (
	once     sync.Once
	shared   *Cluster
	startErr error
)

// EnginesEnv names the engines the tests of store and cmd/looplab run on, in their
// TestMain: "sqlite,postgres" by default; "sqlite" alone skips the PostgreSQL passes (as
// scripts/check-standalone.sh does after the main run), "postgres" alone the SQLite ones.
const EnginesEnv = "LOOPLAB_TEST_ENGINES"

// Engines reports which passes to run.
func Engines() (sqlite, postgres bool) {
	v := os.Getenv(EnginesEnv)
	if v == "" {
		return true, true
	}
	return strings.Contains(v, "sqlite"), strings.Contains(v, "postgres")
}

// Required reports whether the environment asks for PostgreSQL tests to run.
func Required() bool { return testenv.Required() }

// Available reports whether PostgreSQL's server programs are installed.
func Available() bool { return binDir() != "" }

// Shared returns the test binary's cluster, starting it on first use; it skips tb when
// PostgreSQL is absent and not required.
func Shared(tb testing.TB) *Cluster {
	tb.Helper()
	if !Available() {
		testenv.Missing(tb, "PostgreSQL's initdb and pg_ctl (apt-get install postgresql)")
	}
	once.Do(func() { shared, startErr = Start() })
	if startErr != nil {
		tb.Fatalf("start PostgreSQL: %v", startErr)
	}
	return shared
}

// Stop stops the shared cluster if one was started and deletes its files (TestMain).
func Stop() {
	if shared != nil {
		shared.Stop()
	}
}

// binDir finds the server programs: on PATH (Debian links a few into /usr/local/bin
// on some images) or in the newest /usr/lib/postgresql/N/bin.
func binDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "pg_ctl")); err == nil {
			return dirs[i]
		}
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(real)
		}
	}
	return ""
}

// Start initialises and starts a cluster in a new temporary directory, listening on a
// free loopback port, with durability off (fsync) since its data is thrown away.
func Start() (*Cluster, error) {
	c := &Cluster{Bin: binDir()}
	dir, err := os.MkdirTemp("", "looplab-pg")
	if err != nil {
		return nil, err
	}
	c.Dir = filepath.Join(dir, "data")
	if os.Geteuid() == 0 {
		if c.cred, err = unprivileged(); err != nil {
			return nil, err
		}
		if err := os.Chown(dir, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			return nil, err
		}
	}
	if c.Port, err = freePort(); err != nil {
		return nil, err
	}
	if out, err := c.run("initdb", "-D", c.Dir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		return nil, fmt.Errorf("initdb: %w: %s", err, out)
	}
	if err := c.StartServer(); err != nil {
		return nil, err
	}
	return c, nil
}

// StartServer starts (or restarts, after StopServer) the server and waits until it
// accepts connections.
func (c *Cluster) StartServer() error {
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -c unix_socket_directories=%s -c fsync=off "+
		"-c synchronous_commit=off -c full_page_writes=off -c max_connections=300", c.Port, filepath.Dir(c.Dir))
	if out, err := c.run("pg_ctl", "-D", c.Dir, "-o", opts, "-l", filepath.Join(filepath.Dir(c.Dir), "server.log"), "-w", "-t", "60", "start"); err != nil {
		return fmt.Errorf("pg_ctl start: %w: %s", err, out)
	}
	return nil
}

// StopServer stops the server fast (open sessions are ended), keeping its data.
func (c *Cluster) StopServer() error {
	if out, err := c.run("pg_ctl", "-D", c.Dir, "-m", "fast", "-w", "stop"); err != nil {
		return fmt.Errorf("pg_ctl stop: %w: %s", err, out)
	}
	return nil
}

// Stop stops the server and deletes the cluster.
func (c *Cluster) Stop() {
	_ = c.StopServer()
	_ = os.RemoveAll(filepath.Dir(c.Dir))
}

// URL returns the connection URL of database name.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.Port, name)
}

// NewDatabase creates an empty database for tb and returns its URL.
func NewDatabase(tb testing.TB) string {
	tb.Helper()
	c := Shared(tb)
	u, err := c.CreateDatabase()
	if err != nil {
		tb.Fatalf("create database: %v", err)
	}
	return u
}

// CreateDatabase creates a new empty database and returns its URL.
func (c *Cluster) CreateDatabase() (string, error) {
	name := "t" + strconv.FormatInt(c.next.Add(1), 10)
	c.mu.Lock()
	defer c.mu.Unlock()
	db, err := sql.Open("pgx", c.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	return c.URL(name), nil
}

// run runs one of the server programs as the cluster's user.
func (c *Cluster) run(prog string, args ...string) (string, error) {
	cmd := exec.Command(filepath.Join(c.Bin, prog), args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
		cmd.Dir = "/"
	}
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// unprivileged returns the credential of the postgres user, or of nobody.
func unprivileged() (*syscall.Credential, error) {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, fmt.Errorf("no unprivileged user (postgres or nobody) to run PostgreSQL as")
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
