package sim

import (
	"bytes"
	"encoding/hex"
	"testing"

	"golang.org/x/crypto/argon2"
)

// TestArgon2 checks argon2Key against RFC 9106's test vectors (section 5: every input
// set, the secret and the associated data too), against tags real Node 24.18.0 derived
// (crypto.argon2Sync), and against golang.org/x/crypto/argon2 where that takes the inputs.
func TestArgon2(t *testing.T) {
	rep := func(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }
	cases := []struct {
		typ                    int
		msg, nonce, secret, ad []byte
		p, tag, m, passes      uint32
		want                   string
	}{
		// RFC 9106 5.1-5.3
		{argon2d, rep(1, 32), rep(2, 16), rep(3, 8), rep(4, 12), 4, 32, 32, 3, "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"},
		{argon2i, rep(1, 32), rep(2, 16), rep(3, 8), rep(4, 12), 4, 32, 32, 3, "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"},
		{argon2id, rep(1, 32), rep(2, 16), rep(3, 8), rep(4, 12), 4, 32, 32, 3, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"},
		// Node 24.18.0: crypto.argon2Sync (see x1940): a tag longer than 64 bytes, a memory
		// that is not a multiple of 4p, one pass, argon2d with a secret.
		{argon2id, []byte("password"), []byte("somesalt"), nil, nil, 1, 72, 64, 2, nodeArgon2Tag72},
		{argon2i, []byte("password"), []byte("saltsaltsalt"), nil, []byte("context"), 3, 16, 50, 1, nodeArgon2TagOdd},
		{argon2d, []byte(""), []byte("12345678"), []byte("pepper"), nil, 2, 4, 16, 4, nodeArgon2TagD},
	}
	for i, c := range cases {
		got := hex.EncodeToString(argon2Key(c.typ, c.msg, c.nonce, c.secret, c.ad, c.p, c.tag, c.m, c.passes, nil))
		if got != c.want {
			t.Errorf("case %d: %s, want %s", i, got, c.want)
		}
	}
	// x/crypto takes the message, the nonce, the passes, the memory, the lanes and the
	// length of argon2i and argon2id.
	for _, m := range []uint32{16, 64, 1000} {
		pw, salt := []byte("a password"), []byte("a long enough salt")
		if got, want := argon2Key(argon2id, pw, salt, nil, nil, 2, 40, m, 3, nil), argon2.IDKey(pw, salt, 3, m, 2, 40); !bytes.Equal(got, want) {
			t.Errorf("argon2id m=%d: %x, x/crypto %x", m, got, want)
		}
		if got, want := argon2Key(argon2i, pw, salt, nil, nil, 1, 100, m, 2, nil), argon2.Key(pw, salt, 2, m, 1, 100); !bytes.Equal(got, want) {
			t.Errorf("argon2i m=%d: %x, x/crypto %x", m, got, want)
		}
	}
}

// Tags real Node 24.18.0 derived (crypto.argon2Sync with TestArgon2's inputs).
const (
	nodeArgon2Tag72  = "97cfe769481bacc25a252d8b071c509d20709e1ff3970d1f398784db99ba89f40832487487c0ba6ccdaaabeeccbad42aaaad11ad830edc5c1b9450b6a8d8f0d28cda3fb6e6647599"
	nodeArgon2TagOdd = "7223a0167a5b899ad6e3f026d5e5dd44"
	nodeArgon2TagD   = "905cd304"
)
