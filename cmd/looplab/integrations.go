package main

import (
	"context"
	"flag"
	"log/slog"
	"net/http"
	"time"

	"github.com/looplab/looplab/api"
	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/store"
)

// IntegrationConfig configures the LMS integration: the LTI tool, the outbox worker
// that delivers grades and webhooks.
type IntegrationConfig struct {
	PublicURL        string
	LTIKeyMaxAge     time.Duration
	OutboxPoll       time.Duration
	OutboxBackoff    time.Duration
	OutboxMaxBackoff time.Duration
	OutboxMaxTries   int
	OutboxRetention  time.Duration
	OutboxTimeout    time.Duration
	OutboxLease      time.Duration
}

// DefaultIntegrationConfig returns the integration settings used when nothing is set.
func DefaultIntegrationConfig() IntegrationConfig {
	return IntegrationConfig{LTIKeyMaxAge: 90 * 24 * time.Hour, OutboxPoll: time.Second, OutboxBackoff: 5 * time.Second,
		OutboxMaxBackoff: time.Hour, OutboxMaxTries: 15, OutboxRetention: 30 * 24 * time.Hour,
		OutboxTimeout: 30 * time.Second}
}

// integrationFlags registers the integration settings: env reads a LOOPLAB_* variable,
// then the flag may override it.
func integrationFlags(fs *flag.FlagSet, env func(string, func(string) error), c *IntegrationConfig) {
	env("LOOPLAB_PUBLIC_URL", func(v string) error { c.PublicURL = v; return nil })
	env("LOOPLAB_LTI_KEY_MAX_AGE", durationSetter(&c.LTIKeyMaxAge))
	env("LOOPLAB_OUTBOX_POLL", durationSetter(&c.OutboxPoll))
	env("LOOPLAB_OUTBOX_BACKOFF", durationSetter(&c.OutboxBackoff))
	env("LOOPLAB_OUTBOX_MAX_BACKOFF", durationSetter(&c.OutboxMaxBackoff))
	env("LOOPLAB_OUTBOX_MAX_TRIES", intSetter(&c.OutboxMaxTries))
	env("LOOPLAB_OUTBOX_RETENTION", durationSetter(&c.OutboxRetention))
	env("LOOPLAB_OUTBOX_TIMEOUT", durationSetter(&c.OutboxTimeout))
	env("LOOPLAB_OUTBOX_LEASE", durationSetter(&c.OutboxLease))
	fs.StringVar(&c.PublicURL, "public-url", c.PublicURL, "external base URL given to LMS platforms; default: the request's (LOOPLAB_PUBLIC_URL)")
	fs.DurationVar(&c.LTIKeyMaxAge, "lti-key-max-age", c.LTIKeyMaxAge, "rotate the LTI signing key at start when older; 0 = never (LOOPLAB_LTI_KEY_MAX_AGE)")
	fs.DurationVar(&c.OutboxPoll, "outbox-poll", c.OutboxPoll, "how often the outbox looks for due grades and webhooks (LOOPLAB_OUTBOX_POLL)")
	fs.DurationVar(&c.OutboxBackoff, "outbox-backoff", c.OutboxBackoff, "wait after a first failed delivery, doubled per try (LOOPLAB_OUTBOX_BACKOFF)")
	fs.DurationVar(&c.OutboxMaxBackoff, "outbox-max-backoff", c.OutboxMaxBackoff, "longest wait between deliveries (LOOPLAB_OUTBOX_MAX_BACKOFF)")
	fs.IntVar(&c.OutboxMaxTries, "outbox-max-tries", c.OutboxMaxTries, "tries before a delivery fails for good (LOOPLAB_OUTBOX_MAX_TRIES)")
	fs.DurationVar(&c.OutboxTimeout, "outbox-timeout", c.OutboxTimeout, "bound of one delivery try (LOOPLAB_OUTBOX_TIMEOUT)")
	fs.DurationVar(&c.OutboxLease, "outbox-lease", c.OutboxLease, "how long a claimed delivery stays with its replica before another may retry it; default: the timeout + 1 min (LOOPLAB_OUTBOX_LEASE)")
	fs.DurationVar(&c.OutboxRetention, "outbox-retention", c.OutboxRetention, "how long delivered grades and webhooks are kept; 0 = forever (LOOPLAB_OUTBOX_RETENTION)")
}

// integrations are the running LMS integration: the API's part and the outbox worker.
type integrations struct {
	api    *api.Integrations
	cancel context.CancelFunc
	done   chan struct{}
}

// startIntegrations makes sure the tool has a signing key and starts the outbox worker,
// which runs until ctx ends or stop is called.
func startIntegrations(ctx context.Context, cfg Config, db *store.DB, logger *slog.Logger) (*integrations, error) {
	client := &http.Client{Timeout: 30 * time.Second}
	learners := store.NewLearnerService(db)
	tool := lti.New(lti.Config{HTTPClient: client}, store.NewLTIStore(db), learners)
	made, err := tool.EnsureKey(ctx, cfg.Integ.LTIKeyMaxAge)
	if err != nil {
		return nil, err
	}
	if made {
		logger.Info("made a new LTI signing key")
	}
	hooks := store.NewWebhookStore(db)
	attempts := store.NewAttemptService(db)
	questions := store.NewQuestionService(db)
	queue := store.NewOutboxStore(db)
	metrics := api.NewOutboxMetrics(queue)
	worker := outbox.NewWorker(outbox.Config{
		Poll: cfg.Integ.OutboxPoll, BaseBackoff: cfg.Integ.OutboxBackoff, MaxBackoff: cfg.Integ.OutboxMaxBackoff,
		MaxTries: cfg.Integ.OutboxMaxTries, Retention: cfg.Integ.OutboxRetention, Observer: metrics,
		Timeout: cfg.Integ.OutboxTimeout, Lease: cfg.Integ.OutboxLease,
		Logger: logger.With("component", "outbox"),
	}, queue, map[string]outbox.Sender{
		outbox.KindScore: &outbox.ScoreSender{Tool: tool, Attempts: attempts, Questions: questions, Learners: learners},
		outbox.KindWebhook: &outbox.WebhookSender{Subs: hooks, Attempts: attempts, Learners: learners,
			Questions: questions, Client: client, Now: time.Now},
	})
	wctx, cancel := context.WithCancel(ctx)
	in := &integrations{api: &api.Integrations{LTI: tool, Webhooks: hooks, PublicURL: cfg.Integ.PublicURL, OutboxMetrics: metrics,
		Outbox: queue, OutboxKick: worker.Kick},
		cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(in.done)
		worker.Run(wctx)
	}()
	return in, nil
}

// stop stops the worker and returns once its tries in flight are recorded.
func (in *integrations) stop() {
	in.cancel()
	<-in.done
}
