//go:build !unix

package api

// peekSocket cannot tell on this system: the client is taken to be there.
func peekSocket(uintptr) peekResult { return peekData }
