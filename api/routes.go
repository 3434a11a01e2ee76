package api

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/compress"
	"github.com/looplab/looplab/quiz"
)

// routes registers every route. The whole API surface is on this screen.
func (s *Server) routes() {
	app := s.app
	app.Use(s.requestID, s.observe, s.cors, compress.New(compress.Config{Next: notCompressed}))

	app.Get("/healthz", s.handleHealthz)
	app.Get("/readyz", s.handleReadyz)
	app.Get("/metrics", s.metricsAuth, s.handleMetrics)
	app.Get("/openapi.json", s.handleOpenAPI)
	s.mountWeb()                              // the browser pages (package web): / and /app/...
	app.Get("/problems", s.handleProblemType) // what each problem type means (problems.go)
	app.Get("/problems/:code", s.handleProblemType)

	// The playground needs no credential: it only runs the sandboxed simulator
	// (anonymous callers are rate-limited per IP address).
	app.Post("/v1/simulate", s.authenticateOptional, s.idempotent, s.handleSimulate)
	app.Post("/v1/simulate/compare", s.authenticateOptional, s.idempotent, s.handleCompare)

	// A first-time visitor practises as a guest: no credential needed (guests.go).
	app.Post("/v1/guests", s.handleGuestCreate)
	// A learner joins a class with its code and a name: no credential (classes.go).
	app.Post("/v1/classes/join", s.handleClassJoin)

	v1 := app.Group("/v1", s.authenticate)
	v1.Get("/me", s.handleMe)

	v1.Post("/keys", s.idempotent, s.handleKeyCreate)
	v1.Get("/keys", s.handleKeyList)
	v1.Delete("/keys/:id", s.handleKeyRevoke)

	v1.Post("/learners", s.idempotent, s.handleLearnerCreate)
	v1.Get("/learners", s.handleLearnerList)
	v1.Get("/learners/:id", s.handleLearnerGet)
	v1.Post("/learners/:id/tokens", s.idempotent, s.handleTokenCreate)
	v1.Post("/learners/:id/claim", s.idempotent, s.handleClaim)
	v1.Get("/learners/:id/next", s.handleNext)
	v1.Get("/learners/:id/progress", s.handleProgress)
	v1.Get("/learners/:id/assessments", s.handleLearnerAssessments)
	v1.Get("/learners/:id/path", s.handlePath)

	v1.Get("/questions", s.handleQuestionList)
	v1.Post("/questions", s.idempotent, s.handleQuestionCreate)
	v1.Get("/questions/:id", s.handleQuestionGet)
	v1.Patch("/questions/:id", s.handleQuestionPatch)
	v1.Post("/questions/:id/publish", s.idempotent, s.handleQuestionPublish)
	v1.Post("/questions/:id/copy", s.idempotent, s.handleQuestionCopy)
	v1.Post("/questions/:id/unpublish", s.handleQuestionAction(quiz.ActionUnpublish))
	v1.Post("/questions/:id/archive", s.handleQuestionAction(quiz.ActionArchive))
	v1.Post("/questions/:id/restore", s.handleQuestionAction(quiz.ActionRestore))
	v1.Delete("/questions/:id", s.handleQuestionDelete)
	v1.Get("/questions/:id/versions", s.handleVersionList)
	v1.Get("/questions/:id/versions/:n", s.handleVersionGet)
	v1.Get("/questions/:id/variant", s.handleVariant)
	v1.Get("/questions/:id/another", s.handleAnother)
	v1.Post("/questions/:id/another", s.handleAnotherAnswer)
	v1.Post("/questions/:id/preview", s.handleQuestionPreview)
	v1.Get("/questions/:id/stats", s.handleQuestionStats)
	v1.Get("/misconceptions", s.handleMisconceptions)
	v1.Get("/cohort", s.handleCohort)
	v1.Post("/classes", s.idempotent, s.handleClassCreate)
	v1.Get("/classes", s.handleClassList)
	v1.Get("/classes/:id", s.handleClassGet)
	v1.Patch("/classes/:id", s.handleClassPatch)
	v1.Get("/classes/:id/learners", s.handleClassLearners)
	v1.Post("/classes/:id/assessments", s.idempotent, s.handleAssessmentCreate)
	v1.Get("/classes/:id/assessments", s.handleAssessmentList)
	v1.Get("/classes/:id/gradebook", s.handleGradebook)
	v1.Get("/assessments/:id", s.handleAssessmentGet)
	v1.Patch("/assessments/:id", s.handleAssessmentPatch)
	v1.Delete("/assessments/:id", s.handleAssessmentDelete)
	v1.Get("/bank/export", s.handleBankExport)
	v1.Post("/bank/import", s.idempotent, s.handleBankImport)

	v1.Post("/attempts", s.handleAttemptCreate) // idempotent by the attempt's own key
	v1.Get("/attempts", s.handleAttemptList)
	v1.Get("/attempts/:id", s.handleAttemptGet)
	v1.Get("/attempts/:id/steps/:n", s.handleAttemptStep)

	s.mountIntegrations(v1) // LTI, webhooks, exports: integrations.go
}

// notCompressed says which responses are sent as they are: everything but GET requests
// of the API, which are compressed for a client that accepts gzip or brotli (the
// question list the practice page loads: 84.5 KB, 19.7 KB gzipped). So POST
// /v1/attempts, the hot path, spends no CPU on compression, and the pages are served
// pre-compressed by web.go.
func notCompressed(c *fiber.Ctx) bool {
	if c.Method() != fiber.MethodGet {
		return true
	}
	p := c.Path()
	return !strings.HasPrefix(p, "/v1/") && p != "/openapi.json"
}
