package engine

import (
	"math/bits"
	"sync"
	"unsafe"
)

// arena is a runtime's memory allocator: size-class free lists carved from chunks of
// memory that return to a process-wide pool when the runtime closes, so a run costs no
// system call and its whole heap goes back at once, leaked references included.
//
// Every block has a 16-byte header holding its size class (or, for a large block, its
// size), and is 16-byte aligned like malloc's.
type arena struct {
	chunks [][]byte            // the chunks this arena took from the pool
	cur    []byte              // the unused rest of the current chunk
	free   [numClasses]uintptr // free lists by size class (a block's first word links)
	large  map[uintptr][]byte  // blocks bigger than the largest class, by address
}

const (
	headerSize = 16
	chunkSize  = 256 << 10
	// classes: 16, 32, 48, ... 256 by 16, then powers of two up to maxClassSize.
	maxClassSize = 32 << 10
	numClasses   = 16 + 7 // 16..256 by 16, then 512 .. 32K
)

// classOf returns the size class of a block of n usable bytes and the class's size.
func classOf(n int) (int, int) {
	if n <= 256 {
		c := (n + 15) / 16
		if c == 0 {
			c = 1
		}
		return c - 1, c * 16
	}
	shift := bits.Len(uint(n - 1)) // 2^shift >= n
	return 16 + shift - 9, 1 << shift
}

func classSize(c int) int {
	if c < 16 {
		return (c + 1) * 16
	}
	return 1 << (c - 16 + 9)
}

// chunkPool holds chunks between runs; it keeps at most maxPooledChunks.
var chunkPool struct {
	sync.Mutex
	chunks [][]byte
}

const maxPooledChunks = 256 // 64 MiB

func takeChunk() []byte {
	chunkPool.Lock()
	defer chunkPool.Unlock()
	if n := len(chunkPool.chunks); n > 0 {
		c := chunkPool.chunks[n-1]
		chunkPool.chunks = chunkPool.chunks[:n-1]
		return c
	}
	return make([]byte, chunkSize)
}

func giveChunks(cs [][]byte) {
	chunkPool.Lock()
	defer chunkPool.Unlock()
	for _, c := range cs {
		if len(chunkPool.chunks) >= maxPooledChunks {
			return
		}
		chunkPool.chunks = append(chunkPool.chunks, c)
	}
}

func addr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// malloc returns a block of at least n bytes (0 when n is impossible).
func (a *arena) malloc(n int) uintptr {
	if n > maxClassSize {
		b := make([]byte, n+headerSize)
		p := addr(b) + headerSize
		if a.large == nil {
			a.large = map[uintptr][]byte{}
		}
		a.large[p] = b
		*at[int64](p - headerSize) = -int64(n) // a large block: its size, negated
		return p
	}
	c, size := classOf(n)
	if p := a.free[c]; p != 0 {
		a.free[c] = *at[uintptr](p)
		return p
	}
	need := size + headerSize
	if len(a.cur) < need {
		chunk := takeChunk()
		a.chunks = append(a.chunks, chunk)
		a.cur = chunk
	}
	p := addr(a.cur) + headerSize
	a.cur = a.cur[need:]
	*at[int64](p - headerSize) = int64(c)
	return p
}

// usable returns the usable size of a block.
func usable(p uintptr) int {
	h := *at[int64](p - headerSize)
	if h < 0 {
		return int(-h)
	}
	return classSize(int(h))
}

// release gives a block back.
func (a *arena) release(p uintptr) {
	h := *at[int64](p - headerSize)
	if h < 0 {
		delete(a.large, p)
		return
	}
	*at[uintptr](p) = a.free[h]
	a.free[h] = p
}

// close gives the chunks back to the pool. Nothing of the arena may be used afterwards.
func (a *arena) close() {
	giveChunks(a.chunks)
	*a = arena{}
}
