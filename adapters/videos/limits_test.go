package videos_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"social/adapters/videos"
	vt "social/adapters/videos/videotest"
	"social/core/ports"
)

// virtualFile is a large file of byte runs and runs of zeros, only the
// former held in memory.
type virtualFile struct {
	parts     []filePart
	size, pos int64
}

type filePart struct {
	data  []byte
	zeros int64
}

func (p filePart) len() int64 { return int64(len(p.data)) + p.zeros }

func newVirtualFile(parts ...filePart) *virtualFile {
	f := &virtualFile{parts: parts}
	for _, p := range parts {
		f.size += p.len()
	}
	return f
}

func (f *virtualFile) Read(b []byte) (int, error) {
	if f.pos >= f.size {
		return 0, io.EOF
	}
	start := int64(0)
	for _, p := range f.parts {
		if f.pos < start+p.len() {
			in := f.pos - start
			var n int
			if in < int64(len(p.data)) {
				n = copy(b, p.data[in:])
			} else {
				n = int(min(int64(len(b)), p.len()-in))
				clear(b[:n])
			}
			f.pos += int64(n)
			return n, nil
		}
		start += p.len()
	}
	return 0, io.EOF
}

func (f *virtualFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += f.pos
	case io.SeekEnd:
		off += f.size
	}
	if off < 0 {
		return 0, errors.New("negative position")
	}
	f.pos = off
	return off, nil
}

const fiftyMB = 50 << 20

// largeFiles are 50 MB videos, the largest a post takes.
func largeFiles(t *testing.T) map[string]struct {
	format ports.VideoFormat
	file   *virtualFile
} {
	t.Helper()
	out := map[string]struct {
		format ports.VideoFormat
		file   *virtualFile
	}{}
	head := vt.MP4Head(fiftyMB)
	out["mp4 moov first"] = struct {
		format ports.VideoFormat
		file   *virtualFile
	}{ports.VideoMP4, newVirtualFile(filePart{data: head}, filePart{zeros: fiftyMB - int64(len(head))})}
	before, after := vt.MP4Around(fiftyMB-2000, vt.MP4Options{MoovLast: true, LargeSize: true})
	out["mp4 moov last"] = struct {
		format ports.VideoFormat
		file   *virtualFile
	}{ports.VideoMP4, newVirtualFile(filePart{data: before}, filePart{zeros: fiftyMB - 2000}, filePart{data: after})}

	// A recording of 1,600 blocks of nearly 32 KiB in 50 Clusters of
	// unknown size.
	const block = 32<<10 - 16
	parts := []filePart{{data: join(vt.WebMHeader("webm"), vt.UnknownSize(vt.IDSegment), vt.WebMTracks())}}
	for c := range 50 {
		parts = append(parts, filePart{data: join(vt.UnknownSize(vt.IDCluster), vt.Element(vt.IDTimestamp, []byte{byte(c)}))})
		for range 32 {
			parts = append(parts, filePart{data: join([]byte{vt.IDSimpleBlock}, vt.EBMLSize(block+4), []byte{0x81, 0, 0, 0x80})},
				filePart{zeros: block})
		}
	}
	out["webm of unknown sizes"] = struct {
		format ports.VideoFormat
		file   *virtualFile
	}{ports.VideoWebM, newVirtualFile(parts...)}

	// One stream of pages of 65,025 zero bytes, one packet over them all.
	full := bytes.Repeat([]byte{255}, 255)
	parts = nil
	for seq := range uint32(800) { // 49.8 MiB
		flags := byte(vt.OggContinued)
		if seq == 0 {
			flags = vt.OggBOS
		}
		page := vt.OggPageOf(flags, ^uint64(0), 1, seq, full, make([]byte, 255*255))
		parts = append(parts, filePart{data: page[:27+255]}, filePart{zeros: 255 * 255})
	}
	parts = append(parts, filePart{data: vt.OggPageOf(vt.OggContinued|vt.OggEOS, 1, 1, 800, []byte{0}, nil)})
	out["ogg"] = struct {
		format ports.VideoFormat
		file   *virtualFile
	}{ports.VideoOgg, newVirtualFile(parts...)}
	return out
}

// A 50 MB video is checked without holding it: the walk allocates its
// windows (64 KiB each, four at most) and little else. Not parallel: it
// reads the process's allocation counter.
func TestLargeFilesAreStreamed(t *testing.T) {
	checker := videos.New(videos.Options{})
	for name, c := range largeFiles(t) {
		if c.file.size < 49<<20 || c.file.size > fiftyMB {
			t.Fatalf("%s is %d bytes", name, c.file.size)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		err := checker.Check(context.Background(), c.file, c.format)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("%s: checking allocated %d KiB", name, alloc>>10)
		}
		t.Logf("%s: %d MB checked in %v", name, c.file.size>>20, took)
		// Cut by a byte, the same file is refused.
		c.file.size--
		refused(t, checker.Check(context.Background(), c.file, c.format), name+" cut by a byte")
	}
}

// Files built to cost: nesting past the depth limit and more elements than
// the budget are refused for that, without walking the rest.
func TestHostileFilesAreRefused(t *testing.T) {
	t.Parallel()
	ftyp, mdat, moov := mp4Parts(t)
	deep := vt.Box("stbl")
	for range 1_000 {
		deep = vt.Box("trak", deep)
	}
	voids := bytes.Repeat([]byte{vt.IDVoid, 0x80}, 3_000_000)
	frees := bytes.Repeat(vt.Box("free"), 2_100_000)
	for name, c := range map[string]struct {
		format ports.VideoFormat
		data   []byte
		reason string
	}{
		"1,000 nested boxes":      {ports.VideoMP4, join(ftyp, mdat, vt.Box("moov", moov[8:], deep)), "nested deeper than 12"},
		"3,000,000 Void elements": {ports.VideoWebM, join(vt.WebMHeader("webm"), vt.UnknownSize(vt.IDSegment), voids), "more elements than the limit"},
		"2,100,000 free boxes":    {ports.VideoMP4, join(ftyp, mdat, moov, frees), "more elements than the limit"},
	} {
		start := time.Now()
		err := check(c.data, c.format)
		refused(t, err, name)
		if err != nil && !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s: refused for %v, want %q", name, err, c.reason)
		}
		t.Logf("%s (%d MB): refused in %v", name, len(c.data)>>20, time.Since(start))
	}
}

func TestOptionsBoundTheWalk(t *testing.T) {
	t.Parallel()
	mp4 := vt.MP4(media(90), vt.MP4Options{})
	shallow := videos.New(videos.Options{MaxDepth: 4})
	if err := shallow.Check(context.Background(), bytes.NewReader(mp4), ports.VideoMP4); !errors.Is(err, ports.ErrVideoMalformed) ||
		!strings.Contains(err.Error(), "nested deeper than 4") {
		t.Errorf("moov/trak/mdia/minf/stbl with a depth of 4: %v", err)
	}
	few := videos.New(videos.Options{MaxElements: 5})
	for _, f := range wholeFiles() {
		if err := few.Check(context.Background(), bytes.NewReader(f.data), f.format); !errors.Is(err, ports.ErrVideoMalformed) ||
			!strings.Contains(err.Error(), "more elements than the limit") {
			t.Errorf("%s with 5 elements at most: %v", f.name, err)
		}
	}
}

func TestACancelledCheckStops(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	blocks := bytes.Repeat(vt.SimpleBlock(0, media(3)), 10_000)
	live := join(vt.WebMHeader("webm"), vt.UnknownSize(vt.IDSegment, vt.WebMTracks(),
		vt.UnknownSize(vt.IDCluster, vt.Element(vt.IDTimestamp, []byte{0}), blocks)))
	if err := videos.New(videos.Options{}).Check(ctx, bytes.NewReader(live), ports.VideoWebM); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled check: %v", err)
	}
	if err := videos.New(videos.Options{}).Check(context.Background(), bytes.NewReader(live), ports.VideoWebM); err != nil {
		t.Fatalf("the same file, not cancelled: %v", err)
	}
}
