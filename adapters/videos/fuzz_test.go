package videos_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"social/adapters/videos"
	vt "social/adapters/videos/videotest"
	"social/core/ports"
)

// fuzzCheck is the property every container's fuzz target holds: the
// checker never panics; its only answer for bytes in memory is a refusal
// or acceptance, the same through a reader that reads a byte at a time;
// and a file it accepts is refused with one more byte after it.
func fuzzCheck(t *testing.T, format ports.VideoFormat, data []byte) {
	// Small limits keep each input cheap; the limits are not what is fuzzed.
	checker := videos.New(videos.Options{MaxElements: 20_000})
	err := checker.Check(context.Background(), bytes.NewReader(data), format)
	if err != nil && !errors.Is(err, ports.ErrVideoMalformed) {
		t.Fatalf("neither accepted nor refused: %v", err)
	}
	again := checker.Check(context.Background(), oneByteAtATime{bytes.NewReader(data)}, format)
	if (err == nil) != (again == nil) {
		t.Fatalf("%v, then a byte at a time %v", err, again)
	}
	if err != nil {
		return
	}
	if err := checker.Check(context.Background(), bytes.NewReader(append(bytes.Clone(data), 0)), format); err == nil &&
		!(format == ports.VideoMP4 && endsOnASizeZeroBox(data)) {
		t.Fatal("accepted with a byte appended")
	}
}

// oneByteAtATime reads as little as a reader may.
type oneByteAtATime struct{ *bytes.Reader }

func (r oneByteAtATime) Read(p []byte) (int, error) { return r.Reader.Read(p[:min(len(p), 1)]) }

// endsOnASizeZeroBox tells an MP4 whose last box runs to the end of the
// file, which takes appended bytes in (TestCutOrExtendedVideosAreRefused).
func endsOnASizeZeroBox(data []byte) bool {
	for off := 0; off+8 <= len(data); {
		size := uint64(binary.BigEndian.Uint32(data[off:]))
		if size == 1 && off+16 <= len(data) {
			size = binary.BigEndian.Uint64(data[off+8:])
		}
		if size == 0 {
			return true
		}
		if size < 8 || size > uint64(len(data)-off) {
			return false
		}
		off += int(size)
	}
	return false
}

func seeds(f *testing.F, format ports.VideoFormat) {
	for _, w := range wholeFiles() {
		if w.format == format {
			f.Add(w.data)
			f.Add(w.data[:len(w.data)/2])
		}
	}
}

// Run longer with: go test -run '^$' -fuzz FuzzMP4 -fuzztime 60s ./adapters/videos/
func FuzzMP4(f *testing.F) {
	seeds(f, ports.VideoMP4)
	f.Add(vt.MP4(media(40), vt.MP4Options{CompactSizes: true, Offsets64: true}))
	f.Add(vt.MP4(media(40), vt.MP4Options{Fragmented: true, ToEnd: true}))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) { fuzzCheck(t, ports.VideoMP4, data) })
}

// Run longer with: go test -run '^$' -fuzz FuzzWebM -fuzztime 60s ./adapters/videos/
func FuzzWebM(f *testing.F) {
	seeds(f, ports.VideoWebM)
	f.Add(join(vt.WebMHeader("webm"), vt.UnknownSize(vt.IDSegment, vt.WebMTracks(),
		vt.UnknownSize(vt.IDCluster, vt.Element(vt.IDTimestamp, []byte{0}), vt.BlockGroup(0, media(5))))))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) { fuzzCheck(t, ports.VideoWebM, data) })
}

// Run longer with: go test -run '^$' -fuzz FuzzOgg -fuzztime 60s ./adapters/videos/
func FuzzOgg(f *testing.F) {
	seeds(f, ports.VideoOgg)
	f.Add(vt.OggPage(vt.OggBOS|vt.OggEOS, 0, 1, 0, media(300)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) { fuzzCheck(t, ports.VideoOgg, data) })
}
