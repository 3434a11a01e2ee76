package sim

import (
	"bytes"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"testing"

	"golang.org/x/crypto/scrypt"
)

// TestKDFInChunks checks the chunked derivations (kdf.go) against Go's own: PBKDF2 with
// keys of several blocks and scrypt at several costs, and that check is called.
func TestKDFInChunks(t *testing.T) {
	for _, c := range []struct {
		h      func() hash.Hash
		iter   int
		keylen int
	}{{sha256.New, 1, 32}, {sha256.New, 3, 100}, {sha1.New, 1000, 41}, {sha512.New, 2, 129}, {sha256.New, 1, 0}} {
		got := make([]byte, c.keylen)
		pbkdf2Into(got, c.h, []byte("password"), []byte("salt"), c.iter, func() {})
		want, err := pbkdf2.Key(c.h, "password", []byte("salt"), c.iter, c.keylen)
		if err != nil {
			want = []byte{} // Go refuses an empty key, Node gives one
		}
		if !bytes.Equal(got, want) {
			t.Errorf("pbkdf2 %d iterations, %d bytes: %x, want %x", c.iter, c.keylen, got, want)
		}
	}
	for _, n := range []int{2, 16, 1024, 16384} {
		checks := 0
		got := make([]byte, 64)
		scryptInto(got, []byte("pw"), []byte("NaCl"), n, func() { checks++ })
		want, _ := scrypt.Key([]byte("pw"), []byte("NaCl"), n, 8, 1, 64)
		if !bytes.Equal(got, want) {
			t.Errorf("scrypt N=%d: %x, want %x", n, got, want)
		}
		if n == 16384 && checks == 0 {
			t.Errorf("scrypt N=%d never checked the budgets", n)
		}
	}
}
