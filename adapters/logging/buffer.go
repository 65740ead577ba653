package logging

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"

	"social/config"
)

// Buffer gathers log lines and writes them in batches: at most every
// interval, at once when maxBuffered bytes are waiting, and on Flush and
// Close. A server logs a line per request; written one by one, those
// lines cost a system call each, as many as the answers themselves.
//
// Lines are whole when they reach w (each Write is one record). Lines
// still waiting are lost if the process dies without Close, which is why
// Urgent flushes warnings and errors as soon as they are written.
type Buffer struct {
	mu     sync.Mutex
	w      io.Writer
	buf    []byte
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
	closed bool
}

const maxBuffered = 64 << 10

// NewBuffer starts writing to w in batches, every interval.
func NewBuffer(w io.Writer, interval time.Duration) *Buffer {
	b := &Buffer{w: w, buf: make([]byte, 0, maxBuffered), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(interval)
	return b
}

func (b *Buffer) flushEvery(interval time.Duration) {
	defer close(b.done)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-tick.C:
			_ = b.Flush()
		}
	}
}

// Write keeps p for the next batch. It never fails: a log line that cannot
// be written must not fail the request that logged it.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if b.closed || len(b.buf) >= maxBuffered {
		b.flushLocked()
	}
	return len(p), nil
}

// Flush writes what is waiting.
func (b *Buffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.flushLocked()
}

func (b *Buffer) flushLocked() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.w.Write(b.buf)
	b.buf = b.buf[:0]
	return err
}

// Close stops the periodic flush and writes what is waiting; later writes
// go straight through, so the last lines of a shutdown are not lost.
func (b *Buffer) Close() error {
	b.once.Do(func() {
		close(b.stop)
		<-b.done
	})
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	return b.flushLocked()
}

// Urgent wraps h so that a record at level or above is flushed from b as
// soon as it is written: the lines that explain a failure are on disk
// before the failure can take the process down.
func Urgent(h slog.Handler, b *Buffer, level slog.Level) slog.Handler {
	return &urgentHandler{Handler: h, buffer: b, level: level}
}

type urgentHandler struct {
	slog.Handler
	buffer *Buffer
	level  slog.Level
}

func (u *urgentHandler) Handle(ctx context.Context, r slog.Record) error {
	err := u.Handler.Handle(ctx, r)
	if r.Level >= u.level {
		_ = u.buffer.Flush()
	}
	return err
}

func (u *urgentHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &urgentHandler{Handler: u.Handler.WithAttrs(attrs), buffer: u.buffer, level: u.level}
}

func (u *urgentHandler) WithGroup(name string) slog.Handler {
	return &urgentHandler{Handler: u.Handler.WithGroup(name), buffer: u.buffer, level: u.level}
}

// NewBuffered is New writing through a Buffer that flushes every interval
// and at once for warnings and errors. The caller closes the Buffer last.
func NewBuffered(cfg *config.Config, w io.Writer, interval time.Duration) (*slog.Logger, *Buffer) {
	b := NewBuffer(w, interval)
	return slog.New(Urgent(New(cfg, b).Handler(), b, slog.LevelWarn)), b
}
