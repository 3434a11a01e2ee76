package lti

import (
	"context"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// jwksCache keeps each platform JWKS by URL and kid. A kid it does not know makes it
// fetch the set again (platforms rotate keys), and so does a signature that does not
// verify with the cached key (refresh: a platform may replace a key under the same
// kid), but at most once a second per URL, so forged tokens cannot make it hammer the
// platform.
type jwksCache struct {
	client     *http.Client
	now        func() time.Time
	ttl        time.Duration
	minRefetch time.Duration

	mu   sync.Mutex // guards sets
	sets map[string]*keySet
}

type keySet struct {
	keys    map[string]*rsa.PublicKey
	fetched time.Time
	fetchMu sync.Mutex // one fetch at a time per URL
}

func newJWKSCache(client *http.Client, now func() time.Time) *jwksCache {
	return &jwksCache{client: client, now: now, ttl: time.Hour, minRefetch: time.Second, sets: map[string]*keySet{}}
}

// key returns the public key kid of the JWKS at url. An empty kid matches the only key
// of a one-key set.
func (c *jwksCache) key(ctx context.Context, url, kid string) (*rsa.PublicKey, error) {
	c.mu.Lock()
	s, ok := c.sets[url]
	if !ok {
		s = &keySet{}
		c.sets[url] = s
	}
	c.mu.Unlock()

	s.fetchMu.Lock()
	defer s.fetchMu.Unlock()
	if k := s.lookup(kid); k != nil && c.now().Sub(s.fetched) < c.ttl {
		return k, nil
	}
	if !s.fetched.IsZero() && c.now().Sub(s.fetched) < c.minRefetch {
		return nil, fmt.Errorf("kid %q is not in the platform's key set (fetched %s ago)", kid, c.now().Sub(s.fetched).Round(time.Millisecond))
	}
	keys, err := c.fetch(ctx, url)
	if err != nil {
		return nil, err
	}
	s.keys, s.fetched = keys, c.now()
	if k := s.lookup(kid); k != nil {
		return k, nil
	}
	return nil, fmt.Errorf("kid %q is not in the platform's key set", kid)
}

// refresh fetches the JWKS at url again and reports whether it did: not when it was
// fetched less than minRefetch ago (the keys are as fresh as they get).
func (c *jwksCache) refresh(ctx context.Context, url string) (bool, error) {
	c.mu.Lock()
	s, ok := c.sets[url]
	c.mu.Unlock()
	if !ok {
		return false, nil // never fetched: nothing was verified against it
	}
	s.fetchMu.Lock()
	defer s.fetchMu.Unlock()
	if c.now().Sub(s.fetched) < c.minRefetch {
		return false, nil
	}
	keys, err := c.fetch(ctx, url)
	if err != nil {
		return false, err
	}
	s.keys, s.fetched = keys, c.now()
	return true, nil
}

func (s *keySet) lookup(kid string) *rsa.PublicKey {
	if kid == "" && len(s.keys) == 1 {
		for _, k := range s.keys {
			return k
		}
	}
	return s.keys[kid]
}

func (c *jwksCache) fetch(ctx context.Context, url string) (map[string]*rsa.PublicKey, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("jwks %s: %w", url, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("jwks %s: %w", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("jwks %s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, httpError(url, resp, body)
	}
	var set JWKS
	if err := json.Unmarshal(body, &set); err != nil {
		return nil, fmt.Errorf("jwks %s: %w", url, err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, j := range set.Keys {
		if (j.Use != "" && j.Use != "sig") || (j.Alg != "" && j.Alg != "RS256") {
			continue
		}
		if k, err := j.rsaKey(); err == nil {
			keys[j.KID] = k
		}
	}
	return keys, nil
}

func truncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}
