package api

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// CORS: a browser app on another origin may call the API when its origin is one of the
// configured ones (Config.CORSOrigins, LOOPLAB_CORS_ORIGINS). Credentials travel in the
// Authorization header, never in cookies, so no Access-Control-Allow-Credentials is sent.

// corsAllowHeaders are the request headers a cross-origin caller may send.
const corsAllowHeaders = "Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, X-Request-Id"

// corsExposeHeaders are the response headers a cross-origin caller may read.
const corsExposeHeaders = "Location, ETag, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, Idempotent-Replayed, Idempotency-Created"

// corsMaxAge is how long (seconds) a browser may cache a preflight's answer.
const corsMaxAge = "600"

// allowsOrigin reports whether origin may call the API: it is listed, or "*" is.
func (s *Server) allowsOrigin(origin string) bool {
	return origin != "" && (slices.Contains(s.cfg.CORSOrigins, origin) || slices.Contains(s.cfg.CORSOrigins, "*"))
}

// cors answers preflight requests before any authentication (a browser sends them
// without credentials) and marks the responses an allowed origin may read. A preflight
// from an origin that is not allowed gets 403 and no CORS headers, so the browser
// refuses the call.
func (s *Server) cors(c *fiber.Ctx) error {
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		return c.Next()
	}
	c.Vary(fiber.HeaderOrigin)
	allowed := s.allowsOrigin(origin)
	preflight := c.Method() == fiber.MethodOptions && c.Get(fiber.HeaderAccessControlRequestMethod) != ""
	if preflight {
		c.Vary(fiber.HeaderAccessControlRequestMethod, fiber.HeaderAccessControlRequestHeaders)
		if !allowed {
			return quiz.Errorf(quiz.EFORBIDDEN, "The origin %s may not call this API from a browser (LOOPLAB_CORS_ORIGINS).", strings.ReplaceAll(origin, "\n", ""))
		}
		c.Set(fiber.HeaderAccessControlAllowOrigin, origin)
		c.Set(fiber.HeaderAccessControlAllowMethods, "GET, POST, PATCH, PUT, DELETE")
		c.Set(fiber.HeaderAccessControlAllowHeaders, corsAllowHeaders)
		c.Set(fiber.HeaderAccessControlMaxAge, corsMaxAge)
		return c.SendStatus(fiber.StatusNoContent)
	}
	if allowed {
		c.Set(fiber.HeaderAccessControlAllowOrigin, origin)
		c.Set(fiber.HeaderAccessControlExposeHeaders, corsExposeHeaders)
	}
	return c.Next()
}
