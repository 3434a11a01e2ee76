package api

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/webhook"
)

// Integrations are the services that connect looplab to other systems: the LTI 1.3
// tool, webhook subscriptions and their delivery log. A nil *Integrations (or a nil
// field) leaves those routes out.
type Integrations struct {
	LTI      *lti.Tool
	Webhooks webhook.Store
	// PublicURL is the server's external base URL ("https://looplab.example.edu"),
	// used in the URLs it gives platforms; empty means the request's own.
	PublicURL string
	// OutboxMetrics, when set, are added to /metrics.
	OutboxMetrics *OutboxMetrics
	// Outbox, when set, lists the outbox and retries failed messages (/v1/outbox), and
	// OutboxKick wakes its worker after a retry.
	Outbox     outbox.Lister
	OutboxKick func()
}

// mountIntegrations registers the routes of the LMS integration: the browser-facing
// LTI endpoints at /lti/..., and the admin and export routes on v1.
func (s *Server) mountIntegrations(v1 fiber.Router) {
	in := s.Integrations
	if in == nil {
		return
	}
	if in.LTI != nil {
		lt := s.app.Group("/lti", s.ltiRateLimit)
		lt.Get("/login", s.handleLTILogin)
		lt.Post("/login", s.handleLTILogin)
		lt.Post("/launch", s.handleLTILaunch)
		lt.Get("/jwks", s.handleLTIJWKS)
		lt.Post("/deep-link", s.handleDeepLinkSubmit)

		v1.Post("/lti/platforms", s.idempotent, s.handlePlatformCreate)
		v1.Get("/lti/platforms", s.handlePlatformList)
		v1.Get("/lti/platforms/:id", s.handlePlatformGet)
		v1.Patch("/lti/platforms/:id", s.handlePlatformPatch)
		v1.Delete("/lti/platforms/:id", s.handlePlatformDelete)
		v1.Post("/lti/keys/rotate", s.idempotent, s.handleToolKeyRotate)
		v1.Get("/lti/contexts", s.handleContextList)
		v1.Post("/lti/contexts/:id/roster-sync", s.handleRosterSync)
	}
	if in.Webhooks != nil {
		v1.Post("/webhooks", s.idempotent, s.handleWebhookCreate)
		v1.Get("/webhooks", s.handleWebhookList)
		v1.Delete("/webhooks/:id", s.handleWebhookDelete)
		v1.Get("/webhooks/:id/deliveries", s.handleDeliveryList)
	}
	if in.Outbox != nil {
		v1.Get("/outbox", s.handleOutboxList)
		v1.Post("/outbox/:id/retry", s.handleOutboxRetry)
	}
	v1.Get("/exports/:format", s.handleExport)
}

// ltiRateLimit applies the per-principal token bucket to the unauthenticated LTI
// endpoints, per client IP, so a flood of logins cannot fill the state table.
func (s *Server) ltiRateLimit(c *fiber.Ctx) error {
	if !s.limit(c, "ip:"+c.IP()) {
		return s.tooMany(c, "from this address")
	}
	return c.Next()
}

// publicURL is the base URL platforms reach the server at.
func (s *Server) publicURL(c *fiber.Ctx) string {
	if s.Integrations != nil && s.Integrations.PublicURL != "" {
		return strings.TrimSuffix(s.Integrations.PublicURL, "/")
	}
	return c.BaseURL()
}
