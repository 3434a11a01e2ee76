package quiz_test

import (
	"context"
	"errors"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
)

// failingSim is a Simulator whose every run fails with err.
type failingSim struct{ err error }

func (f failingSim) Run(context.Context, sim.Program, sim.Scenario) (*sim.Result, error) {
	return nil, f.err
}

// TestSimulatorFailures checks how the engine reports a failed run: a program's or
// scenario's fault is a client error with the simulator's message; anything else is an
// internal error, whose text the API does not show.
func TestSimulatorFailures(t *testing.T) {
	ctx := context.Background()
	_, err := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 8, nil).
		Simulate(ctx, sim.Program{Source: "x"}, sim.Scenario{ThreadPool: -1})
	assert.Equal(t, quiz.EINVALID, quiz.ErrorCode(err))
	assert.Contains(t, quiz.ErrorMessage(err), "scenario.threadpool")

	internal := errors.New("database file /srv/secret.db is locked")
	_, err = quiz.NewEngine(failingSim{internal}, quiz.DefaultKinds(), 8, nil).Simulate(ctx, sim.Program{Source: "x"}, sim.Scenario{})
	assert.Equal(t, quiz.EINTERNAL, quiz.ErrorCode(err))
	assert.ErrorIs(t, err, internal)
	assert.NotContains(t, quiz.ErrorMessage(err), "secret")
}
