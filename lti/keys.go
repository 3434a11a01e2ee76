package lti

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"sync"
	"time"
)

// JWK is a public RSA key in JSON Web Key form (RFC 7517).
type JWK struct {
	KTY string `json:"kty"`
	KID string `json:"kid"`
	Use string `json:"use,omitempty"`
	Alg string `json:"alg,omitempty"`
	N   string `json:"n"`
	E   string `json:"e"`
}

// JWKS is a JSON Web Key Set.
type JWKS struct {
	Keys []JWK `json:"keys"`
}

// publicJWK returns the public half of k as a JWK.
func publicJWK(kid string, k *rsa.PublicKey) JWK {
	return JWK{KTY: "RSA", KID: kid, Use: "sig", Alg: "RS256",
		N: base64.RawURLEncoding.EncodeToString(k.N.Bytes()),
		E: base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.E)).Bytes())}
}

// rsaKey parses the public key of a JWK.
func (j JWK) rsaKey() (*rsa.PublicKey, error) {
	if j.KTY != "RSA" {
		return nil, fmt.Errorf("key %q: kty %q is not RSA", j.KID, j.KTY)
	}
	n, err1 := base64.RawURLEncoding.DecodeString(j.N)
	e, err2 := base64.RawURLEncoding.DecodeString(j.E)
	if err1 != nil || err2 != nil || len(n) < 256 || len(e) == 0 || len(e) > 4 {
		return nil, fmt.Errorf("key %q: bad modulus or exponent (RSA keys need at least 2048 bits)", j.KID)
	}
	return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}, nil
}

// NewToolKey generates a 2048-bit RSA key; its kid is derived from the public key
// (RFC 7638-style thumbprint, truncated).
func NewToolKey(now time.Time) (ToolKey, error) {
	priv, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return ToolKey{}, fmt.Errorf("generate tool key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return ToolKey{}, fmt.Errorf("encode tool key: %w", err)
	}
	j := publicJWK("", &priv.PublicKey)
	sum := sha256.Sum256([]byte(`{"e":"` + j.E + `","kty":"RSA","n":"` + j.N + `"}`))
	return ToolKey{
		KID:        base64.RawURLEncoding.EncodeToString(sum[:12]),
		PrivatePEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		CreatedAt:  now.UTC(),
	}, nil
}

func parsePrivate(pemText string) (*rsa.PrivateKey, error) {
	b, _ := pem.Decode([]byte(pemText))
	if b == nil {
		return nil, fmt.Errorf("tool key: not PEM")
	}
	k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		return nil, fmt.Errorf("tool key: %w", err)
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("tool key: not RSA")
	}
	return rk, nil
}

// keyRing caches the tool's parsed keys. The database is the truth: the JWKS reads the
// keys from it at every request, so a key rotated through any process (another replica,
// `looplab lti rotate-key`) is published by every server at once; the signing key is
// read again when the ring is older than a minute (a new key signs only JWKSMaxAge after
// it was made, and the key it replaces stays published). A key is parsed once.
type keyRing struct {
	store   Store
	now     func() time.Time
	overlap time.Duration

	mu     sync.Mutex // guards keys and loaded
	keys   []parsedKey
	loaded time.Time
}

type parsedKey struct {
	kid     string
	priv    *rsa.PrivateKey
	created time.Time
}

// load returns the tool's keys, newest first: from the database when force is set or
// the ring is older than a minute, else as last loaded.
func (r *keyRing) load(ctx context.Context, force bool) ([]parsedKey, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !force && len(r.keys) > 0 && r.now().Sub(r.loaded) < time.Minute {
		return r.keys, nil
	}
	stored, err := r.store.ToolKeys(ctx)
	if err != nil {
		return nil, err
	}
	parsed := make(map[string]parsedKey, len(r.keys))
	for _, k := range r.keys {
		parsed[k.kid] = k
	}
	keys := make([]parsedKey, 0, len(stored))
	for _, k := range stored {
		pk, ok := parsed[k.KID]
		if !ok {
			priv, err := parsePrivate(k.PrivatePEM)
			if err != nil {
				return nil, fmt.Errorf("key %s: %w", k.KID, err)
			}
			pk = parsedKey{k.KID, priv, k.CreatedAt}
		}
		keys = append(keys, pk)
	}
	r.keys, r.loaded = keys, r.now()
	return keys, nil
}

// JWKSMaxAge is how long a platform may cache the tool's JWKS (its Cache-Control).
const JWKSMaxAge = 5 * time.Minute

// signing returns the key that signs now: the newest one published at least JWKSMaxAge
// ago, so that a platform holding a cached JWKS knows it; else (the first key, or keys
// rotated in quick succession) the one published longest.
func (r *keyRing) signing(ctx context.Context) (parsedKey, error) {
	keys, err := r.load(ctx, false)
	if err != nil {
		return parsedKey{}, err
	}
	if len(keys) == 0 {
		return parsedKey{}, fmt.Errorf("lti: the tool has no signing key (EnsureKey was not called)")
	}
	now := r.now()
	for _, k := range keys { // newest first
		if now.Sub(k.created) >= JWKSMaxAge {
			return k, nil
		}
	}
	return keys[len(keys)-1], nil
}

// published returns the keys the JWKS shows: the newest, and each older key whose
// successor started signing less than the overlap ago (platforms may still verify its
// signatures).
func (r *keyRing) published(ctx context.Context) ([]parsedKey, error) {
	keys, err := r.load(ctx, true) // at every request: a rotation elsewhere is published at once
	if err != nil {
		return nil, err
	}
	now := r.now()
	for i := 1; i < len(keys); i++ {
		if now.Sub(keys[i-1].created) > JWKSMaxAge+r.overlap {
			return keys[:i], nil
		}
	}
	return keys, nil
}

// toolKeysLock serialises key rotation across the processes that share the store, so
// replicas starting together make one first key, not one each.
const toolKeysLock = "looplab:lti:tool-keys"

// EnsureKey generates the tool's first key when there is none, or a new one when the
// newest is older than maxAge (0: never by age). It reports whether it made one.
func (t *Tool) EnsureKey(ctx context.Context, maxAge time.Duration) (made bool, err error) {
	err = t.store.WithLock(ctx, toolKeysLock, func(ctx context.Context) error {
		keys, err := t.keys.load(ctx, true)
		if err != nil {
			return err
		}
		if len(keys) > 0 && (maxAge <= 0 || t.now().Sub(keys[0].created) < maxAge) {
			return nil
		}
		_, err = t.rotateKey(ctx)
		made = err == nil
		return err
	})
	return made, err
}

// RotateKey makes a new key. It is published at once and signs once platforms can have
// fetched it (JWKSMaxAge later); until then the previous key signs, and the previous
// keys stay in the JWKS for the overlap after that. It returns the new kid.
func (t *Tool) RotateKey(ctx context.Context) (kid string, err error) {
	err = t.store.WithLock(ctx, toolKeysLock, func(ctx context.Context) error {
		kid, err = t.rotateKey(ctx)
		return err
	})
	return kid, err
}

// rotateKey makes a new key; the caller holds toolKeysLock.
func (t *Tool) rotateKey(ctx context.Context) (string, error) {
	k, err := NewToolKey(t.now())
	if err != nil {
		return "", err
	}
	if err := t.store.AddToolKey(ctx, k); err != nil {
		return "", err
	}
	if _, err := t.keys.load(ctx, true); err != nil {
		return "", err
	}
	return k.KID, nil
}

// SigningKID returns the kid of the key that signs the tool's messages now.
func (t *Tool) SigningKID(ctx context.Context) (string, error) {
	k, err := t.keys.signing(ctx)
	return k.kid, err
}

// JWKS returns the tool's public keys.
func (t *Tool) JWKS(ctx context.Context) (JWKS, error) {
	keys, err := t.keys.published(ctx)
	if err != nil {
		return JWKS{}, err
	}
	out := JWKS{Keys: make([]JWK, len(keys))}
	for i, k := range keys {
		out.Keys[i] = publicJWK(k.kid, &k.priv.PublicKey)
	}
	return out, nil
}
