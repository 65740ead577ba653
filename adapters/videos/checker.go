package videos

import (
	"context"
	"errors"
	"fmt"
	"io"

	"social/core/ports"
)

// Defaults of Options.
const (
	// DefaultMaxDepth is deeper than any real file nests the boxes or
	// elements that are walked (moov/trak/mdia/minf/stbl is five).
	DefaultMaxDepth = 12
	// DefaultMaxElements is well above a 50 MB WebM of short audio frames
	// (a few hundred thousand blocks) and reached by a hostile file of
	// two-byte elements in well under a second.
	DefaultMaxElements = 2_000_000
)

// Options bounds the work one file may cost.
type Options struct {
	MaxDepth    int
	MaxElements int
}

// Checker is the ports.VideoChecker.
type Checker struct {
	maxDepth, maxElements int
}

var _ ports.VideoChecker = (*Checker)(nil)

// New makes a Checker; zero options take the defaults.
func New(opts Options) *Checker {
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	if opts.MaxElements <= 0 {
		opts.MaxElements = DefaultMaxElements
	}
	return &Checker{maxDepth: opts.MaxDepth, maxElements: opts.MaxElements}
}

// Check walks r as format. The file's size is where r ends, whatever a
// caller may have been told.
func (c *Checker) Check(ctx context.Context, r io.ReadSeeker, format ports.VideoFormat) error {
	size, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return fmt.Errorf("size of the video: %w", err)
	}
	w := &walk{ctx: ctx, src: newSource(r, size), size: size, format: format,
		maxDepth: c.maxDepth, budget: c.maxElements}
	switch format {
	case ports.VideoMP4:
		err = w.mp4()
	case ports.VideoWebM:
		err = w.webm()
	case ports.VideoOgg:
		err = w.ogg()
	default:
		return fmt.Errorf("no check for video format %q", format)
	}
	return err
}

// walk is one check's state: where the bytes come from and what is left
// of its budget.
type walk struct {
	ctx      context.Context
	src      *source
	size     int64
	format   ports.VideoFormat
	maxDepth int
	budget   int
	ticks    int
	// tables are the windows of the sample tables read side by side.
	tables [3]*source
}

// malformed is a refusal at byte off of the file.
func (w *walk) malformed(off int64, format string, args ...any) error {
	return fmt.Errorf("%s at byte %d: %s: %w", w.format, off, fmt.Sprintf(format, args...), ports.ErrVideoMalformed)
}

// visit counts one element against the budget, and lets a cancelled
// request stop the walk.
func (w *walk) visit(off int64) error {
	w.budget--
	if w.budget < 0 {
		return w.malformed(off, "more elements than the limit")
	}
	if w.budget%4096 == 0 {
		if err := w.ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// tick lets a cancelled request stop a loop over table entries, whose
// count the file's size already bounds.
func (w *walk) tick() error {
	w.ticks++
	if w.ticks%(1<<16) == 0 {
		return w.ctx.Err()
	}
	return nil
}

// tableSource is the i-th extra window, made once per check and kept: the
// file does not change under it.
func (w *walk) tableSource(i int) *source {
	if w.tables[i] == nil {
		w.tables[i] = newSource(w.src.r, w.size)
	}
	return w.tables[i]
}

// deeper refuses a nesting past the limit.
func (w *walk) deeper(off int64, depth int) error {
	if depth > w.maxDepth {
		return w.malformed(off, "nested deeper than %d", w.maxDepth)
	}
	return nil
}

// bytes answers the n bytes at off, refusing them when they run past end
// (a parent's end or the file's). The slice is valid until the next read.
func (w *walk) bytes(off int64, n int, end int64, what string) ([]byte, error) {
	if n < 0 || off < 0 || off > end || int64(n) > end-off {
		return nil, w.malformed(off, "%s cut short (%d bytes needed, %d left)", what, n, max(end-off, 0))
	}
	return w.src.at(off, n)
}

// windowSize is how many bytes one read brings in: headers that follow
// each other closely (WebM blocks, Ogg pages) cost no system call each.
const windowSize = 64 << 10

// source reads a file at given offsets through one small window.
type source struct {
	r     io.ReadSeeker
	size  int64
	buf   []byte
	win   []byte // the bytes at [start, start+len(win))
	start int64
}

func newSource(r io.ReadSeeker, size int64) *source {
	return &source{r: r, size: size, buf: make([]byte, windowSize)}
}

// at answers the n bytes (n <= windowSize, all inside the file) at off.
func (s *source) at(off int64, n int) ([]byte, error) {
	if n > windowSize {
		return nil, fmt.Errorf("read of %d bytes is over the window", n)
	}
	if off >= s.start && off+int64(n) <= s.start+int64(len(s.win)) {
		i := off - s.start
		return s.win[i : i+int64(n)], nil
	}
	if _, err := s.r.Seek(off, io.SeekStart); err != nil {
		return nil, fmt.Errorf("seek to %d: %w", off, err)
	}
	want := int(min(int64(len(s.buf)), s.size-off))
	got, err := io.ReadFull(s.r, s.buf[:want])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("read at %d: %w", off, err)
	}
	s.win, s.start = s.buf[:got], off
	if got < n {
		return nil, fmt.Errorf("read at %d: the file is shorter than its %d bytes: %w", off, s.size, io.ErrUnexpectedEOF)
	}
	return s.win[:n], nil
}
