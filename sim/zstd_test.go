package sim

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestZstdDecompressAsNode decodes frames real Node 24.18.0 made (testdata/zstd: each
// input in hex and Node's zstdDecompressSync result; zlib.zstdCompressSync of eight
// texts at four settings, each cut short and with single bits flipped) and requires
// Node's result: the output (length and SHA-1) exactly, an error where Node has one, and
// Node's error code but for a few corrupted compressed blocks (where libzstd's decoder
// notices decides between corruption_detected, dstSize_tooSmall and srcSize_wrong).
func TestZstdDecompressAsNode(t *testing.T) {
	raw, err := os.ReadFile("testdata/zstd/node24-decompress.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	bad, codes := 0, 0
	for i, c := range cases {
		in, _ := hex.DecodeString(c[0])
		s := &zstdStream{maxWindow: 1<<27 + 1, leftover: -1}
		out, code := s.decompress(in, true, nil)
		got := ""
		if code != "" {
			got = "err " + strings.Fields(code)[0]
		} else {
			sum := sha1.Sum(out)
			got = fmt.Sprintf("ok %d %s", len(out), hex.EncodeToString(sum[:])[:16])
		}
		switch {
		case got == c[1]:
		case strings.HasPrefix(got, "err ") && strings.HasPrefix(c[1], "err "):
			codes++
			t.Logf("case %d (%d bytes): error %q, Node's %q", i, len(in), got, c[1])
		default:
			bad++
			t.Errorf("case %d (%d bytes): got %q, Node %q", i, len(in), got, c[1])
		}
	}
	if codes > len(cases)/100 {
		t.Errorf("%d of %d errors have another code than Node's", codes, len(cases))
	}
}
