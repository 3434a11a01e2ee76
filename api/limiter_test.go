package api

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestLimiterForgetsFullBuckets checks that buckets of clients that went away are
// dropped once they have refilled, and that dropping them changes no decision.
func TestLimiterForgetsFullBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(1, 2, func() time.Time { return now })
	for i := range 5000 {
		assert.True(t, l.take(fmt.Sprintf("ip:%d", i)).ok)
	}
	assert.True(t, l.take("busy").ok)
	assert.True(t, l.take("busy").ok)
	assert.False(t, l.take("busy").ok, "burst of 2 spent")
	assert.Greater(t, len(l.b), minSweep, "nothing refilled yet: nothing dropped")

	now = now.Add(1500 * time.Millisecond) // the 5,000 have refilled (1 + 1.5 >= 2); busy has 1.5
	for i := range 2 * len(l.b) {
		l.take(fmt.Sprintf("new:%d", i))
	}
	assert.Less(t, len(l.b), 2*5000+10, "the refilled buckets were dropped")
	_, kept := l.b["busy"]
	assert.True(t, kept, "a bucket still refilling is kept")
	assert.True(t, l.take("busy").ok)
	assert.False(t, l.take("busy").ok, "busy kept its state: 1.5 tokens, one request")
	assert.True(t, l.take("ip:7").ok, "a dropped client starts with a full bucket")
	assert.True(t, l.take("ip:7").ok)
}

// TestLimiterAvailablePeeks: available tells whether a token is there without taking it.
func TestLimiterAvailablePeeks(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(1, 2, func() time.Time { return now })
	assert.True(t, l.available("ip:1"), "a new client has a full bucket")
	for range 5 {
		assert.True(t, l.available("ip:1"), "peeking takes nothing")
	}
	l.take("ip:1")
	l.take("ip:1")
	assert.False(t, l.available("ip:1"), "burst spent")
	now = now.Add(time.Second)
	assert.True(t, l.available("ip:1"), "one token back after a second")
	assert.True(t, newLimiter(0, 0, time.Now).available("x"), "a limiter that is off never refuses")
}
