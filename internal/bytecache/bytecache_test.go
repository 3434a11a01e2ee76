package bytecache

import "testing"

// The cache keeps both bounds: entries and bytes; the least recently used leave first, and
// an entry over an eighth of the byte bound is not kept.
func TestBoundedInBytes(t *testing.T) {
	c := New[string, string](100, 800)
	for _, k := range []string{"a", "b", "c", "d"} {
		c.Add(k, k, 100)
	}
	c.Get("a") // a is used again: b is now the oldest
	for _, k := range []string{"e", "f", "g", "h", "i"} {
		c.Add(k, k, 100)
	}
	if n, b := c.Stats(); n != 8 || b != 800 {
		t.Fatalf("stats = %d entries, %d bytes; want 8, 800", n, b)
	}
	if _, ok := c.Get("b"); ok {
		t.Error("b, the least recently used, is still there")
	}
	if _, ok := c.Get("a"); !ok {
		t.Error("a, used again, was evicted")
	}
	c.Add("huge", "x", 101)
	if _, ok := c.Get("huge"); ok {
		t.Error("an entry over an eighth of the bound was kept")
	}
	c.Add("a", "a2", 50) // replacing an entry recounts its size
	if _, b := c.Stats(); b != 750 {
		t.Errorf("after replacing a: %d bytes, want 750", b)
	}
	small := New[string, int](2, 1<<20)
	for i, k := range []string{"x", "y", "z"} {
		small.Add(k, i, 1)
	}
	if n, _ := small.Stats(); n != 2 {
		t.Errorf("entry bound: %d entries, want 2", n)
	}
	unbounded := New[int, int](0, 1<<20)
	for i := range 1000 {
		unbounded.Add(i, i, 1)
	}
	if n, _ := unbounded.Stats(); n != 1000 {
		t.Errorf("no entry bound: %d entries, want 1000", n)
	}
}
