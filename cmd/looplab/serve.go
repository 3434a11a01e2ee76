package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/looplab/looplab/api"
	"github.com/looplab/looplab/store"
)

// runServe implements `looplab serve`: open the database (applying migrations), load the
// bank, serve the API until ctx ends (SIGINT/SIGTERM), then finish in-flight requests
// and close the database.
func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg, envErr := configFlags(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *envErr != nil {
		fmt.Fprintln(stderr, "looplab serve:", *envErr)
		return 2
	}
	logger, err := newLogger(stderr, *cfg)
	if err != nil {
		fmt.Fprintln(stderr, "looplab serve:", err)
		return 2
	}
	if err := serve(ctx, *cfg, logger, stdout); err != nil {
		logger.Error("serve failed", "err", err)
		return 1
	}
	return 0
}

func serve(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	start := time.Now()
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
	srv := api.New(api.Config{
		BodyLimit: cfg.BodyLimit, RatePerSecond: cfg.RateLimit, RateBurst: cfg.RateBurst,
		TokenTTL: cfg.TokenTTL, AccessLog: cfg.AccessLog,
	}, api.Deps{
		Learners: store.NewLearnerService(db),
		DB:       db, Logger: logger,
	})
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	logger.Info("listening", "addr", ln.Addr().String(), "db", cfg.DB, "startup_ms", time.Since(start).Milliseconds())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
