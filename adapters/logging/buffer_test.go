package logging

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"social/config"
)

// countingWriter records what reaches it and in how many writes.
type countingWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes++
	return c.buf.Write(p)
}

func (c *countingWriter) read() (string, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String(), c.writes
}

func testConfig() *config.Config {
	cfg := &config.Config{}
	cfg.Log.Level, cfg.Log.Format = "info", "text"
	return cfg
}

func TestBufferedLoggerBatchesInfoLinesAndFlushesWarningsAtOnce(t *testing.T) {
	out := &countingWriter{}
	logger, logs := NewBuffered(testConfig(), out, time.Hour)
	defer logs.Close()

	for i := range 100 {
		logger.Info("http request", "n", i)
	}
	if text, writes := out.read(); writes != 0 || text != "" {
		t.Fatalf("info lines reached the writer before a flush: %d writes", writes)
	}
	logger.With("request_id", "r1").Warn("slow query")
	text, writes := out.read()
	if writes != 1 {
		t.Fatalf("a warning and the 100 lines before it took %d writes, want 1", writes)
	}
	if got := strings.Count(text, "\n"); got != 101 {
		t.Fatalf("%d lines written, want 101", got)
	}
	if !strings.HasSuffix(text, "level=WARN msg=\"slow query\" request_id=r1\n") {
		t.Fatalf("the warning is not the last line: %q", text[strings.LastIndex(text[:len(text)-1], "\n")+1:])
	}
}

func TestBufferFlushesOnItsIntervalAndWhenFull(t *testing.T) {
	out := &countingWriter{}
	logs := NewBuffer(out, 20*time.Millisecond)
	defer logs.Close()
	fmt.Fprintln(logs, "one line")
	deadline := time.Now().Add(5 * time.Second)
	for {
		if text, _ := out.read(); text == "one line\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a buffered line was not written within 5 s of a 20 ms interval")
		}
		time.Sleep(5 * time.Millisecond)
	}

	full := NewBuffer(&countingWriter{}, time.Hour)
	defer full.Close()
	line := strings.Repeat("x", 1023) + "\n"
	for range maxBuffered / len(line) {
		fmt.Fprint(full, line)
	}
	if text, writes := full.w.(*countingWriter).read(); writes != 1 || len(text) != maxBuffered {
		t.Fatalf("a full buffer was written in %d writes, %d bytes; want 1 write of %d", writes, len(text), maxBuffered)
	}
}

func TestBufferCloseWritesWhatWaitsAndLaterLinesGoStraightThrough(t *testing.T) {
	out := &countingWriter{}
	logs := NewBuffer(out, time.Hour)
	fmt.Fprintln(logs, "shutting down")
	if err := logs.Close(); err != nil {
		t.Fatal(err)
	}
	if text, _ := out.read(); text != "shutting down\n" {
		t.Fatalf("Close left %q", text)
	}
	fmt.Fprintln(logs, "stopped")
	if text, _ := out.read(); text != "shutting down\nstopped\n" {
		t.Fatalf("a line after Close was not written at once: %q", text)
	}
	if err := logs.Close(); err != nil {
		t.Fatal("a second Close:", err)
	}
}

func TestBufferedLinesStayWholeUnderConcurrentWriters(t *testing.T) {
	out := &countingWriter{}
	logger, logs := NewBuffered(testConfig(), out, time.Millisecond)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 500 {
				logger.LogAttrs(t.Context(), slog.LevelInfo, "line", slog.Int("writer", w), slog.Int("i", i))
			}
		})
	}
	wg.Wait()
	if err := logs.Close(); err != nil {
		t.Fatal(err)
	}
	text, _ := out.read()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 8*500 {
		t.Fatalf("%d lines, want %d", len(lines), 8*500)
	}
	for _, l := range lines {
		if !strings.Contains(l, "level=INFO msg=line writer=") || strings.Count(l, "time=") != 1 {
			t.Fatalf("a torn line: %q", l)
		}
	}
}
