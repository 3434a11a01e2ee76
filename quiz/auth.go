package quiz

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Role is what an API key may do.
type Role string

// The roles. RoleLearner is never stored on a key: it is the role of a learner token.
const (
	RoleAdmin      Role = "admin"
	RoleInstructor Role = "instructor"
	RoleApp        Role = "app"
	RoleLearner    Role = "learner"
)

// ParseRole returns the key role of a name, or EINVALID.
func ParseRole(s string) (Role, error) {
	switch r := Role(s); r {
	case RoleAdmin, RoleInstructor, RoleApp:
		return r, nil
	}
	return "", &Error{Code: EINVALID, Message: "Unknown role.",
		Fields: []FieldError{{Field: "role", Message: "must be admin, instructor or app"}}}
}

// APIKey is a stored API key. The secret itself is never stored, only its SHA-256.
type APIKey struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	Role      Role       `json:"role"`
	Hash      []byte     `json:"-"`
	CreatedAt time.Time  `json:"created_at"`
	RevokedAt *time.Time `json:"revoked_at"` // nil while the key is active
}

// KeyFilter selects keys, by id ascending after After.
type KeyFilter struct {
	After int64
	Limit int
}

// KeyService stores API keys.
type KeyService interface {
	// CreateKey stores k (its Hash set) and sets its ID and CreatedAt.
	CreateKey(ctx context.Context, k *APIKey) error
	// FindKeyByHash returns the active key whose hash prefix matches and whose full hash
	// equals hash, compared in constant time. EUNAUTHORIZED if there is none.
	FindKeyByHash(ctx context.Context, hash []byte) (*APIKey, error)
	// FindKeyByID returns a key, active or revoked; ENOTFOUND if there is none.
	FindKeyByID(ctx context.Context, id int64) (*APIKey, error)
	// FindKeys returns at most f.Limit keys, revoked ones included.
	FindKeys(ctx context.Context, f KeyFilter) ([]*APIKey, error)
	// RevokeKey revokes a key and returns it; revoking a revoked key changes nothing.
	// ENOTFOUND if there is no such key; ECONFLICT for the last active admin key.
	RevokeKey(ctx context.Context, id int64) (*APIKey, error)
	// CountKeys counts the active keys of a role.
	CountKeys(ctx context.Context, role Role) (int, error)
}

// HashKey returns the SHA-256 of a key secret.
func HashKey(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// HashPrefix is the indexed, non-secret part of a key hash used to find its row.
func HashPrefix(hash []byte) string { return hex.EncodeToString(hash[:6]) }

// SameHash compares two hashes in constant time.
func SameHash(a, b []byte) bool { return subtle.ConstantTimeCompare(a, b) == 1 }

// Principal is who makes a request: an API key with its role, or a learner token.
type Principal struct {
	Role      Role
	KeyID     int64 // the API key, or the key that minted the learner token
	LearnerID int64 // set for learner tokens only
	// LinkID is the LTI resource link a launch token was minted for (0: none): the
	// grades of the attempts made with it go to that link's gradebook only.
	LinkID int64
	// ClassID is the class whose join minted the learner token (0: none): a class's
	// learner, who renews the token itself (POST /v1/learners/{id}/tokens).
	ClassID int64
	// ExpiresAt is when a learner token stops being valid (zero for API keys).
	ExpiresAt time.Time
	// Guest is set for a guest's token (a learner anyone may make, POST /v1/guests):
	// its simulations are guests' work (WorkGuest), below signed-in learners'.
	Guest bool
}

// Scope names the principal for rate limits and idempotency keys.
func (p Principal) Scope() string {
	if p.Role == RoleLearner {
		return "learner:" + strconv.FormatInt(p.LearnerID, 10)
	}
	return "key:" + strconv.FormatInt(p.KeyID, 10)
}

func (p Principal) is(roles ...Role) bool {
	for _, r := range roles {
		if p.Role == r {
			return true
		}
	}
	return false
}

func forbidden() error { return Errorf(EFORBIDDEN, "Your credentials do not allow this.") }

// CanManageKeys allows admins only.
func (p Principal) CanManageKeys() error {
	if !p.is(RoleAdmin) {
		return forbidden()
	}
	return nil
}

// CanCreateLearners allows admins and apps (which also mint learner tokens).
func (p Principal) CanCreateLearners() error {
	if !p.is(RoleAdmin, RoleApp) {
		return forbidden()
	}
	return nil
}

// CanListLearners allows staff (admin, app, instructor).
func (p Principal) CanListLearners() error {
	if p.Role == RoleLearner {
		return forbidden()
	}
	return nil
}

// CanReadLearner allows staff, and a learner themself. Another learner's data does not
// exist for a learner (ENOTFOUND), so its existence is not revealed.
func (p Principal) CanReadLearner(id int64) error {
	if p.Role == RoleLearner && p.LearnerID != id {
		return Errorf(ENOTFOUND, "Learner %d not found.", id)
	}
	return nil
}

// CanActAs allows submitting answers and fetching variants for a learner: admins and
// apps for anyone, a learner for themself.
func (p Principal) CanActAs(learnerID int64) error {
	switch {
	case p.is(RoleAdmin, RoleApp):
		return nil
	case p.Role == RoleLearner && p.LearnerID == learnerID:
		return nil
	}
	return forbidden()
}

// CanAuthor allows creating questions: admins and instructors.
func (p Principal) CanAuthor() error {
	if !p.is(RoleAdmin, RoleInstructor) {
		return forbidden()
	}
	return nil
}

// CanEdit allows changing a question: admins any, an instructor only their own.
func (p Principal) CanEdit(q *Question) error {
	switch {
	case p.Role == RoleAdmin:
		return nil
	case p.Role == RoleInstructor && !q.Bank && q.OwnerID == p.KeyID:
		return nil
	}
	return forbidden()
}

// Owns reports whether p sees a question's working copy and authoring fields.
func (p Principal) Owns(q *Question) bool {
	return p.Role == RoleAdmin || p.Role == RoleInstructor && !q.Bank && q.OwnerID == p.KeyID
}

// CanSee reports whether a question exists for p: published ones for everybody, the
// others for their owner and admins, a deleted one for nobody.
func (p Principal) CanSee(q *Question) bool {
	return q.Status == StatusPublished || q.Status != StatusDeleted && p.Owns(q)
}

// TokenSigner mints and verifies learner tokens: "lt1.<learner>.<key>.<expiry>.<mac>",
// HMAC-SHA256 over the parts before it; a token minted at an LTI launch adds the link:
// "lt1.<learner>.0.<expiry>.<link>.<mac>", a guest's token the mark g:
// "lt1.<learner>.0.<expiry>.g.<mac>", and one minted by joining a class the link 0 and
// the class: "lt1.<learner>.0.<expiry>.0.<class>.<mac>". It also signs the API keys it
// makes (NewKeySecret), so that a server tells a key it made from a guess without a lookup.
type TokenSigner struct {
	secret []byte
}

// NewTokenSigner returns a signer with the secret (at least 32 bytes).
func NewTokenSigner(secret []byte) (*TokenSigner, error) {
	if len(secret) < 32 {
		return nil, fmt.Errorf("token secret must be at least 32 bytes")
	}
	return &TokenSigner{secret: secret}, nil
}

// IsToken reports whether a bearer credential looks like a learner token.
func IsToken(s string) bool { return strings.HasPrefix(s, "lt1.") }

// Mint returns a token for the learner, minted by key, expiring at exp.
func (t *TokenSigner) Mint(learnerID, keyID int64, exp time.Time) string {
	body := fmt.Sprintf("lt1.%d.%d.%d", learnerID, keyID, exp.Unix())
	return body + "." + t.mac(body)
}

// MintForLink returns a token for the learner launched from the LTI resource link
// linkID (the tool minted it: no key), expiring at exp.
func (t *TokenSigner) MintForLink(learnerID, linkID int64, exp time.Time) string {
	body := fmt.Sprintf("lt1.%d.0.%d.%d", learnerID, exp.Unix(), linkID)
	return body + "." + t.mac(body)
}

// MintGuest returns a token for the guest learnerID (the server mints it, no key),
// expiring at exp.
func (t *TokenSigner) MintGuest(learnerID int64, exp time.Time) string {
	body := fmt.Sprintf("lt1.%d.0.%d.g", learnerID, exp.Unix())
	return body + "." + t.mac(body)
}

// MintForClass returns a token for a learner of class classID (minted when they join or
// renew it: no key), expiring at exp.
func (t *TokenSigner) MintForClass(learnerID, classID int64, exp time.Time) string {
	body := fmt.Sprintf("lt1.%d.0.%d.0.%d", learnerID, exp.Unix(), classID)
	return body + "." + t.mac(body)
}

func (t *TokenSigner) mac(body string) string {
	m := hmac.New(sha256.New, t.secret)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify returns the learner principal of a token, or EUNAUTHORIZED when it is malformed,
// forged or expired at now.
func (t *TokenSigner) Verify(token string, now time.Time) (Principal, error) {
	bad := Errorf(EUNAUTHORIZED, "The learner token is invalid or expired.")
	i := strings.LastIndexByte(token, '.')
	if i < 0 || !hmac.Equal([]byte(token[i+1:]), []byte(t.mac(token[:i]))) {
		return Principal{}, bad
	}
	parts := strings.Split(token[:i], ".")
	if len(parts) < 4 || len(parts) > 6 {
		return Principal{}, bad
	}
	guest := len(parts) == 5 && parts[4] == "g"
	if guest {
		parts = parts[:4]
	}
	nums := make([]int64, 6) // lt1, learner, key, expiry, link, class
	for j := 1; j < len(parts); j++ {
		n, err := strconv.ParseInt(parts[j], 10, 64)
		if err != nil {
			return Principal{}, bad
		}
		nums[j] = n
	}
	if now.Unix() >= nums[3] {
		return Principal{}, bad
	}
	return Principal{Role: RoleLearner, KeyID: nums[2], LearnerID: nums[1], LinkID: nums[4], ClassID: nums[5],
		ExpiresAt: time.Unix(nums[3], 0).UTC(), Guest: guest}, nil
}

// keyPrefix starts every API key; a key this package makes is "ll_", 32 random bytes,
// ".", and keyTagLen bytes of its signature, each base64url. Keys of other shapes (the
// operator's LOOPLAB_ADMIN_KEY, keys made before signatures or under another secret)
// stay valid: they are only looked up.
const (
	keyPrefix = "ll_"
	keyTagLen = 12
)

// NewKeySecret returns a fresh random API key, signed (KeySigned).
func (t *TokenSigner) NewKeySecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	body := keyPrefix + base64.RawURLEncoding.EncodeToString(b[:])
	return body + "." + t.keyTag(body)
}

// KeySigned reports whether secret is a key this signer's secret made: such a key is
// worth a database lookup whoever sends it, where a guess is refused by the signature
// alone. It does not say the key is active.
func (t *TokenSigner) KeySigned(secret string) bool {
	body, tag, ok := strings.Cut(secret, ".")
	return ok && strings.HasPrefix(body, keyPrefix) && hmac.Equal([]byte(tag), []byte(t.keyTag(body)))
}

// keyTag is the signature of a key's body: HMAC-SHA256 under the token secret, apart
// from the tokens' by its label, cut to keyTagLen bytes.
func (t *TokenSigner) keyTag(body string) string {
	m := hmac.New(sha256.New, t.secret)
	m.Write([]byte("api key\x00" + body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:keyTagLen])
}
