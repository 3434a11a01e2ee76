package quiz_test

import (
	"strings"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLearnerTokens checks the token forms (minted by a key, minted at an LTI launch for
// a link, a guest's): each verifies to its principal until it expires, and any change to it is
// refused.
func TestLearnerTokens(t *testing.T) {
	signer, err := quiz.NewTokenSigner([]byte(strings.Repeat("k", 32)))
	require.NoError(t, err)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	exp := now.Add(time.Hour)
	for tok, want := range map[string]quiz.Principal{
		signer.Mint(7, 3, exp):         {Role: quiz.RoleLearner, LearnerID: 7, KeyID: 3, ExpiresAt: exp},
		signer.MintForLink(7, 12, exp): {Role: quiz.RoleLearner, LearnerID: 7, LinkID: 12, ExpiresAt: exp},
		signer.MintGuest(7, exp):       {Role: quiz.RoleLearner, LearnerID: 7, ExpiresAt: exp, Guest: true},
	} {
		got, err := signer.Verify(tok, now)
		require.NoError(t, err, tok)
		assert.Equal(t, want, got)
		_, err = signer.Verify(tok, exp)
		assert.Equal(t, quiz.EUNAUTHORIZED, quiz.ErrorCode(err), "expired")
		parts := strings.Split(tok, ".")
		parts[1] = "8" // another learner, same signature
		_, err = signer.Verify(strings.Join(parts, "."), now)
		assert.Equal(t, quiz.EUNAUTHORIZED, quiz.ErrorCode(err), "tampered")
	}
	linked := signer.MintForLink(7, 12, exp)
	i := strings.LastIndexByte(linked, '.')
	unlinked := linked[:strings.LastIndexByte(linked[:i], '.')] + linked[i:] // the link dropped, the old signature kept
	_, err = signer.Verify(unlinked, now)
	assert.Equal(t, quiz.EUNAUTHORIZED, quiz.ErrorCode(err), "a launch token cannot lose its link")
}

// TestSignedKeys: the keys a signer makes carry its signature; a guess, a changed key
// and a key made under another secret do not.
func TestSignedKeys(t *testing.T) {
	signer, err := quiz.NewTokenSigner([]byte(strings.Repeat("k", 32)))
	require.NoError(t, err)
	other, err := quiz.NewTokenSigner([]byte(strings.Repeat("o", 32)))
	require.NoError(t, err)
	key := signer.NewKeySecret()
	assert.True(t, strings.HasPrefix(key, "ll_"), key)
	assert.NotEqual(t, key, signer.NewKeySecret(), "random")
	assert.True(t, signer.KeySigned(key))
	assert.False(t, other.KeySigned(key), "another secret")
	body, tag, _ := strings.Cut(key, ".")
	changed := []byte(body)
	changed[10] ^= 1 // another base64url letter
	for _, bad := range []string{"", "ll_", "ll_invalid", body, body + ".", "x" + key[1:], string(changed) + "." + tag,
		signer.Mint(1, 1, time.Now().Add(time.Hour))} {
		assert.False(t, signer.KeySigned(bad), bad)
	}
}
