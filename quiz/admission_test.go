package quiz_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func twoSlots() *quiz.Admission {
	return quiz.NewAdmission(quiz.AdmissionConfig{Slots: 2, Queues: map[quiz.Work]quiz.Queue{
		quiz.WorkInternal:   {Length: 10, Wait: time.Minute},
		quiz.WorkLearner:    {Length: 10, Wait: time.Minute},
		quiz.WorkInstructor: {Length: 10, Wait: time.Minute},
		quiz.WorkAnonymous:  {Slots: 1, Length: 2, Wait: time.Minute},
	}})
}

// Anonymous work holds at most its share of the slots: a learner gets the other one at
// once, however many anonymous runs wait.
func TestAdmissionKeepsASlotFromAnonymousWork(t *testing.T) {
	a := twoSlots()
	ctx := context.Background()
	rel, err := a.Acquire(ctx, quiz.WorkAnonymous)
	require.NoError(t, err)
	waited := make(chan error, 2)
	for range 2 {
		go func() {
			r, err := a.Acquire(ctx, quiz.WorkAnonymous)
			if err == nil {
				defer r()
			}
			waited <- err
		}()
	}
	require.Eventually(t, func() bool { return a.Stats()[quiz.WorkAnonymous].Waiting == 2 }, 5*time.Second, time.Millisecond)

	_, err = a.Acquire(ctx, quiz.WorkAnonymous)
	assert.Equal(t, quiz.EUNAVAILABLE, quiz.ErrorCode(err), "a third waiting anonymous run is refused at once")

	learner, err := a.Acquire(ctx, quiz.WorkLearner)
	require.NoError(t, err, "the learner gets the slot anonymous work may not hold")
	st := a.Stats()
	assert.Equal(t, 1, st[quiz.WorkLearner].Running)
	assert.Equal(t, 1, st[quiz.WorkAnonymous].Running)
	learner()
	rel()
	for range 2 {
		assert.NoError(t, <-waited)
	}
	assert.Equal(t, uint64(1), a.Stats()[quiz.WorkAnonymous].Refused)
}

// Guests and anonymous visitors together hold at most the guests' share (issue 30): with
// one of two slots taken by a guest, neither another guest nor an anonymous visitor gets
// the other, a learner does at once; a freed guest slot goes to the waiting guest before
// the anonymous visitor who waited longer.
func TestAdmissionKeepsASlotFromGuestsAndAnonymousTogether(t *testing.T) {
	a := quiz.NewAdmission(quiz.DefaultAdmission())
	ctx := context.Background()
	guest, err := a.Acquire(ctx, quiz.WorkGuest)
	require.NoError(t, err)
	var mu sync.Mutex
	var order []quiz.Work
	var wg sync.WaitGroup
	for _, w := range []quiz.Work{quiz.WorkAnonymous, quiz.WorkGuest} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := a.Acquire(ctx, w)
			if !assert.NoError(t, err) {
				return
			}
			mu.Lock()
			order = append(order, w)
			mu.Unlock()
			time.Sleep(10 * time.Millisecond)
			r()
		}()
		require.Eventually(t, func() bool { return a.Stats()[w].Waiting == 1 }, 5*time.Second, time.Millisecond)
	}
	learner, err := a.Acquire(ctx, quiz.WorkLearner)
	require.NoError(t, err, "the learner gets the slot guests and anonymous visitors may not hold")
	st := a.Stats()
	assert.Equal(t, []int{1, 1, 1}, []int{st[quiz.WorkLearner].Running, st[quiz.WorkGuest].Running, st[quiz.WorkGuest].Waiting})
	assert.Equal(t, 1, st[quiz.WorkAnonymous].Waiting, "the anonymous visitor waits though a slot is free")
	guest()
	wg.Wait()
	learner()
	assert.Equal(t, []quiz.Work{quiz.WorkGuest, quiz.WorkAnonymous}, order)
}

// A freed slot goes to learners before instructors and anonymous callers, whoever
// waited longer.
func TestAdmissionServesKindsInOrder(t *testing.T) {
	a := quiz.NewAdmission(quiz.AdmissionConfig{Slots: 1, Queues: map[quiz.Work]quiz.Queue{
		quiz.WorkLearner: {Length: 5, Wait: time.Minute}, quiz.WorkInstructor: {Length: 5, Wait: time.Minute},
		quiz.WorkAnonymous: {Length: 5, Wait: time.Minute},
	}})
	ctx := context.Background()
	hold, err := a.Acquire(ctx, quiz.WorkInternal)
	require.NoError(t, err)
	var mu sync.Mutex
	var order []quiz.Work
	var wg sync.WaitGroup
	for _, w := range []quiz.Work{quiz.WorkAnonymous, quiz.WorkInstructor, quiz.WorkLearner} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := a.Acquire(ctx, w)
			if !assert.NoError(t, err) {
				return
			}
			mu.Lock()
			order = append(order, w)
			mu.Unlock()
			r()
		}()
		require.Eventually(t, func() bool { return a.Stats()[w].Waiting == 1 }, 5*time.Second, time.Millisecond)
	}
	hold()
	wg.Wait()
	assert.Equal(t, []quiz.Work{quiz.WorkLearner, quiz.WorkInstructor, quiz.WorkAnonymous}, order)
}

// A run waits at most its queue's longest wait, and no longer than its context.
func TestAdmissionWaitEnds(t *testing.T) {
	a := quiz.NewAdmission(quiz.AdmissionConfig{Slots: 1, Queues: map[quiz.Work]quiz.Queue{
		quiz.WorkAnonymous: {Length: 5, Wait: 50 * time.Millisecond}, quiz.WorkLearner: {Length: 5, Wait: time.Minute},
	}})
	hold, err := a.Acquire(context.Background(), quiz.WorkLearner)
	require.NoError(t, err)
	defer hold()
	_, err = a.Acquire(context.Background(), quiz.WorkAnonymous)
	assert.Equal(t, quiz.EUNAVAILABLE, quiz.ErrorCode(err))
	assert.Contains(t, quiz.ErrorMessage(err), "within 50ms")

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err = a.Acquire(ctx, quiz.WorkLearner)
	assert.Equal(t, quiz.EUNAVAILABLE, quiz.ErrorCode(err), "the caller went away")
	st := a.Stats()
	assert.Zero(t, st[quiz.WorkLearner].Waiting+st[quiz.WorkAnonymous].Waiting, "nobody is left in a queue")
}

func TestAdmissionConfigValidate(t *testing.T) {
	assert.NoError(t, quiz.DefaultAdmission().Validate())
	bad := quiz.DefaultAdmission()
	bad.Queues[quiz.WorkAnonymous] = quiz.Queue{Slots: 3, Length: 1}
	assert.ErrorContains(t, bad.Validate(), "anonymous queue")
	assert.ErrorContains(t, quiz.AdmissionConfig{}.Validate(), "at least 1")
	bad = quiz.DefaultAdmission()
	bad.Queues[quiz.WorkAnonymous] = quiz.Queue{Slots: 2, Length: 1}
	assert.ErrorContains(t, bad.Validate(), "at most the guests' 1", "anonymous runs count as guests'")
}

// Every simulation of the engine goes through its admission, under the kind of work
// its context names: a full queue refuses a preview.
func TestEngineRunsThroughAdmission(t *testing.T) {
	a := quiz.NewAdmission(quiz.AdmissionConfig{Slots: 1, Queues: map[quiz.Work]quiz.Queue{
		quiz.WorkInstructor: {Length: 0, Wait: time.Second}, quiz.WorkLearner: {Length: 1, Wait: time.Second},
	}})
	e := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 16, nil, quiz.WithAdmission(a))
	c := &orderVersion().Content
	hold, err := a.Acquire(context.Background(), quiz.WorkLearner)
	require.NoError(t, err)
	_, err = e.Preview(quiz.WithWork(context.Background(), quiz.WorkInstructor), c, 1, nil)
	assert.Equal(t, quiz.EUNAVAILABLE, quiz.ErrorCode(err), "no slot and no queue for instructors")
	hold()
	vr, err := e.Preview(quiz.WithWork(context.Background(), quiz.WorkInstructor), c, 1, nil)
	require.NoError(t, err)
	assert.Len(t, vr.Result.Outcomes, 2)
	assert.Equal(t, uint64(1), a.Stats()[quiz.WorkInstructor].Admitted)
}
