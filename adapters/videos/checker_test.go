package videos_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"social/adapters/videos"
	"social/adapters/videos/videotest"
	"social/core/ports"
)

// Every fixture is made in code from the containers' specifications
// (adapters/videos/videotest).

func check(data []byte, format ports.VideoFormat) error {
	return videos.New(videos.Options{}).Check(context.Background(), bytes.NewReader(data), format)
}

// refused fails unless err is a refusal (not a failure to read).
func refused(t *testing.T, err error, what string) {
	t.Helper()
	if !errors.Is(err, ports.ErrVideoMalformed) {
		t.Errorf("%s: %v, want a refusal", what, err)
	} else if testing.Verbose() {
		t.Logf("%s: %v", what, err)
	}
}

func accepted(t *testing.T, err error, what string) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: refused: %v", what, err)
	}
}

// media is n bytes of something that is not all zeros.
func media(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i>>8)
	}
	return b
}

func frames(n, size int) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		out[i] = media(size + i)
	}
	return out
}

type fixture struct {
	name   string
	format ports.VideoFormat
	data   []byte
}

func wholeFiles() []fixture {
	return []fixture{
		{"mp4 moov first", ports.VideoMP4, videotest.MP4(media(300), videotest.MP4Options{})},
		{"mp4 moov last", ports.VideoMP4, videotest.MP4(media(300), videotest.MP4Options{MoovLast: true})},
		{"mp4 largesize mdat", ports.VideoMP4, videotest.MP4(media(300), videotest.MP4Options{LargeSize: true, MoovLast: true})},
		{"mp4 mdat to the end", ports.VideoMP4, videotest.MP4(media(300), videotest.MP4Options{ToEnd: true})},
		{"mp4 fragmented", ports.VideoMP4, videotest.MP4(media(300), videotest.MP4Options{Fragmented: true})},
		{"mp4 head and zeros", ports.VideoMP4, append(videotest.MP4Head(3000), make([]byte, 3000-len(videotest.MP4Head(3000)))...)},
		{"webm", ports.VideoWebM, videotest.WebM(frames(5, 40), videotest.WebMOptions{})},
		{"webm of unknown sizes", ports.VideoWebM, videotest.WebM(frames(5, 40), videotest.WebMOptions{Live: true})},
		{"ogg", ports.VideoOgg, videotest.Ogg(frames(3, 60))},
	}
}

func TestWholeVideosAreAccepted(t *testing.T) {
	t.Parallel()
	for _, f := range wholeFiles() {
		accepted(t, check(f.data, f.format), f.name)
	}
}

// Cut at every offset, a file is refused; appended bytes are refused too,
// but by an mdat sized to the end of the file, which they join (as they
// could join a free box's payload). The exception to both is a live WebM,
// covered by TestLiveWebMEndsAtAnyBlock.
func TestCutOrExtendedVideosAreRefused(t *testing.T) {
	t.Parallel()
	for _, f := range wholeFiles() {
		if f.name == "webm of unknown sizes" {
			continue
		}
		for n := range len(f.data) {
			if err := check(f.data[:n], f.format); !errors.Is(err, ports.ErrVideoMalformed) {
				t.Fatalf("%s cut to %d of %d bytes: %v", f.name, n, len(f.data), err)
			}
		}
		if f.name == "mp4 mdat to the end" {
			continue
		}
		for _, tail := range [][]byte{{0}, make([]byte, 16), []byte("<html><script>alert(1)</script></html>"), f.data[:min(len(f.data), 64)]} {
			refused(t, check(append(bytes.Clone(f.data), tail...), f.format), f.name+" with bytes appended")
		}
	}
}

func TestOtherFormatsAreRefused(t *testing.T) {
	t.Parallel()
	mp4, webm, ogg := videotest.MP4(media(90), videotest.MP4Options{}), videotest.WebM(frames(4, 9), videotest.WebMOptions{}), videotest.Ogg(frames(2, 9))
	for _, c := range []fixture{
		{"webm as mp4", ports.VideoMP4, webm},
		{"ogg as mp4", ports.VideoMP4, ogg},
		{"mp4 as webm", ports.VideoWebM, mp4},
		{"ogg as webm", ports.VideoWebM, ogg},
		{"mp4 as ogg", ports.VideoOgg, mp4},
		{"empty mp4", ports.VideoMP4, nil},
		{"empty webm", ports.VideoWebM, nil},
		{"empty ogg", ports.VideoOgg, nil},
	} {
		refused(t, check(c.data, c.format), c.name)
	}
	err := check(mp4, "video/quicktime")
	if err == nil || errors.Is(err, ports.ErrVideoMalformed) {
		t.Fatalf("unknown format: %v, want an error that is no refusal", err)
	}
}

// errAfter is a file that fails to read once off bytes are past.
type failingFile struct {
	*bytes.Reader
	at int64
}

func (f *failingFile) Read(p []byte) (int, error) {
	pos, _ := f.Seek(0, 1)
	if pos+int64(len(p)) > f.at {
		return 0, errors.New("disk gone")
	}
	return f.Reader.Read(p)
}

func TestReadFailuresAreNoRefusal(t *testing.T) {
	t.Parallel()
	for _, f := range wholeFiles() {
		err := videos.New(videos.Options{}).Check(context.Background(), &failingFile{bytes.NewReader(f.data), 10}, f.format)
		if err == nil || errors.Is(err, ports.ErrVideoMalformed) {
			t.Errorf("%s: %v, want the read error", f.name, err)
		}
	}
}
