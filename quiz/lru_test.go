package quiz

import "testing"

// The LRU keeps both bounds: entries and bytes; the least recently used leave first, and
// an entry over an eighth of the byte bound is not kept.
func TestLRUBoundedInBytes(t *testing.T) {
	c := newLRU[string](100, 800)
	for _, k := range []string{"a", "b", "c", "d"} {
		c.add(k, k, 100)
	}
	c.get("a") // a is used again: b is now the oldest
	for _, k := range []string{"e", "f", "g", "h", "i"} {
		c.add(k, k, 100)
	}
	if n, b := c.stats(); n != 8 || b != 800 {
		t.Fatalf("stats = %d entries, %d bytes; want 8, 800", n, b)
	}
	if _, ok := c.get("b"); ok {
		t.Error("b, the least recently used, is still there")
	}
	if _, ok := c.get("a"); !ok {
		t.Error("a, used again, was evicted")
	}
	c.add("huge", "x", 101)
	if _, ok := c.get("huge"); ok {
		t.Error("an entry over an eighth of the bound was kept")
	}
	c.add("a", "a2", 50) // replacing an entry recounts its size
	if _, b := c.stats(); b != 750 {
		t.Errorf("after replacing a: %d bytes, want 750", b)
	}
	small := newLRU[int](2, 1<<20)
	for i, k := range []string{"x", "y", "z"} {
		small.add(k, i, 1)
	}
	if n, _ := small.stats(); n != 2 {
		t.Errorf("entry bound: %d entries, want 2", n)
	}
}
