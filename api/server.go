// Package api is the HTTP adapter of looplab: a Fiber v2 app that decodes requests,
// checks who is asking, calls one quiz service and encodes the answer. It is the only
// package that imports Fiber. Every route is listed in routes.go; every error becomes an
// RFC 9457 problem in errors.go.
package api

import (
	"context"
	"log/slog"
	"net"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// Pinger reports whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config holds the HTTP settings.
type Config struct {
	// BodyLimit bounds a request body in bytes (default 1 MiB).
	BodyLimit int
	// RatePerSecond and RateBurst set each principal's token bucket; RatePerSecond 0
	// disables rate limiting.
	RatePerSecond float64
	RateBurst     int
	// TokenTTL is the default lifetime of a learner token (default 1 hour).
	TokenTTL time.Duration
	// SimConcurrency bounds simultaneous POST /v1/simulate runs (default 2).
	SimConcurrency int
	// AccessLog logs every request at info level.
	AccessLog bool
	// TrustedProxies are the addresses or CIDR ranges of reverse proxies in front of the
	// server: for requests from them, the client address comes from X-Forwarded-For
	// (the per-address rate limit of anonymous callers) and the scheme and host from
	// X-Forwarded-Proto and X-Forwarded-Host (URLs given to LMS platforms). Empty: the
	// connection's own address, and no forwarded header is believed.
	TrustedProxies []string
	// IdempotencyTTL is how long a completed request is replayed for its
	// Idempotency-Key; after that the key is free again. 0 keeps keys forever.
	IdempotencyTTL time.Duration
	// CORSOrigins are the origins (scheme://host[:port]) whose browser apps may call the
	// API; "*" allows any. Empty: no cross-origin calls.
	CORSOrigins []string
	// GuestTTL is the lifetime of a guest's token (renewed on each visit); guests idle
	// for longer are purged by the caller. 0: DefaultGuestTTL.
	GuestTTL time.Duration
	// GuestsPerHour is how many guests one client address may make per hour (default 20).
	GuestsPerHour int
}

// Deps are the services the server uses.
type Deps struct {
	Learners  quiz.LearnerService
	Guests    quiz.GuestService
	Cohorts   quiz.CohortService
	Questions quiz.QuestionService
	Attempts  quiz.AttemptService
	Keys      quiz.KeyService
	Idem      quiz.IdempotencyService
	Engine    *quiz.Engine
	// Practice schedules reviews and answers GET .../next and .../progress.
	Practice *quiz.Practice
	Tokens   *quiz.TokenSigner
	DB       Pinger
	Logger   *slog.Logger
	Metrics  *Metrics
	// Integrations are the LTI tool, webhooks and exports (optional).
	Integrations *Integrations
	// Now is the clock (tests replace it); default time.Now.
	Now func() time.Time
}

// Server is the HTTP server.
type Server struct {
	Deps
	cfg        Config
	app        *fiber.App
	limiter    *limiter
	guestQuota *limiter // guest learners made per client address
	keys       *keyCache
	grader     *quiz.AttemptGrader
	simSem     chan struct{}
}

// New builds the server and registers its routes.
func New(cfg Config, d Deps) *Server {
	if cfg.BodyLimit <= 0 {
		cfg.BodyLimit = 1 << 20
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = time.Hour
	}
	if cfg.SimConcurrency <= 0 {
		cfg.SimConcurrency = 2
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	if d.Metrics == nil {
		d.Metrics = NewMetrics()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	s := &Server{Deps: d, cfg: cfg, simSem: make(chan struct{}, cfg.SimConcurrency)}
	s.limiter = newLimiter(cfg.RatePerSecond, cfg.RateBurst, d.Now)
	if cfg.GuestsPerHour <= 0 {
		cfg.GuestsPerHour = 20
	}
	s.guestQuota = newLimiter(float64(cfg.GuestsPerHour)/3600, cfg.GuestsPerHour, d.Now)
	s.keys = newKeyCache(d.Keys, d.Now)
	s.grader = &quiz.AttemptGrader{Engine: d.Engine, Attempts: d.Attempts, Practice: d.Practice, RunSlot: s.acquireSim, Now: d.Now,
		Versions: quiz.NewLatestVersions(d.Questions, 2*time.Second, d.Now)}
	s.app = fiber.New(fiber.Config{
		AppName:               "looplab",
		BodyLimit:             cfg.BodyLimit,
		ErrorHandler:          s.handleError,
		DisableStartupMessage: true,
		// ReadTimeout also bounds how long a connection that never sends a request
		// keeps a graceful shutdown waiting (fasthttp waits for such connections).
		ReadTimeout:  5 * time.Second,
		WriteTimeout: 30 * time.Second,
		IdleTimeout:  120 * time.Second,
		// Forwarded headers are believed from the trusted proxies only (none by default).
		EnableTrustedProxyCheck: true,
		TrustedProxies:          cfg.TrustedProxies,
		ProxyHeader:             proxyHeader(cfg.TrustedProxies),
		EnableIPValidation:      true,
	})
	s.routes()
	return s
}

// proxyHeader is the header that names the client when proxies are trusted.
func proxyHeader(trusted []string) string {
	if len(trusted) == 0 {
		return ""
	}
	return fiber.HeaderXForwardedFor
}

// Serve accepts connections on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error { return s.app.Listener(ln) }

// Shutdown stops accepting connections and waits for in-flight requests to finish, or
// for ctx to end.
func (s *Server) Shutdown(ctx context.Context) error { return s.app.ShutdownWithContext(ctx) }

// acquireSim waits for one of the simulator slots that bound concurrent program runs
// (playground, previews, exercises) and returns the function that frees it; it gives
// up with ctx.
func (s *Server) acquireSim(ctx context.Context) (release func(), err error) {
	select {
	case s.simSem <- struct{}{}:
		return func() { <-s.simSem }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
