package api

import (
	"context"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

const localPrincipal = "principal"

// authenticate resolves the bearer credential (an API key or a learner token) into a
// principal, applies the principal's rate limit and marks the request's context with
// the principal's kind of work (quiz.WithWork: the simulator's queue its runs wait in).
// Credentials this server signed (learner tokens, the API keys it made) are told from
// guesses by their signature before any lookup, so they are served whatever their
// client address sent before. A client address that sent too many invalid credentials
// is served other keys only when they are known without a database lookup (cached),
// until its bucket refills: an invalid-key flood costs no queries and locks out no
// signed credential.
func (s *Server) authenticate(c *fiber.Ctx) error {
	cred, ok := strings.CutPrefix(c.Get(fiber.HeaderAuthorization), "Bearer ")
	cred = strings.TrimSpace(cred)
	if !ok || cred == "" {
		return quiz.Errorf(quiz.EUNAUTHORIZED, "Send an API key or a learner token: Authorization: Bearer <credential>.")
	}
	failures := "ip:" + c.IP()
	p, err := s.resolve(c, cred, !s.authFailures.available(failures))
	if err != nil {
		if code := quiz.ErrorCode(err); code == quiz.EUNAUTHORIZED || code == quiz.ENOTFOUND {
			s.authFailures.take(failures)
		}
		return err
	}
	if !s.limit(c, p.Scope()) {
		return s.tooMany(c, "for this credential")
	}
	c.Locals(localPrincipal, p)
	c.SetUserContext(callerContext(c, workOf(p)))
	return c.Next()
}

// resolve turns a credential into its principal. A learner token is checked by its
// signature, then its key (cached, else looked up); an API key is looked up (cached, else
// in the database), except that a key without this server's signature is refused with
// errTooManyFailures when cachedOnly and not cached.
func (s *Server) resolve(c *fiber.Ctx, cred string, cachedOnly bool) (quiz.Principal, error) {
	if quiz.IsToken(cred) {
		p, err := s.Tokens.Verify(cred, s.Now())
		if err != nil {
			return p, err
		}
		return p, s.keys.minterActive(c.UserContext(), p.KeyID)
	}
	signed := s.Tokens.KeySigned(cred)
	k, err := s.keys.lookup(c.UserContext(), cred, signed, cachedOnly && !signed)
	if err != nil {
		return quiz.Principal{}, err
	}
	return quiz.Principal{Role: k.Role, KeyID: k.ID}, nil
}

// workOf is the kind of work a principal's simulations are: learners and the apps
// acting for them are learners' work, guests guests', authors' and admins' instructors'.
func workOf(p quiz.Principal) quiz.Work {
	switch {
	case p.Role == quiz.RoleAdmin, p.Role == quiz.RoleInstructor:
		return quiz.WorkInstructor
	case p.Guest:
		return quiz.WorkGuest
	}
	return quiz.WorkLearner
}

// authenticateOptional authenticates a request that has a credential; one without is
// served anonymously under a rate limit per client address, as anonymous work.
func (s *Server) authenticateOptional(c *fiber.Ctx) error {
	if c.Get(fiber.HeaderAuthorization) != "" {
		return s.authenticate(c)
	}
	if !s.limit(c, "ip:"+c.IP()) {
		return s.tooMany(c, "from this address")
	}
	c.SetUserContext(callerContext(c, quiz.WorkAnonymous))
	return c.Next()
}

// limit spends one request of scope's bucket and says so in the response's RateLimit
// and RateLimit-Policy headers (draft-ietf-httpapi-ratelimit-headers: q is the bucket
// size, w the seconds it takes to fill up again, r the requests left, t the seconds
// until the bucket is full again); a refusal also gets Retry-After, the seconds until
// the next request is allowed. It reports whether the request may go on.
func (s *Server) limit(c *fiber.Ctx, scope string) bool { return s.limitWith(c, s.limiter, scope) }

// limitWith is limit with another limiter (the guest quota).
func (s *Server) limitWith(c *fiber.Ctx, l *limiter, scope string) bool {
	q := l.take(scope)
	if !q.limited {
		return true
	}
	c.Set("RateLimit-Policy", fmt.Sprintf(`"default";q=%d;w=%d`, int(q.burst), ceilSeconds(q.burst/q.rate)))
	c.Set("RateLimit", fmt.Sprintf(`"default";r=%d;t=%d`, int(q.left), ceilSeconds((q.burst-q.left)/q.rate)))
	if !q.ok {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(1, ceilSeconds((1-q.left)/q.rate))))
	}
	return q.ok
}

// ceilSeconds rounds a duration in seconds up to a whole number of seconds.
func ceilSeconds(s float64) int { return int(math.Ceil(s - 1e-9)) }

// tooMany is the refusal of a request past its rate limit (limit, which set Retry-After):
// what is limited, the limit (LOOPLAB_RATE_LIMIT per second, LOOPLAB_RATE_BURST at
// once), and when to retry.
func (s *Server) tooMany(c *fiber.Ctx, what string) error {
	return quiz.Errorf(quiz.ERATELIMITED, "Too many requests %s: the limit is %s a second and %d at once (LOOPLAB_RATE_LIMIT, LOOPLAB_RATE_BURST); retry in %s s.",
		what, strconv.FormatFloat(s.cfg.RatePerSecond, 'f', -1, 64), s.cfg.RateBurst, c.GetRespHeader(fiber.HeaderRetryAfter, "1"))
}

// errTooManyFailures refuses a credential that needs a database lookup from an address
// that sent too many invalid ones.
var errTooManyFailures = quiz.Errorf(quiz.ERATELIMITED, "Too many invalid credentials from this address; slow down.")

// principal returns the request's authenticated principal.
func principal(c *fiber.Ctx) quiz.Principal {
	p, _ := c.Locals(localPrincipal).(quiz.Principal)
	return p
}

// keyCache remembers valid API keys for a short while, so the hot path does not query
// the database for every request. Only successful lookups are cached, and the failed
// lookups of signed keys (a signed key that is not active is revoked for good). A key
// revoked through this server is forgotten at once; one revoked through another replica
// on the same PostgreSQL database as soon as the database notifies it (Server.Forget);
// one revoked by another process without notifications (the CLI on a SQLite file) stops
// working within keyCacheTTL.
type keyCache struct {
	keys quiz.KeyService
	now  func() time.Time
	mu   sync.Mutex // guards m and minters
	m    map[string]cachedKey
	// minters are the keys that minted learner tokens, by id, known active (or revoked)
	// until exp.
	minters map[int64]cachedMinter
}

// cachedKey is a key known until exp; a nil key is a signed key known not to be active.
type cachedKey struct {
	key *quiz.APIKey
	exp time.Time
}

type cachedMinter struct {
	revoked bool
	exp     time.Time
}

const keyCacheTTL = 30 * time.Second

// keyCacheMax is the most entries each of the cache's maps holds; past it, the map is
// emptied.
const keyCacheMax = 10_000

func newKeyCache(keys quiz.KeyService, now func() time.Time) *keyCache {
	return &keyCache{keys: keys, now: now, m: map[string]cachedKey{}, minters: map[int64]cachedMinter{}}
}

// errMinterRevoked refuses a learner token whose key was revoked.
var errMinterRevoked = quiz.Errorf(quiz.EUNAUTHORIZED, "The API key that issued this token was revoked.")

// minterActive checks that the API key that minted a learner token (id; 0 for tokens
// the server minted itself, for a guest or at an LTI launch) is still active. The token's
// signature was checked: the lookup is no guess, so it is made whoever asks.
func (kc *keyCache) minterActive(ctx context.Context, id int64) error {
	if id == 0 {
		return nil
	}
	now := kc.now()
	kc.mu.Lock()
	e, ok := kc.minters[id]
	kc.mu.Unlock()
	if ok && now.Before(e.exp) {
		if e.revoked {
			return errMinterRevoked
		}
		return nil
	}
	k, err := kc.keys.FindKeyByID(ctx, id)
	revoked := quiz.ErrorCode(err) == quiz.ENOTFOUND || (err == nil && k.RevokedAt != nil)
	if err != nil && !revoked {
		return err
	}
	kc.mu.Lock()
	if len(kc.minters) >= keyCacheMax {
		clear(kc.minters)
	}
	kc.minters[id] = cachedMinter{revoked: revoked, exp: now.Add(keyCacheTTL)}
	kc.mu.Unlock()
	if revoked {
		return errMinterRevoked
	}
	return nil
}

// forget drops a key from the cache (it was revoked).
func (kc *keyCache) forget(id int64) {
	kc.mu.Lock()
	defer kc.mu.Unlock()
	delete(kc.minters, id)
	for h, e := range kc.m {
		if e.key != nil && e.key.ID == id {
			delete(kc.m, h)
		}
	}
}

// forgetAll empties the cache.
func (kc *keyCache) forgetAll() {
	kc.mu.Lock()
	defer kc.mu.Unlock()
	clear(kc.m)
	clear(kc.minters)
}

// errInvalidKey refuses a key that is not active.
var errInvalidKey = quiz.Errorf(quiz.EUNAUTHORIZED, "The API key is not valid.")

// lookup finds an active key by its secret, in the cache or else (unless cachedOnly) in
// the database. A signed key's failed lookup is remembered too.
func (kc *keyCache) lookup(ctx context.Context, secret string, signed, cachedOnly bool) (*quiz.APIKey, error) {
	hash := quiz.HashKey(secret)
	id := hex.EncodeToString(hash)
	now := kc.now()
	kc.mu.Lock()
	e, ok := kc.m[id]
	kc.mu.Unlock()
	if ok && now.Before(e.exp) {
		if e.key == nil {
			return nil, errInvalidKey
		}
		if quiz.SameHash(e.key.Hash, hash) {
			return e.key, nil
		}
	}
	if cachedOnly {
		return nil, errTooManyFailures
	}
	k, err := kc.keys.FindKeyByHash(ctx, hash)
	if err != nil && !(signed && quiz.ErrorCode(err) == quiz.EUNAUTHORIZED) {
		return nil, err
	}
	kc.mu.Lock()
	if len(kc.m) >= keyCacheMax {
		clear(kc.m)
	}
	kc.m[id] = cachedKey{k, now.Add(keyCacheTTL)}
	kc.mu.Unlock()
	return k, err
}

// limiter is a token bucket per principal, in memory. Buckets that have filled up again
// are dropped once the map doubles in size (a full bucket is what a new one would be),
// so clients that come and go (addresses, learners) do not grow it without end.
type limiter struct {
	rate    float64 // tokens per second; 0 disables
	burst   float64
	now     func() time.Time
	mu      sync.Mutex // guards b and sweepAt
	b       map[string]*bucket
	sweepAt int // the map's size that triggers the next sweep
}

// minSweep is the smallest map size at which full buckets are swept.
const minSweep = 1024

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(rate float64, burst int, now func() time.Time) *limiter {
	if burst < 1 {
		burst = max(1, int(math.Ceil(rate)))
	}
	return &limiter{rate: rate, burst: float64(burst), now: now, b: map[string]*bucket{}, sweepAt: minSweep}
}

// sweep drops the buckets that are full again at now. l.mu must be held.
func (l *limiter) sweep(now time.Time) {
	for scope, b := range l.b {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.b, scope)
		}
	}
	l.sweepAt = max(minSweep, 2*len(l.b))
}

// available reports whether scope's bucket holds a token, without taking it.
func (l *limiter) available(scope string) bool {
	if l.rate <= 0 {
		return true
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.b[scope]
	return !ok || b.tokens+now.Sub(b.last).Seconds()*l.rate >= 1
}

// quota is a bucket's state after a request: whether the request was allowed, the
// tokens left, and the limiter's settings (limited false: no rate limit).
type quota struct {
	ok, limited       bool
	left, burst, rate float64
}

// take spends a token of scope's bucket, if it has one.
func (l *limiter) take(scope string) quota {
	if l.rate <= 0 {
		return quota{ok: true}
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.b[scope]
	if !ok {
		if len(l.b) >= l.sweepAt {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.b[scope] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	q := quota{limited: true, burst: l.burst, rate: l.rate}
	if b.tokens >= 1 {
		b.tokens--
		q.ok = true
	}
	q.left = math.Floor(b.tokens)
	return q
}

// meView says who a credential belongs to (GET /v1/me): pages ask it instead of reading
// tokens, so the token format has one definition, the server's.
type meView struct {
	Role      quiz.Role  `json:"role"`
	KeyID     int64      `json:"key_id,omitempty"`     // the API key, or the key that minted a learner token (0: an LTI launch)
	LearnerID int64      `json:"learner_id,omitempty"` // learner tokens only
	Name      string     `json:"name,omitempty"`       // the learner's name, as an LMS launch gave it
	LinkID    int64      `json:"link_id,omitempty"`    // the LTI resource link a launch token was minted for
	ExpiresAt *time.Time `json:"expires_at,omitempty"` // when a learner token stops being valid
}

// handleMe tells the caller whom its credential belongs to (GET /v1/me).
func (s *Server) handleMe(c *fiber.Ctx) error {
	p := principal(c)
	v := meView{Role: p.Role, KeyID: p.KeyID, LearnerID: p.LearnerID, LinkID: p.LinkID}
	if !p.ExpiresAt.IsZero() {
		v.ExpiresAt = &p.ExpiresAt
	}
	if p.LearnerID != 0 {
		l, err := s.Learners.FindLearnerByID(c.UserContext(), p.LearnerID)
		if err != nil {
			return err
		}
		v.Name = l.Name
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(v)
}
