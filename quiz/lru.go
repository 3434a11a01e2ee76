package quiz

import (
	"container/list"
	"sync"
)

// lru is a least-recently-used cache bounded both by its number of entries and by the
// bytes its entries are charged (an estimate of the memory each holds). An entry
// charged more than an eighth of the byte bound is not kept. It is safe for concurrent
// use.
type lru[V any] struct {
	mu       sync.Mutex // guards ll, items and used
	entries  int
	maxBytes int64
	used     int64
	ll       *list.List
	items    map[string]*list.Element
}

type lruEntry[V any] struct {
	key  string
	val  V
	size int64
}

func newLRU[V any](entries int, maxBytes int64) *lru[V] {
	return &lru[V]{entries: max(1, entries), maxBytes: max(1, maxBytes), ll: list.New(), items: map[string]*list.Element{}}
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*lruEntry[V]).val, true
	}
	var zero V
	return zero, false
}

// add keeps val under key, charged size bytes, and evicts the least recently used
// entries until both bounds hold.
func (c *lru[V]) add(key string, val V, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	if size > c.maxBytes/8 {
		return
	}
	c.items[key] = c.ll.PushFront(&lruEntry[V]{key, val, size})
	c.used += size
	for c.ll.Len() > c.entries || c.used > c.maxBytes {
		c.remove(c.ll.Back())
	}
}

// remove drops an entry; c.mu must be held.
func (c *lru[V]) remove(el *list.Element) {
	e := c.ll.Remove(el).(*lruEntry[V])
	delete(c.items, e.key)
	c.used -= e.size
}

// stats returns the number of entries and the bytes they are charged.
func (c *lru[V]) stats() (entries int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len(), c.used
}
