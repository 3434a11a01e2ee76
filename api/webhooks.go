package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/webhook"
)

type webhookCreateRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// webhookCreated is a new subscription with its secret, shown only in this response.
type webhookCreated struct {
	*webhook.Subscription
	Secret string `json:"secret"`
}

// handleWebhookCreate subscribes an endpoint to events (POST /v1/webhooks, admins).
func (s *Server) handleWebhookCreate(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	var req webhookCreateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	sub := &webhook.Subscription{URL: req.URL, Events: req.Events, Active: true, Secret: webhook.NewSecret()}
	if err := sub.Validate(); err != nil {
		return err
	}
	if err := s.Integrations.Webhooks.CreateSubscription(c.UserContext(), sub); err != nil {
		return err
	}
	c.Location("/v1/webhooks/" + itoa(sub.ID))
	return c.Status(fiber.StatusCreated).JSON(webhookCreated{sub, sub.Secret})
}

// handleWebhookList lists the subscriptions, without their secrets (GET /v1/webhooks).
func (s *Server) handleWebhookList(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	subs, err := s.Integrations.Webhooks.FindSubscriptions(c.UserContext(), after, limit+1)
	if err != nil {
		return err
	}
	return c.JSON(newList(subs, limit, func(s *webhook.Subscription) int64 { return s.ID }))
}

// handleWebhookDelete stops a subscription; its delivery log stays readable
// (DELETE /v1/webhooks/{id}).
func (s *Server) handleWebhookDelete(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Integrations.Webhooks.DeactivateSubscription(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// handleDeliveryList is a subscription's delivery log, newest first
// (GET /v1/webhooks/{id}/deliveries?cursor=&limit=).
func (s *Server) handleDeliveryList(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	limit, before, err := page(c)
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	if _, err := s.Integrations.Webhooks.FindSubscription(ctx, id); err != nil {
		return err
	}
	ds, err := s.Integrations.Webhooks.FindDeliveries(ctx, id, before, limit+1)
	if err != nil {
		return err
	}
	return c.JSON(newList(ds, limit, func(d *webhook.Delivery) int64 { return d.ID }))
}
