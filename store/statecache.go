package store

import (
	"container/list"
	"sync"

	"github.com/looplab/looplab/quiz"
)

// stateCacheSize bounds the attempt states kept in memory (about 200 bytes each).
const stateCacheSize = 100_000

// stateKey is a learner and a question.
type stateKey struct{ learner, question int64 }

// stateCache keeps the AttemptState of recently active learner/question pairs, so that
// the hot path of an attempt reads nothing from the database. It is written through by
// CreateAttempt, the only writer of attempts and review_states, which makes it exact as
// long as one server process serves a database file (the CLI's other commands never
// write attempts). An entry never moves back to a smaller count, so a read from the
// database that raced a commit cannot replace the newer state; a stale entry could at
// worst make an attempt number collide, and a collision drops the entry.
type stateCache struct {
	mu    sync.Mutex // guards ll and items
	ll    *list.List // of *stateEntry, most recent first
	items map[stateKey]*list.Element
	size  int
}

type stateEntry struct {
	key stateKey
	st  quiz.AttemptState
}

func newStateCache(size int) *stateCache {
	return &stateCache{ll: list.New(), items: map[stateKey]*list.Element{}, size: size}
}

// get returns the cached state of k (its Review is the caller's own copy).
func (c *stateCache) get(k stateKey) (quiz.AttemptState, bool) {
	if c == nil { // no cache (PostgreSQL)
		return quiz.AttemptState{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		return quiz.AttemptState{}, false
	}
	c.ll.MoveToFront(el)
	return copyState(el.Value.(*stateEntry).st), true
}

// put stores st for k unless the cache holds a state with a higher count.
func (c *stateCache) put(k stateKey, st quiz.AttemptState) {
	if c == nil { // no cache (PostgreSQL)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		e := el.Value.(*stateEntry)
		if st.Count >= e.st.Count {
			e.st = copyState(st)
		}
		c.ll.MoveToFront(el)
		return
	}
	c.items[k] = c.ll.PushFront(&stateEntry{k, copyState(st)})
	for c.ll.Len() > c.size {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*stateEntry).key)
	}
}

// advance records a stored attempt: count becomes n, and the review state review when
// the attempt carried one. Without a cached entry and without a review state nothing is
// known of the review, so nothing is cached.
func (c *stateCache) advance(k stateKey, n int, review *quiz.ReviewState) {
	if c == nil { // no cache (PostgreSQL)
		return
	}
	if review != nil {
		c.put(k, quiz.AttemptState{Count: n, Review: review})
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		if e := el.Value.(*stateEntry); n > e.st.Count {
			e.st.Count = n
		}
	}
}

// drop forgets k.
func (c *stateCache) drop(k stateKey) {
	if c == nil { // no cache (PostgreSQL)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.ll.Remove(el)
		delete(c.items, k)
	}
}

func copyState(st quiz.AttemptState) quiz.AttemptState {
	if st.Review != nil {
		r := *st.Review
		st.Review = &r
	}
	return st
}

// clear forgets every entry.
func (c *stateCache) clear() {
	if c == nil { // no cache (PostgreSQL)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ll.Init()
	clear(c.items)
}
