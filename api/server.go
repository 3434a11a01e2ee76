// Package api is the HTTP adapter of looplab: a Fiber v2 app that decodes requests,
// checks who is asking, calls one quiz service and encodes the answer. It is the only
// package that imports Fiber. Every route is listed in routes.go; every error becomes an
// RFC 9457 problem in errors.go.
package api

import (
	"context"
	"log/slog"
	"net"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// Database is what the server asks of the database itself, besides its services.
type Database interface {
	// Ping reports whether the database answers a read.
	Ping(ctx context.Context) error
	// CheckWrite reports whether the database can write now.
	CheckWrite(ctx context.Context) error
	// Unavailable reports whether err means the database cannot serve for now (a full
	// disk, a read-only file, an I/O error), as opposed to a defect or a bad request.
	Unavailable(err error) bool
}

// Config holds the HTTP settings.
type Config struct {
	// BodyLimit bounds the body of the routes that take programs or question content
	// (POST /v1/simulate, POST and PATCH /v1/questions, POST /v1/bank/import), in bytes
	// (default 1 MiB), and every route's; SmallBodyLimit bounds every other route's
	// (default 64 KiB). A declared Content-Length over the limit is refused before the
	// body is read.
	BodyLimit      int
	SmallBodyLimit int
	// BodyMemory bounds the bytes of request bodies the server holds at once, being
	// read or waiting for their handler to finish (default 64 MiB); a request beyond it
	// is refused with 503.
	BodyMemory int64
	// HeaderTimeout bounds the time from a request's first byte to the end of its
	// headers (default 5 s); BodyTimeout the time from there to the end of its body
	// (default 10 s). Slower requests get 408 and their connection is closed.
	HeaderTimeout, BodyTimeout time.Duration
	// RatePerSecond and RateBurst set each principal's token bucket; RatePerSecond 0
	// disables rate limiting.
	RatePerSecond float64
	RateBurst     int
	// AuthFailureRate and AuthFailureBurst bound the invalid credentials one client
	// address may send (a token bucket spent by each failure; default 5 per second, 20
	// at once): past them its requests with a credential get 429 without a database
	// lookup. AuthFailureRate 0 disables the bound.
	AuthFailureRate  float64
	AuthFailureBurst int
	// TokenTTL is the default lifetime of a learner token (default 1 hour).
	TokenTTL time.Duration
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
	// MetricsKey, when set, is a bearer credential that reads /metrics (a scraper's
	// secret); admin API keys read it too, and nothing else does.
	MetricsKey string
	// UnreadLimit is the most bytes of answers a client may leave untaken on a
	// connection when it sends its next request (default 64 KiB): past it, the server
	// parses no further request until the client takes them, and disconnects it if it
	// does not within the write timeout. The connection's send buffer is four times it
	// (conns.go).
	UnreadLimit int
}

// DefaultConfig returns the settings of a server with no configuration.
func DefaultConfig() Config {
	return Config{BodyLimit: 1 << 20, SmallBodyLimit: 64 << 10, BodyMemory: 64 << 20, HeaderTimeout: 5 * time.Second,
		BodyTimeout: 10 * time.Second, AuthFailureRate: 5, AuthFailureBurst: 20, TokenTTL: time.Hour,
		UnreadLimit: defaultUnreadLimit}
}

// Deps are the services the server uses.
type Deps struct {
	Learners quiz.LearnerService
	Guests   quiz.GuestService
	Cohorts  quiz.CohortService
	Classes  quiz.ClassService
	// Assessments are the classes' assessments; attempts made for one are admitted by it.
	Assessments quiz.AssessmentService
	Questions   quiz.QuestionService
	Attempts    quiz.AttemptService
	Keys        quiz.KeyService
	Idem        quiz.IdempotencyService
	Engine      *quiz.Engine
	// Practice schedules reviews and answers GET .../next and .../progress.
	Practice *quiz.Practice
	Tokens   *quiz.TokenSigner
	DB       Database
	// Admission is the engine's admission (for its metrics; optional).
	Admission *quiz.Admission
	Logger    *slog.Logger
	Metrics   *Metrics
	// Integrations are the LTI tool, webhooks and exports (optional).
	Integrations *Integrations
	// Now is the clock (tests replace it); default time.Now.
	Now func() time.Time
}

// Server is the HTTP server.
type Server struct {
	Deps
	cfg          Config
	app          *fiber.App
	limiter      *limiter
	guestQuota   *limiter // guest learners made per client address
	authFailures *limiter // invalid credentials per client address
	bodies       *bodyBudget
	keys         *keyCache
	grader       *quiz.AttemptGrader
	dbFailing    atomic.Bool // a request met Database.Unavailable; /readyz probes until a write works
	// draining is set by Drain: /readyz answers 503 while requests are still served.
	draining atomic.Bool
}

// New builds the server and registers its routes. Zero fields of cfg take the value
// DefaultConfig gives them (RatePerSecond 0 and AuthFailureRate 0 stay off).
func New(cfg Config, d Deps) *Server {
	def := DefaultConfig()
	setDefault(&cfg.BodyLimit, def.BodyLimit)
	setDefault(&cfg.SmallBodyLimit, def.SmallBodyLimit)
	setDefault(&cfg.BodyMemory, def.BodyMemory)
	setDefault(&cfg.HeaderTimeout, def.HeaderTimeout)
	setDefault(&cfg.BodyTimeout, def.BodyTimeout)
	setDefault(&cfg.AuthFailureBurst, def.AuthFailureBurst)
	setDefault(&cfg.TokenTTL, def.TokenTTL)
	setDefault(&cfg.UnreadLimit, def.UnreadLimit)
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	if d.Metrics == nil {
		d.Metrics = NewMetrics()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	s := &Server{Deps: d, cfg: cfg, bodies: newBodyBudget(cfg.BodyMemory)}
	s.limiter = newLimiter(cfg.RatePerSecond, cfg.RateBurst, d.Now)
	if cfg.GuestsPerHour <= 0 {
		cfg.GuestsPerHour = 20
	}
	s.cfg.GuestsPerHour = cfg.GuestsPerHour
	s.guestQuota = newLimiter(float64(cfg.GuestsPerHour)/3600, cfg.GuestsPerHour, d.Now)
	s.authFailures = newLimiter(cfg.AuthFailureRate, cfg.AuthFailureBurst, d.Now)
	s.keys = newKeyCache(d.Keys, d.Now)
	s.grader = &quiz.AttemptGrader{Engine: d.Engine, Attempts: d.Attempts, Practice: d.Practice, Now: d.Now, Assessments: d.Assessments,
		Versions: quiz.NewLatestVersions(d.Questions, 2*time.Second, d.Now)}
	s.app = fiber.New(fiber.Config{
		AppName:               "looplab",
		BodyLimit:             cfg.BodyLimit,
		ErrorHandler:          s.handleError,
		DisableStartupMessage: true,
		// ReadTimeout bounds a request's headers (headerReceived sets the body's); it
		// also bounds how long a connection that never sends a request keeps a graceful
		// shutdown waiting (fasthttp waits for such connections).
		ReadTimeout: cfg.HeaderTimeout,
		// WriteTimeout bounds writing an answer, and how long a client may leave its
		// answers unread before it is disconnected (conns.go).
		WriteTimeout: writeTimeout,
		IdleTimeout:  120 * time.Second,
		// Forwarded headers are believed from the trusted proxies only (none by default).
		EnableTrustedProxyCheck: true,
		TrustedProxies:          cfg.TrustedProxies,
		ProxyHeader:             proxyHeader(cfg.TrustedProxies),
		EnableIPValidation:      true,
	})
	s.app.Server().HeaderReceived = s.headerReceived // body limits, deadline and budget: body.go
	s.routes()
	return s
}

// setDefault sets *p to def when it is zero or negative.
func setDefault[T int | int64 | time.Duration](p *T, def T) {
	if *p <= 0 {
		*p = def
	}
}

// proxyHeader is the header that names the client when proxies are trusted.
func proxyHeader(trusted []string) string {
	if len(trusted) == 0 {
		return ""
	}
	return fiber.HeaderXForwardedFor
}

// writeTimeout bounds writing an answer.
const writeTimeout = 30 * time.Second

// Serve accepts connections on ln until Shutdown, each bounded as conns.go says.
func (s *Server) Serve(ln net.Listener) error {
	return s.app.Listener(boundedListener{Listener: ln, unreadLimit: s.cfg.UnreadLimit, stall: writeTimeout})
}

// Drain makes /readyz answer 503 from now on, while every request is still served, so
// that a load balancer takes the server out of rotation before Shutdown.
func (s *Server) Drain() { s.draining.Store(true) }

// Shutdown stops accepting connections and waits for in-flight requests to finish, or
// for ctx to end.
func (s *Server) Shutdown(ctx context.Context) error { return s.app.ShutdownWithContext(ctx) }
