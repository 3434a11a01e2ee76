// Package bytecache is the one rule of the caches that hold simulations and compiled
// programs: a least-recently-used cache bounded by the bytes its entries are charged (an
// estimate of the memory each holds) and, optionally, by their number. An entry charged
// more than an eighth of the byte bound is not kept.
package bytecache

import (
	"container/list"
	"sync"
)

// Cache is a byte-bounded LRU cache. It is safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu       sync.Mutex // guards ll, items and used
	entries  int        // at most this many entries (0: no bound)
	maxBytes int64
	used     int64
	ll       *list.List
	items    map[K]*list.Element
}

type entry[K comparable, V any] struct {
	key  K
	val  V
	size int64
}

// New returns a cache of at most entries entries (0: no bound) charged at most maxBytes.
func New[K comparable, V any](entries int, maxBytes int64) *Cache[K, V] {
	return &Cache[K, V]{entries: max(0, entries), maxBytes: max(1, maxBytes), ll: list.New(), items: map[K]*list.Element{}}
}

// Entries is the cache's bound on its number of entries (0: none).
func (c *Cache[K, V]) Entries() int { return c.entries }

// Get returns the value kept under key, which becomes the most recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*entry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// Add keeps val under key (replacing what was there), charged size bytes, and evicts the
// least recently used entries until both bounds hold.
func (c *Cache[K, V]) Add(key K, val V, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	if size > c.maxBytes/8 {
		return
	}
	c.items[key] = c.ll.PushFront(&entry[K, V]{key, val, size})
	c.used += size
	for (c.entries > 0 && c.ll.Len() > c.entries) || c.used > c.maxBytes {
		c.remove(c.ll.Back())
	}
}

// remove drops an entry; c.mu must be held.
func (c *Cache[K, V]) remove(el *list.Element) {
	e := c.ll.Remove(el).(*entry[K, V])
	delete(c.items, e.key)
	c.used -= e.size
}

// Stats returns the number of entries and the bytes they are charged.
func (c *Cache[K, V]) Stats() (entries int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len(), c.used
}
