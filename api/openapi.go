package api

import (
	_ "embed"

	"github.com/gofiber/fiber/v2"
)

// OpenAPI is the OpenAPI 3.1 description of every route, served at /openapi.json.
//
//go:embed openapi.json
var OpenAPI []byte

// handleOpenAPI serves the OpenAPI document.
func (s *Server) handleOpenAPI(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(OpenAPI)
}
