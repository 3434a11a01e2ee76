package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/looplab/looplab/api"
	"github.com/looplab/looplab/quiz"
)

// Config is the server's configuration. Each field has a LOOPLAB_* variable and a flag;
// a flag wins over the variable, the variable over the default. The defaults need no
// configuration at all.
type Config struct {
	Addr             string
	DB               string
	AdminKey         string
	TokenSecret      string
	TokenTTL         time.Duration
	BodyLimit        int   // routes that take programs or question content
	SmallBodyLimit   int   // every other route
	BodyMemory       int64 // bytes of request bodies held at once
	HeaderTimeout    time.Duration
	BodyTimeout      time.Duration
	UnreadLimit      int // bytes of answers a connection's client may leave unread
	RateLimit        float64
	RateBurst        int
	AuthFailureRate  float64 // invalid credentials per second per address
	AuthFailureBurst int
	VariantCache     int // entries
	VariantCacheMB   int
	RunCacheMB       int
	Sim              SimConfig // simconfig.go
	LogLevel         string
	LogFormat        string
	AccessLog        bool
	ShutdownTimeout  time.Duration
	Content          string
	PprofAddr        string            // empty: no profiling listener
	MetricsAddr      string            // empty: /metrics on the API's address only, with a key
	MetricsKey       string            // a scraper's bearer credential for /metrics (admin keys work too)
	IdempotencyTTL   time.Duration     // 0: idempotency keys never expire
	TrustedProxies   []string          // addresses or CIDR ranges
	CORSOrigins      []string          // origins whose browser apps may call the API; "*": any
	GuestTTL         time.Duration     // guest token lifetime; guests idle longer are purged
	GuestsPerHour    int               // guest learners one address may make per hour
	Integ            IntegrationConfig // LTI, outbox: integrations.go
	// DrainDelay is how long /readyz answers 503 before the shutdown begins (0: none).
	DrainDelay time.Duration
}

// DefaultConfig returns the configuration used when nothing is set.
func DefaultConfig() Config {
	http := api.DefaultConfig()
	return Config{
		Addr: ":8080", DB: "./looplab.db", TokenTTL: http.TokenTTL, BodyLimit: http.BodyLimit, SmallBodyLimit: http.SmallBodyLimit,
		BodyMemory: http.BodyMemory, HeaderTimeout: http.HeaderTimeout, BodyTimeout: http.BodyTimeout, UnreadLimit: http.UnreadLimit,
		RateLimit: 100, RateBurst: 200, AuthFailureRate: http.AuthFailureRate, AuthFailureBurst: http.AuthFailureBurst,
		VariantCache: 4096, VariantCacheMB: quiz.DefaultVariantCacheBytes >> 20, RunCacheMB: quiz.DefaultRunCacheBytes >> 20,
		Sim: DefaultSimConfig(), LogLevel: "info", LogFormat: "json",
		AccessLog: true, ShutdownTimeout: 30 * time.Second, IdempotencyTTL: 24 * time.Hour, Integ: DefaultIntegrationConfig(),
		GuestTTL: api.DefaultGuestTTL, GuestsPerHour: 20,
	}
}

// configFlags registers the configuration flags on fs, with defaults taken from the
// environment, and returns the config they fill when fs is parsed.
func configFlags(fs *flag.FlagSet, getenv func(string) string) (*Config, *error) {
	cfg := DefaultConfig()
	env, envErr := envReader(getenv)
	str := func(p *string) func(string) error { return func(v string) error { *p = v; return nil } }
	env("LOOPLAB_ADDR", str(&cfg.Addr))
	env("LOOPLAB_DB", str(&cfg.DB))
	env("LOOPLAB_ADMIN_KEY", str(&cfg.AdminKey))
	env("LOOPLAB_TOKEN_SECRET", str(&cfg.TokenSecret))
	env("LOOPLAB_TOKEN_TTL", durationSetter(&cfg.TokenTTL))
	env("LOOPLAB_BODY_LIMIT", intSetter(&cfg.BodyLimit))
	env("LOOPLAB_SMALL_BODY_LIMIT", intSetter(&cfg.SmallBodyLimit))
	env("LOOPLAB_BODY_MEMORY", int64Setter(&cfg.BodyMemory))
	env("LOOPLAB_HEADER_TIMEOUT", durationSetter(&cfg.HeaderTimeout))
	env("LOOPLAB_BODY_TIMEOUT", durationSetter(&cfg.BodyTimeout))
	env("LOOPLAB_UNREAD_LIMIT", intSetter(&cfg.UnreadLimit))
	env("LOOPLAB_RATE_LIMIT", floatSetter(&cfg.RateLimit))
	env("LOOPLAB_RATE_BURST", intSetter(&cfg.RateBurst))
	env("LOOPLAB_AUTH_FAILURE_RATE", floatSetter(&cfg.AuthFailureRate))
	env("LOOPLAB_AUTH_FAILURE_BURST", intSetter(&cfg.AuthFailureBurst))
	env("LOOPLAB_VARIANT_CACHE", intSetter(&cfg.VariantCache))
	env("LOOPLAB_VARIANT_CACHE_MB", intSetter(&cfg.VariantCacheMB))
	env("LOOPLAB_RUN_CACHE_MB", intSetter(&cfg.RunCacheMB))
	env("LOOPLAB_LOG_LEVEL", str(&cfg.LogLevel))
	env("LOOPLAB_LOG_FORMAT", str(&cfg.LogFormat))
	env("LOOPLAB_ACCESS_LOG", boolSetter(&cfg.AccessLog))
	env("LOOPLAB_SHUTDOWN_TIMEOUT", durationSetter(&cfg.ShutdownTimeout))
	env("LOOPLAB_DRAIN_DELAY", durationSetter(&cfg.DrainDelay))
	env("LOOPLAB_CONTENT", str(&cfg.Content))
	env("LOOPLAB_PPROF_ADDR", str(&cfg.PprofAddr))
	env("LOOPLAB_METRICS_ADDR", str(&cfg.MetricsAddr))
	env("LOOPLAB_METRICS_KEY", str(&cfg.MetricsKey))
	env("LOOPLAB_IDEMPOTENCY_TTL", durationSetter(&cfg.IdempotencyTTL))
	env("LOOPLAB_TRUSTED_PROXIES", proxiesSetter(&cfg.TrustedProxies))
	env("LOOPLAB_CORS_ORIGINS", originsSetter(&cfg.CORSOrigins))
	env("LOOPLAB_GUEST_TTL", durationSetter(&cfg.GuestTTL))
	env("LOOPLAB_GUESTS_PER_HOUR", intSetter(&cfg.GuestsPerHour))

	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (LOOPLAB_ADDR)")
	fs.StringVar(&cfg.DB, "db", cfg.DB, "database: a SQLite file (or sqlite:FILE), or a postgres:// URL for PostgreSQL (LOOPLAB_DB)")
	fs.DurationVar(&cfg.TokenTTL, "token-ttl", cfg.TokenTTL, "default learner token lifetime (LOOPLAB_TOKEN_TTL)")
	fs.IntVar(&cfg.BodyLimit, "body-limit", cfg.BodyLimit, "body limit in bytes of the routes that take programs or question content (LOOPLAB_BODY_LIMIT)")
	fs.IntVar(&cfg.SmallBodyLimit, "small-body-limit", cfg.SmallBodyLimit, "body limit in bytes of every other route (LOOPLAB_SMALL_BODY_LIMIT)")
	fs.Int64Var(&cfg.BodyMemory, "body-memory", cfg.BodyMemory, "bytes of request bodies held at once, being read or handled; 503 beyond (LOOPLAB_BODY_MEMORY)")
	fs.DurationVar(&cfg.HeaderTimeout, "header-timeout", cfg.HeaderTimeout, "time for a request's headers to arrive (LOOPLAB_HEADER_TIMEOUT)")
	fs.DurationVar(&cfg.BodyTimeout, "body-timeout", cfg.BodyTimeout, "time for a request's body to arrive after its headers (LOOPLAB_BODY_TIMEOUT)")
	fs.IntVar(&cfg.UnreadLimit, "unread-limit", cfg.UnreadLimit, "bytes of answers a client may leave unread on a connection before the server reads no more of its requests (LOOPLAB_UNREAD_LIMIT)")
	fs.Float64Var(&cfg.RateLimit, "rate-limit", cfg.RateLimit, "requests per second per key or learner token, 0 = off (LOOPLAB_RATE_LIMIT)")
	fs.IntVar(&cfg.RateBurst, "rate-burst", cfg.RateBurst, "token bucket size per key (LOOPLAB_RATE_BURST)")
	fs.Float64Var(&cfg.AuthFailureRate, "auth-failure-rate", cfg.AuthFailureRate, "invalid credentials per second per client address, 0 = unbounded (LOOPLAB_AUTH_FAILURE_RATE)")
	fs.IntVar(&cfg.AuthFailureBurst, "auth-failure-burst", cfg.AuthFailureBurst, "invalid credentials at once per client address (LOOPLAB_AUTH_FAILURE_BURST)")
	fs.IntVar(&cfg.VariantCache, "variant-cache", cfg.VariantCache, "simulated variants kept in memory, at most (LOOPLAB_VARIANT_CACHE)")
	fs.IntVar(&cfg.VariantCacheMB, "variant-cache-mb", cfg.VariantCacheMB, "memory the simulated variants may hold, in MiB (LOOPLAB_VARIANT_CACHE_MB)")
	fs.IntVar(&cfg.RunCacheMB, "run-cache-mb", cfg.RunCacheMB, "memory the simulations of learners' programs may hold, in MiB (LOOPLAB_RUN_CACHE_MB)")
	fs.StringVar(&cfg.LogLevel, "log-level", cfg.LogLevel, "debug, info, warn or error (LOOPLAB_LOG_LEVEL)")
	fs.StringVar(&cfg.LogFormat, "log-format", cfg.LogFormat, "json or text (LOOPLAB_LOG_FORMAT)")
	fs.BoolVar(&cfg.AccessLog, "access-log", cfg.AccessLog, "log every request (LOOPLAB_ACCESS_LOG)")
	fs.DurationVar(&cfg.DrainDelay, "drain-delay", cfg.DrainDelay, "at SIGTERM, how long /readyz answers 503 while requests are still served, before the shutdown; set it above the load balancer's check interval (LOOPLAB_DRAIN_DELAY)")
	fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", cfg.ShutdownTimeout, "how long in-flight requests may take at shutdown (LOOPLAB_SHUTDOWN_TIMEOUT)")
	fs.StringVar(&cfg.Content, "content", cfg.Content, "question bank directory instead of the built-in one (LOOPLAB_CONTENT)")
	fs.StringVar(&cfg.PprofAddr, "pprof-addr", cfg.PprofAddr, "serve net/http/pprof on this address, e.g. 127.0.0.1:6060; off when empty (LOOPLAB_PPROF_ADDR)")
	fs.StringVar(&cfg.MetricsAddr, "metrics-addr", cfg.MetricsAddr, "also serve /metrics, with no credential, on this address only the scraper reaches, e.g. 10.0.0.5:9100; off when empty (LOOPLAB_METRICS_ADDR)")
	fs.StringVar(&cfg.MetricsKey, "metrics-key", cfg.MetricsKey, "a bearer credential that reads /metrics on the API's address, besides admin keys; 16 characters or more (LOOPLAB_METRICS_KEY)")
	fs.DurationVar(&cfg.IdempotencyTTL, "idempotency-ttl", cfg.IdempotencyTTL, "how long a POST's response is replayed for its Idempotency-Key, 0 = forever (LOOPLAB_IDEMPOTENCY_TTL)")
	fs.Func("trusted-proxies", "comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (LOOPLAB_TRUSTED_PROXIES)",
		proxiesSetter(&cfg.TrustedProxies))
	fs.Func("cors-origins", "comma-separated origins (https://app.example.com) whose browser apps may call the API, or * for any (LOOPLAB_CORS_ORIGINS)",
		originsSetter(&cfg.CORSOrigins))
	fs.DurationVar(&cfg.GuestTTL, "guest-ttl", cfg.GuestTTL, "guest token lifetime; guests idle longer are purged (LOOPLAB_GUEST_TTL)")
	fs.IntVar(&cfg.GuestsPerHour, "guests-per-hour", cfg.GuestsPerHour, "guest learners one client address may make per hour (LOOPLAB_GUESTS_PER_HOUR)")
	simLimitFlags(fs, env, &cfg.Sim)
	admissionFlags(fs, env, &cfg.Sim)
	integrationFlags(fs, env, &cfg.Integ)
	return &cfg, envErr
}

// envReader returns env, which reads a LOOPLAB_* variable into a setter when it is set,
// and the first error a setter returned.
func envReader(getenv func(string) string) (env func(name string, set func(string) error), firstErr *error) {
	var envErr error
	return func(name string, set func(string) error) {
		if v := getenv(name); v != "" {
			if err := set(v); err != nil && envErr == nil {
				envErr = fmt.Errorf("%s=%q: %w", name, v, err)
			}
		}
	}, &envErr
}

func durationSetter(p *time.Duration) func(string) error {
	return func(v string) (err error) { *p, err = time.ParseDuration(v); return err }
}

func intSetter(p *int) func(string) error {
	return func(v string) (err error) { *p, err = strconv.Atoi(v); return err }
}

func floatSetter(p *float64) func(string) error {
	return func(v string) (err error) { *p, err = strconv.ParseFloat(v, 64); return err }
}

// proxiesSetter parses a comma-separated list of IP addresses and CIDR ranges.
func proxiesSetter(p *[]string) func(string) error {
	return listSetter(p, func(item string) error {
		if _, _, err := net.ParseCIDR(item); err != nil && net.ParseIP(item) == nil {
			return fmt.Errorf("%q is not an IP address or CIDR range", item)
		}
		return nil
	})
}

// originsSetter parses a comma-separated list of web origins (scheme://host[:port], no
// path), or "*".
func originsSetter(p *[]string) func(string) error {
	return listSetter(p, func(item string) error {
		if item == "*" {
			return nil
		}
		u, err := url.Parse(item)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
			return fmt.Errorf("%q is not an origin such as https://app.example.com", item)
		}
		return nil
	})
}

// listSetter parses a comma-separated list whose every item check accepts.
func listSetter(p *[]string, check func(string) error) func(string) error {
	return func(v string) error {
		var out []string
		for _, item := range strings.Split(v, ",") {
			if item = strings.TrimSpace(item); item == "" {
				continue
			}
			if err := check(item); err != nil {
				return err
			}
			out = append(out, item)
		}
		*p = out
		return nil
	}
}

func boolSetter(p *bool) func(string) error {
	return func(v string) (err error) { *p, err = strconv.ParseBool(v); return err }
}

// newLogger returns the structured logger the config asks for.
func newLogger(w io.Writer, cfg Config) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return nil, fmt.Errorf("log level %q: %w", cfg.LogLevel, err)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch strings.ToLower(cfg.LogFormat) {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("log format %q: must be json or text", cfg.LogFormat)
}
