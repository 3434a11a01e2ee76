package api

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
)

type simulateRequest struct {
	Code     string         `json:"code"`
	Module   sim.ModuleKind `json:"module"`
	Scenario *sim.Scenario  `json:"scenario"`
}

// simulateResponse is exactly what `looplab sim --json` prints for one file.
type simulateResponse struct {
	File string `json:"file"`
	*sim.Result
}

// handleSimulate runs a program in the simulator (POST /v1/simulate, the playground).
// The run waits in the queue of the caller's kind of work (anonymous without a
// credential) and stops when the client goes away (callerContext).
func (s *Server) handleSimulate(c *fiber.Ctx) error {
	var req simulateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if req.Code == "" {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Nothing to simulate.",
			Fields: []quiz.FieldError{{Field: "code", Message: "is required"}}}
	}
	if req.Module == "" {
		req.Module = sim.CommonJS
	}
	if req.Module != sim.CommonJS && req.Module != sim.ESModule {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Unknown module kind.",
			Fields: []quiz.FieldError{{Field: "module", Message: "must be cjs or esm"}}}
	}
	var sc sim.Scenario
	if req.Scenario != nil {
		sc = *req.Scenario
	}
	sim.ApplyHeaders(&sc, req.Code)
	prog := sim.Program{Source: req.Code, Module: req.Module}
	res, err := s.Engine.Simulate(c.UserContext(), prog, sc)
	if err != nil {
		return err
	}
	file := "main.cjs"
	if req.Module == sim.ESModule {
		file = "main.mjs"
	}
	body, err := json.Marshal(simulateResponse{File: file, Result: res})
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(body)
}
