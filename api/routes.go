package api

// routes registers every route. The whole API surface is on this screen.
func (s *Server) routes() {
	app := s.app
	app.Use(s.requestID, s.observe)

	app.Get("/healthz", s.handleHealthz)
	app.Get("/readyz", s.handleReadyz)
	app.Get("/metrics", s.handleMetrics)

	v1 := app.Group("/v1")
	v1.Post("/learners", s.handleLearnerCreate)
	v1.Get("/learners", s.handleLearnerList)
	v1.Get("/learners/:id", s.handleLearnerGet)
}
