package api

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeKeys is a key store in memory that counts its lookups.
type fakeKeys struct {
	mu      sync.Mutex
	keys    []*quiz.APIKey
	lookups int
}

func (f *fakeKeys) add(secret string, role quiz.Role, revoked bool) *quiz.APIKey {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := &quiz.APIKey{ID: int64(len(f.keys) + 1), Role: role, Hash: quiz.HashKey(secret)}
	if revoked {
		now := time.Now()
		k.RevokedAt = &now
	}
	f.keys = append(f.keys, k)
	return k
}

func (f *fakeKeys) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lookups
}

func (f *fakeKeys) CreateKey(context.Context, *quiz.APIKey) error { return nil }
func (f *fakeKeys) FindKeyByHash(_ context.Context, hash []byte) (*quiz.APIKey, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lookups++
	for _, k := range f.keys {
		if k.RevokedAt == nil && quiz.SameHash(k.Hash, hash) {
			return k, nil
		}
	}
	return nil, quiz.Errorf(quiz.EUNAUTHORIZED, "The API key is not valid.")
}
func (f *fakeKeys) FindKeyByID(_ context.Context, id int64) (*quiz.APIKey, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lookups++
	for _, k := range f.keys {
		if k.ID == id {
			return k, nil
		}
	}
	return nil, quiz.Errorf(quiz.ENOTFOUND, "no key %d", id)
}
func (f *fakeKeys) FindKeys(context.Context, quiz.KeyFilter) ([]*quiz.APIKey, error) { return nil, nil }
func (f *fakeKeys) RevokeKey(context.Context, int64) (*quiz.APIKey, error)           { return nil, nil }
func (f *fakeKeys) CountKeys(context.Context, quiz.Role) (int, error)                { return 0, nil }

// fakeLearners finds every learner (GET /v1/me names a token's learner).
type fakeLearners struct{ quiz.LearnerService }

func (fakeLearners) FindLearnerByID(_ context.Context, id int64) (*quiz.Learner, error) {
	return &quiz.Learner{ID: id}, nil
}

// TestInvalidKeyFloodLocksOutNoSignedCredential (issue 30, point 6): a flood of invalid
// keys from one address, long past the key cache's lifetime, costs at most its burst of
// lookups, and every credential this server signed keeps being served from that
// address: a learner token (whose key is looked up again once its cache entry expires),
// a guest's token, a signed API key. A key the server did not sign (an operator's
// LOOPLAB_ADMIN_KEY) is served while cached, refused with 429 after. A revoked signed
// key costs one lookup per cache lifetime.
func TestInvalidKeyFloodLocksOutNoSignedCredential(t *testing.T) {
	signer, err := quiz.NewTokenSigner([]byte(strings.Repeat("s", 32)))
	require.NoError(t, err)
	keys := &fakeKeys{}
	appSecret := signer.NewKeySecret()
	app := keys.add(appSecret, quiz.RoleApp, false)
	const operatorKey = "ll_chosen-by-the-operator"
	keys.add(operatorKey, quiz.RoleAdmin, false)
	revokedSecret := signer.NewKeySecret()
	keys.add(revokedSecret, quiz.RoleApp, true)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var clock sync.Mutex
	s := New(Config{AuthFailureRate: 1, AuthFailureBurst: 20}, Deps{Keys: keys, Learners: fakeLearners{}, Tokens: signer, Now: func() time.Time {
		clock.Lock()
		defer clock.Unlock()
		return now
	}})
	advance := func(d time.Duration) { clock.Lock(); now = now.Add(d); clock.Unlock() }
	status := func(cred string) int {
		r := httptest.NewRequest("GET", "/v1/me", nil)
		r.Header.Set("Authorization", "Bearer "+cred)
		resp, err := s.app.Test(r)
		require.NoError(t, err)
		return resp.StatusCode
	}
	learner := signer.Mint(7, app.ID, now.Add(time.Hour))
	guest := signer.MintGuest(8, now.Add(time.Hour))
	signed := map[string]string{"learner token": learner, "guest token": guest, "signed key": appSecret}
	for _, cred := range append([]string{operatorKey}, learner, guest, appSecret) {
		require.Equal(t, 200, status(cred), "before the flood")
	}
	before := keys.count()

	forged := signer.NewKeySecret()
	forged = forged[:len(forged)-2] + "xx" // a signed key's shape, a wrong signature
	codes := map[int]int{}
	for i := range 3000 { // 100 a second for 30 s, past the key cache's lifetime
		if i%100 == 0 {
			advance(time.Second)
		}
		cred := "ll_invalid_" + itoa(int64(i))
		if i%2 == 1 {
			cred = forged
		}
		codes[status(cred)]++
		if i%300 == 0 {
			for what, cred := range signed {
				assert.Equal(t, 200, status(cred), "%s during the flood (request %d)", what, i)
			}
		}
	}
	t.Logf("the flood's answers: %v; lookups it caused: %d", codes, keys.count()-before)
	assert.Equal(t, 429, status(operatorKey), "a key the server did not sign, no longer cached, from the flooding address")
	for what, cred := range signed {
		assert.Equal(t, 200, status(cred), "%s once the key cache expired", what)
	}
	assert.GreaterOrEqual(t, codes[429], 2900, "the flood is cut after its burst")
	// The flood's own lookups are its burst and one per second of refill at most, and
	// the signed credentials' few: each is looked up once per cache lifetime.
	assert.Less(t, keys.count()-before, 20+30+10, "the flood's lookups")

	lookups := keys.count()
	for range 50 {
		assert.Equal(t, 401, status(revokedSecret))
	}
	assert.Equal(t, 1, keys.count()-lookups, "a revoked signed key is looked up once per cache lifetime")
}

// TestGuestsWorkAsGuests: a guest's token is guests' work for the simulator's admission,
// a learner token an app minted learners'.
func TestGuestsWorkAsGuests(t *testing.T) {
	assert.Equal(t, quiz.WorkGuest, workOf(quiz.Principal{Role: quiz.RoleLearner, Guest: true}))
	assert.Equal(t, quiz.WorkLearner, workOf(quiz.Principal{Role: quiz.RoleLearner, KeyID: 3}))
	assert.Equal(t, quiz.WorkLearner, workOf(quiz.Principal{Role: quiz.RoleApp, KeyID: 3}))
	assert.Equal(t, quiz.WorkInstructor, workOf(quiz.Principal{Role: quiz.RoleInstructor, KeyID: 3}))
}
