package store

import (
	"crypto/sha256"
	"sync"
)

// detailCacheSize bounds the digests of stored grade details kept in memory (about 100
// bytes each); when it is full the set starts over.
const detailCacheSize = 50_000

// detailDigest names a grade detail in grade_details (migration 00012).
type detailDigest = [sha256.Size]byte

// storedDetails is the set of grade details known to be committed to grade_details, so
// that an attempt whose details are already stored writes only its digest. Rows of
// grade_details are never deleted but by a migration, which clears the set, so an
// entry never goes stale.
type storedDetails struct {
	mu      sync.Mutex // guards digests
	digests map[detailDigest]struct{}
}

func newStoredDetails() *storedDetails {
	return &storedDetails{digests: map[detailDigest]struct{}{}}
}

func (s *storedDetails) has(d detailDigest) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.digests[d]
	return ok
}

// add records that d is committed.
func (s *storedDetails) add(d detailDigest) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.digests) >= detailCacheSize {
		clear(s.digests)
	}
	s.digests[d] = struct{}{}
}

// clear forgets every digest.
func (s *storedDetails) clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.digests)
}
