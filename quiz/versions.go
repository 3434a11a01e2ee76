package quiz

import (
	"context"
	"sync"
	"time"
)

// LatestVersions caches each question's latest published version for a short time, so
// grading does not decode the question's content from the database on every answer.
// Versions are immutable; only "which one is latest" can change, on a publish. A
// publish through this process forgets the entry at once (Forget); one through another
// process (a replica on the same database) is forgotten when the database says so
// (Forget or ForgetAll from the store's change notifications, where it has them) and
// at the latest after the TTL. A caller that knows of a newer version than the cached
// one (the version a variant was fetched at) reads it with Fresh.
type LatestVersions struct {
	questions QuestionService
	ttl       time.Duration
	now       func() time.Time
	mu        sync.Mutex // guards m and gen
	m         map[int64]cachedVersion
	gen       uint64 // counts forgets
}

type cachedVersion struct {
	v   *QuestionVersion
	exp time.Time
}

// latestVersionsMax bounds the cache; past it the cache starts over.
const latestVersionsMax = 10_000

// NewLatestVersions returns a cache over qs whose entries live ttl on the clock now.
func NewLatestVersions(qs QuestionService, ttl time.Duration, now func() time.Time) *LatestVersions {
	return &LatestVersions{questions: qs, ttl: ttl, now: now, m: map[int64]cachedVersion{}}
}

// Get returns the latest published version of a question (ENOTFOUND without one).
func (l *LatestVersions) Get(ctx context.Context, questionID int64) (*QuestionVersion, error) {
	now := l.now()
	l.mu.Lock()
	e, ok := l.m[questionID]
	l.mu.Unlock()
	if ok && now.Before(e.exp) {
		return e.v, nil
	}
	return l.Fresh(ctx, questionID)
}

// Fresh reads the latest published version from the database and caches it.
func (l *LatestVersions) Fresh(ctx context.Context, questionID int64) (*QuestionVersion, error) {
	now := l.now()
	l.mu.Lock()
	gen := l.gen
	l.mu.Unlock()
	v, err := l.questions.FindVersion(ctx, questionID, 0)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	if len(l.m) > latestVersionsMax {
		clear(l.m)
	}
	if l.gen == gen { // no forget since the read began: v is not older than the cache
		l.m[questionID] = cachedVersion{v, now.Add(l.ttl)}
	}
	l.mu.Unlock()
	return v, nil
}

// Forget drops a question's entry after a publish; a read that began before it does not
// put the older version back.
func (l *LatestVersions) Forget(questionID int64) {
	l.mu.Lock()
	delete(l.m, questionID)
	l.gen++
	l.mu.Unlock()
}

// ForgetAll drops every entry (the store lost its change notifications for a while).
func (l *LatestVersions) ForgetAll() {
	l.mu.Lock()
	clear(l.m)
	l.gen++
	l.mu.Unlock()
}
