// Package output collects what a child process writes, for tests that
// print it when they fail.
package output

import (
	"bytes"
	"sync"
)

// Buffer is an io.Writer safe for a process's stdout and stderr at once
// and for reading while they still write.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
