package api

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
)

type simulateRequest struct {
	Code   string         `json:"code"`
	Module sim.ModuleKind `json:"module"`
	// Node is the Node release to simulate (a major or an exact version; default 24).
	// It overrides the scenario's.
	Node     string        `json:"node"`
	Scenario *sim.Scenario `json:"scenario"`
}

// simulateResponse is exactly what `looplab sim --json` prints for one file.
type simulateResponse struct {
	File string `json:"file"`
	*sim.Result
}

// applyNode sets the scenario's Node release from a request's "node" (which wins over
// the scenario's own), and refuses one the simulator has no profile for (422).
func applyNode(sc *sim.Scenario, node string) error {
	field := "scenario.node"
	if node != "" {
		sc.Node, field = node, "node"
	}
	if _, err := sim.LookupProfile(sc.Node); err != nil {
		return quiz.UnsupportedNode(field, sc.Node)
	}
	return nil
}

// simulationInput is a simulate request checked and turned into a program and scenario.
func simulationInput(req simulateRequest) (sim.Program, sim.Scenario, error) {
	if req.Code == "" {
		return sim.Program{}, sim.Scenario{}, &quiz.Error{Code: quiz.EINVALID, Message: "Nothing to simulate.",
			Fields: []quiz.FieldError{{Field: "code", Message: "is required"}}}
	}
	if req.Module == "" {
		req.Module = sim.CommonJS
	}
	if req.Module != sim.CommonJS && req.Module != sim.ESModule {
		return sim.Program{}, sim.Scenario{}, &quiz.Error{Code: quiz.EINVALID, Message: "Unknown module kind.",
			Fields: []quiz.FieldError{{Field: "module", Message: "must be cjs or esm"}}}
	}
	var sc sim.Scenario
	if req.Scenario != nil {
		sc = *req.Scenario
	}
	if err := applyNode(&sc, req.Node); err != nil {
		return sim.Program{}, sim.Scenario{}, err
	}
	sim.ApplyHeaders(&sc, req.Code)
	return sim.Program{Source: req.Code, Module: req.Module}, sc, nil
}

// fileOf is the file name the CLI would print for a program of module kind m.
func fileOf(m sim.ModuleKind) string {
	if m == sim.ESModule {
		return "main.mjs"
	}
	return "main.cjs"
}

// handleSimulate runs a program in the simulator (POST /v1/simulate, the playground).
// The run waits in the queue of the caller's kind of work (anonymous without a
// credential) and stops when the client goes away (callerContext).
func (s *Server) handleSimulate(c *fiber.Ctx) error {
	prog, sc, err := decodeSimulation(c)
	if err != nil {
		return err
	}
	res, err := s.Engine.Simulate(c.UserContext(), prog, sc)
	if err != nil {
		return err
	}
	return sendJSON(c, simulateResponse{File: fileOf(prog.Module), Result: res})
}

// decodeSimulation reads the body of POST /v1/simulate (and /v1/simulate/compare).
func decodeSimulation(c *fiber.Ctx) (sim.Program, sim.Scenario, error) {
	var req simulateRequest
	if err := decodeBody(c, &req); err != nil {
		return sim.Program{}, sim.Scenario{}, err
	}
	return simulationInput(req)
}

// sendJSON answers 200 with v encoded by encoding/json (whose output the CLI's --json
// shares byte for byte).
func sendJSON(c *fiber.Ctx, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(body)
}

// compareResponse is exactly what `looplab sim --compare-node --json` prints for one file.
type compareResponse struct {
	File string `json:"file"`
	*sim.Comparison
}

// handleCompare runs a program under every simulated Node release and groups the
// releases by outcome, with the rules that make them differ (POST /v1/simulate/compare).
// It takes the body of POST /v1/simulate; its node, if any, is ignored.
func (s *Server) handleCompare(c *fiber.Ctx) error {
	prog, sc, err := decodeSimulation(c)
	if err != nil {
		return err
	}
	cmp, err := s.Engine.Compare(c.UserContext(), prog, sc)
	if err != nil {
		return err
	}
	return sendJSON(c, compareResponse{File: fileOf(prog.Module), Comparison: cmp})
}
