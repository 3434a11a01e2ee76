package inspect

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// ansi is Node's regular expression for VT control sequences (from chalk/ansi-regex,
// MIT, Sindre Sorhus), which getStringWidth strips.
var ansi = regexp.MustCompile("[\\x{1B}\\x{9B}][[\\]()#;?]*" +
	"(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*" +
	"|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?" +
	"(?:\\x{07}|\\x{1B}\\x{5C}|\\x{9C}))" +
	"|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?" +
	"[\\dA-PR-TZcf-nq-uy=><~]))")

// nodeStringWidth is Node's getStringWidth (with ICU): the columns s takes in a
// terminal. Without VT control sequences when removeControlChars; ASCII counts one
// column (control characters none); from the first other character on, the
// NFC-normalized rest counts ICU's width of each code point.
func nodeStringWidth(s string, removeControlChars bool) int {
	if removeControlChars && strings.ContainsAny(s, "\x1b\u009b") {
		s = ansi.ReplaceAllString(s, "")
	}
	w := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 127 {
			return w + stringWidth(norm.NFC.String(s[i:]))
		}
		if c >= 32 {
			w++
		}
	}
	return w
}

// widthRange gives the display width of the code points lo..hi.
type widthRange struct {
	lo, hi rune
	width  int8
}

// runeWidth is the columns a code point takes, as Node's ICU getStringWidth counts it
// (widths_table.go holds every code point whose width is not 1).
func runeWidth(r rune) int {
	i := sort.Search(len(widthRanges), func(i int) bool { return widthRanges[i].hi >= r })
	if i < len(widthRanges) && widthRanges[i].lo <= r {
		return int(widthRanges[i].width)
	}
	return 1
}

// stringWidth is the sum of the widths of s's code points, as ICU's getStringWidth sums
// them.
// Lone surrogates, which the engine hands over as 3-byte sequences, count as the
// surrogate code point.
func stringWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			r, size = surrogate(s[i:])
		}
		w += runeWidth(r)
		i += size
	}
	return w
}

// surrogate decodes a lone surrogate encoded as UTF-8 would encode its code point
// (ED A0..BF 80..BF); anything else is one invalid byte.
func surrogate(s string) (rune, int) {
	if len(s) >= 3 && s[0] == 0xED && s[1]&0xE0 == 0xA0 && s[2]&0xC0 == 0x80 {
		return 0xD000 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	}
	return utf8.RuneError, 1
}
