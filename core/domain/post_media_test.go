package domain_test

import (
	"testing"

	"social/core/domain"
)

func TestSniffPostMedia(t *testing.T) {
	t.Parallel()
	webm := []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 'w', 'e', 'b', 'm', 0x42, 0x87, 0x81, 0x02}
	mkv := []byte{0x1A, 0x45, 0xDF, 0xA3, 0xA3, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88, 'm', 'a', 't', 'r', 'o', 's', 'k', 'a'}
	cases := []struct {
		name string
		head []byte
		ct   string
		typ  domain.PostType
	}{
		{"jpeg", []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10}, "image/jpeg", domain.PostImage},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00"), "image/png", domain.PostImage},
		{"webp", []byte("RIFF\x10\x00\x00\x00WEBPVP8 "), "image/webp", domain.PostImage},
		{"mp4", []byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), "video/mp4", domain.PostVideo},
		{"webm", webm, "video/webm", domain.PostVideo},
		{"ogg", []byte("OggS\x00\x02\x00\x00"), "video/ogg", domain.PostVideo},
		{"heic is not a video", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), "", ""},
		{"matroska is not webm", mkv, "", ""},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), "", ""},
		{"html", []byte("<html><body>oi</body></html>"), "", ""},
		{"empty", nil, "", ""},
	}
	for _, c := range cases {
		m, ok := domain.SniffPostMedia(c.head)
		if ok != (c.ct != "") || m.ContentType != c.ct || m.Type != c.typ {
			t.Errorf("%s: %+v %v", c.name, m, ok)
		}
	}
}
