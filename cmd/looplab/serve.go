package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime/debug"
	"time"

	"github.com/looplab/looplab/api"
	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
)

// runServe implements `looplab serve`: open the database (applying migrations), load the
// bank, serve the API until ctx ends (SIGINT/SIGTERM), then finish in-flight requests
// and close the database.
func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	c := newCommand("serve")
	cfg := c.config(getenv)
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	if err := c.noArgs(); err != nil {
		return c.fail(stderr, err)
	}
	if err := cfg.Sim.validate(); err != nil {
		return c.fail(stderr, err)
	}
	logger, err := newLogger(stderr, *cfg)
	if err != nil {
		fmt.Fprintln(stderr, "looplab serve:", err)
		return 2
	}
	tuneGC(getenv)
	if err := serve(ctx, *cfg, logger, stdout); err != nil {
		logger.Error("serve failed", "err", err)
		return 1
	}
	return 0
}

func serve(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	start := time.Now()
	if cfg.MetricsKey != "" && len(cfg.MetricsKey) < 16 {
		return fmt.Errorf("LOOPLAB_METRICS_KEY must be at least 16 characters")
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			logger.Error("closing the database", "err", err)
		}
		logger.Info("database closed")
	}()
	srv, integ, err := newServer(ctx, cfg, db, logger, stdout)
	if err != nil {
		return err
	}
	// Both stop before the database closes: the outbox worker records its last tries.
	defer integ.stop()
	defer startIdempotencyPruner(ctx, srv.Idem, cfg.IdempotencyTTL, logger)()
	defer startInFlightReleaser(ctx, srv.Idem, logger)()
	defer startGuestPurger(ctx, srv.Guests, cfg.GuestTTL, logger)()
	// Changes made through other replicas reach this one's caches (PostgreSQL only).
	wctx, stopWatching := context.WithCancel(ctx)
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		db.WatchChanges(wctx, func(c store.Change) { srv.Forget(c.Kind, c.ID) })
	}()
	defer func() { stopWatching(); <-watching }()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	if cfg.PprofAddr != "" {
		if err := servePprof(cfg.PprofAddr, logger); err != nil {
			return err
		}
	}
	if cfg.MetricsAddr != "" {
		mln, err := serveMetrics(cfg.MetricsAddr, srv, logger)
		if err != nil {
			return err
		}
		defer mln.Close()
	}
	logger.Info("listening", "addr", ln.Addr().String(), "db", cfg.DB, "startup_ms", time.Since(start).Milliseconds())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	if cfg.DrainDelay > 0 {
		// Behind a load balancer: fail its readiness checks first and keep serving until
		// it has noticed, so no request meets a closed port.
		srv.Drain()
		logger.Info("draining: /readyz answers 503", "delay", cfg.DrainDelay.String())
		time.Sleep(cfg.DrainDelay)
	}
	logger.Info("shutting down: finishing in-flight requests", "timeout", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// staleInFlight is how long an idempotency key may stay in flight before it is taken
// for the key of a request that died with its process: longer than any request lives
// (the server's write timeout is 30 s).
const staleInFlight = 2 * time.Minute

// inFlightCutoff is the reservation time before which in-flight idempotency keys are
// released at start-up: all of them with SQLite, where this process is the only
// server; with PostgreSQL, where other replicas serve requests meanwhile, only those
// older than staleInFlight (the pruner releases later ones).
func inFlightCutoff(db *store.DB) time.Time {
	if db.Engine() == store.Postgres {
		return time.Now().Add(-staleInFlight)
	}
	return time.Now().Add(time.Second)
}

// startInFlightReleaser releases, every minute, the idempotency keys in flight for
// longer than staleInFlight: their request died with its process (on PostgreSQL, a
// replica; nothing else releases them while other replicas keep running).
func startInFlightReleaser(ctx context.Context, idem quiz.IdempotencyService, logger *slog.Logger) (stop func()) {
	return startPruner(ctx, "stale in-flight idempotency keys", time.Minute, logger, func(ctx context.Context) (int, error) {
		return idem.ReleaseInFlight(ctx, time.Now().Add(-staleInFlight))
	})
}

// startIdempotencyPruner deletes the idempotency records older than ttl now and then
// every ttl or 10 minutes, whichever is shorter. With ttl 0 it does nothing.
func startIdempotencyPruner(ctx context.Context, idem quiz.IdempotencyService, ttl time.Duration, logger *slog.Logger) (stop func()) {
	if ttl <= 0 {
		return func() {}
	}
	return startPruner(ctx, "expired idempotency keys", min(ttl, 10*time.Minute), logger, func(ctx context.Context) (int, error) {
		n, err := idem.Prune(ctx, ttl)
		return int(n), err
	})
}

// startGuestPurger deletes the guest learners idle for longer than ttl (no token renewed
// and no attempt since), with their history, now and then every ttl/10 or hour,
// whichever is shorter.
func startGuestPurger(ctx context.Context, guests quiz.GuestService, ttl time.Duration, logger *slog.Logger) (stop func()) {
	return startPruner(ctx, "idle guest learners", min(ttl/10, time.Hour), logger, func(ctx context.Context) (int, error) {
		return guests.PurgeGuests(ctx, time.Now().Add(-ttl))
	})
}

// startPruner runs prune now and then every interval until ctx ends or the function it
// returns is called, which waits for it to stop; it logs what was deleted.
func startPruner(ctx context.Context, what string, every time.Duration, logger *slog.Logger, prune func(context.Context) (int, error)) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(max(every, time.Second))
		defer tick.Stop()
		for {
			if n, err := prune(ctx); err != nil && ctx.Err() == nil {
				logger.Error("pruning "+what, "err", err)
			} else if n > 0 {
				logger.Info("pruned "+what, "count", n)
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// servePprof serves the runtime profiles (net/http/pprof) on their own listener, away
// from the API, for as long as the process lives. Bind it to a loopback address: the
// profiles reveal the program's internals.
func servePprof(addr string, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("pprof listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	logger.Info("profiling", "addr", ln.Addr().String())
	go func() { _ = http.Serve(ln, mux) }()
	return nil
}

// serveMetrics serves GET /metrics with no credential on a listener of its own, for as
// long as it is open: bind it to an address only the scraper reaches.
func serveMetrics(addr string, srv *api.Server, logger *slog.Logger) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		if err := srv.WriteMetrics(r.Context(), w, ""); err != nil {
			logger.Warn("metrics", "err", err)
		}
	})
	logger.Info("metrics", "addr", ln.Addr().String())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	return ln, nil
}

// tuneGC trades memory for CPU unless GOGC or GOMEMLIMIT say otherwise: the grading hot
// path allocates many short-lived objects, and collecting at 4x the live heap instead of
// 2x takes about a third of the garbage collector's CPU away (measured with cmd/loadgen:
// ~3,200 graded attempts/s at GOGC=100, ~4,900 at 400, on 2 cores). The soft memory
// limit keeps the heap bounded all the same.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(256 << 20)
	}
}

// newServer wires the services over db: the bootstrap admin key, the token secret, the
// question bank (validated by simulation, then synced), and the HTTP server.
func newServer(ctx context.Context, cfg Config, db *store.DB, logger *slog.Logger, stdout io.Writer) (*api.Server, *integrations, error) {
	metrics := api.NewMetrics()
	admission := quiz.NewAdmission(cfg.Sim.admission())
	engine := quiz.NewEngine(cfg.Sim.simulator(), quiz.DefaultKinds(), cfg.VariantCache, metrics, quiz.WithAdmission(admission),
		quiz.WithCacheBytes(int64(cfg.VariantCacheMB)<<20, int64(cfg.RunCacheMB)<<20))
	keys := store.NewKeyService(db)
	questions := store.NewQuestionService(db)
	signer, err := tokenSigner(ctx, db, cfg.TokenSecret)
	if err != nil {
		return nil, nil, err
	}
	// Replicas starting together on one database take turns (the first creates the
	// admin key and the bank's questions, the others find them).
	err = db.WithLock(ctx, store.LockStartup, func(ctx context.Context) error {
		if err := bootstrapAdmin(ctx, keys, signer, cfg.AdminKey, logger, stdout); err != nil {
			return err
		}
		return loadBank(ctx, cfg.Content, engine, questions, logger)
	})
	if err != nil {
		return nil, nil, err
	}
	idem := store.NewIdempotencyService(db)
	if n, err := idem.ReleaseInFlight(ctx, inFlightCutoff(db)); err != nil {
		return nil, nil, err
	} else if n > 0 {
		logger.Warn("released idempotency keys left in flight by a crash", "count", n)
	}
	integ, err := startIntegrations(ctx, cfg, db, logger)
	if err != nil {
		return nil, nil, err
	}
	path, err := content.Path()
	if err != nil {
		return nil, nil, err
	}
	return api.New(api.Config{
		BodyLimit: cfg.BodyLimit, SmallBodyLimit: cfg.SmallBodyLimit, BodyMemory: cfg.BodyMemory,
		HeaderTimeout: cfg.HeaderTimeout, BodyTimeout: cfg.BodyTimeout, UnreadLimit: cfg.UnreadLimit,
		RatePerSecond: cfg.RateLimit, RateBurst: cfg.RateBurst, AuthFailureRate: cfg.AuthFailureRate, AuthFailureBurst: cfg.AuthFailureBurst,
		TokenTTL: cfg.TokenTTL, AccessLog: cfg.AccessLog, IdempotencyTTL: cfg.IdempotencyTTL,
		TrustedProxies: cfg.TrustedProxies, CORSOrigins: cfg.CORSOrigins, GuestTTL: cfg.GuestTTL, GuestsPerHour: cfg.GuestsPerHour,
		MetricsKey: cfg.MetricsKey,
	}, api.Deps{
		Learners: store.NewLearnerService(db), Guests: store.NewGuestService(db), Cohorts: store.NewCohortService(db), Classes: store.NewClassService(db), Assessments: store.NewAssessmentService(db), Questions: questions, Attempts: store.NewAttemptService(db),
		Keys: keys, Idem: idem, Engine: engine, Admission: admission, Tokens: signer, DB: db, Logger: logger, Metrics: metrics,
		Integrations: integ.api,
		Practice:     &quiz.Practice{Store: store.NewPracticeService(db), Scheduler: quiz.DefaultScheduler(), Path: path},
	}), integ, nil
}

// bootstrapAdmin makes sure an admin key exists: LOOPLAB_ADMIN_KEY when set, otherwise
// a generated key printed once (on the first start) to stdout.
func bootstrapAdmin(ctx context.Context, keys quiz.KeyService, signer *quiz.TokenSigner, adminKey string, logger *slog.Logger, stdout io.Writer) error {
	if adminKey != "" {
		if len(adminKey) < 16 {
			return fmt.Errorf("LOOPLAB_ADMIN_KEY must be at least 16 characters")
		}
		if _, err := keys.FindKeyByHash(ctx, quiz.HashKey(adminKey)); err == nil {
			return nil
		}
		err := keys.CreateKey(ctx, &quiz.APIKey{Name: "bootstrap (LOOPLAB_ADMIN_KEY)", Role: quiz.RoleAdmin, Hash: quiz.HashKey(adminKey)})
		if quiz.ErrorCode(err) == quiz.ECONFLICT { // stored, so not active: it was revoked
			return fmt.Errorf("LOOPLAB_ADMIN_KEY was revoked; set another one")
		}
		return err
	}
	n, err := keys.CountKeys(ctx, quiz.RoleAdmin)
	if err != nil || n > 0 {
		return err
	}
	secret := signer.NewKeySecret()
	if err := keys.CreateKey(ctx, &quiz.APIKey{Name: "bootstrap", Role: quiz.RoleAdmin, Hash: quiz.HashKey(secret)}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "looplab: created the first admin API key (shown only this once):\n%s\n", secret)
	logger.Warn("created the first admin API key and printed it to stdout; it is not shown again")
	return nil
}

// tokenSigner derives the learner-token key from LOOPLAB_TOKEN_SECRET, or from a random
// secret stored in the database on the first start (so tokens survive restarts).
func tokenSigner(ctx context.Context, db *store.DB, configured string) (*quiz.TokenSigner, error) {
	secret := configured
	if secret == "" {
		var b [32]byte
		_, _ = rand.Read(b[:])
		var err error
		if secret, err = db.EnsureSetting(ctx, "token_secret", hex.EncodeToString(b[:])); err != nil {
			return nil, err
		}
	}
	key := sha256.Sum256([]byte("looplab learner tokens\x00" + secret))
	return quiz.NewTokenSigner(key[:])
}

// bankFS returns the bank directory, or the built-in bank when dir is empty.
func bankFS(dir string) fs.FS {
	if dir == "" {
		return content.Bank()
	}
	return os.DirFS(dir)
}

// loadBank loads, validates (simulating every question) and syncs the bank.
func loadBank(ctx context.Context, dir string, engine *quiz.Engine, questions quiz.QuestionService, logger *slog.Logger) error {
	start := time.Now()
	items, err := content.Load(bankFS(dir))
	if err != nil {
		return fmt.Errorf("question bank:\n%w", err)
	}
	if err := content.Validate(ctx, engine, items); err != nil {
		return fmt.Errorf("question bank:\n%w", err)
	}
	n, err := content.Sync(ctx, questions, items)
	if err != nil {
		return fmt.Errorf("question bank: %w", err)
	}
	logger.Info("question bank loaded", "questions", len(items), "new_versions", n, "ms", time.Since(start).Milliseconds())
	return nil
}
