package quiz_test

import (
	"context"
	"testing"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServerFacts evaluates the server facts over a real simulation: /a is answered at
// once, /b after 30 ms of CPU, and a request that arrives behind /b waits for it.
func TestServerFacts(t *testing.T) {
	sc := sim.Scenario{Clients: &sim.Clients{Requests: []sim.ClientRequest{
		{AtMS: 0, Path: "/a"}, {AtMS: 10, Path: "/b"}, {AtMS: 15, Path: "/a"}}}}
	res, err := sim.New().Run(context.Background(), sim.Program{Module: sim.CommonJS, Source: `
require('node:http').createServer((req, res) => {
  if (req.url === '/b') busy(30)
  res.end('ok')
}).listen(3000)`}, sc)
	require.NoError(t, err)
	f := quiz.NewFacts(res, sc)
	for expr, want := range map[string]float64{
		`percentile(requestLatencies("/a"), 100)`: 25, // arrived at 15, waited for /b until 40
		`percentile(requestLatencies("/a"), 50)`:  0,
		`len(requestLatencies(""))`:               3,
		`percentile(requestLatencies("/b"), 50)`:  30,
		`failedRequests`:                          0,
		`len(requests)`:                           3,
		`requests[2].start`:                       40,
	} {
		p, err := quiz.CompileValue(expr)
		require.NoError(t, err, expr)
		got, _, err := f.Value(p)
		require.NoError(t, err, expr)
		assert.InDelta(t, want, got, 0.05, expr) // the handlers' own JavaScript costs a few microseconds
	}
}

// TestFactsReadTheTraceByEvent: countEvent counts steps of an event of the trace's
// vocabulary, and names the vocabulary when asked for an event it does not have.
func TestFactsReadTheTraceByEvent(t *testing.T) {
	res, err := sim.New().Run(context.Background(), sim.Program{Module: sim.CommonJS,
		Source: "process.nextTick(() => {})\nprocess.nextTick(() => {})\nsetTimeout(() => {}, 1)\n"}, sim.Scenario{})
	require.NoError(t, err)
	f := quiz.NewFacts(res, sim.Scenario{})
	for expr, want := range map[string]bool{
		`countEvent("nextTick-runs") == 2`:      true,
		`countEvent("timer-fires") == 1`:        true,
		`steps[1].label == "nextTick callback"`: true,
	} {
		p, err := quiz.CompileFact(expr)
		require.NoError(t, err, expr)
		got, _, err := f.Eval(p)
		require.NoError(t, err, expr)
		assert.Equal(t, want, got, expr)
	}
	p, err := quiz.CompileFact(`countEvent("tick-runs") > 0`)
	require.NoError(t, err)
	_, _, err = f.Eval(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"tick-runs" is not an event of the trace`)
	assert.Contains(t, err.Error(), "nextTick-runs")
}
