package videos_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	vt "social/adapters/videos/videotest"
	"social/core/ports"
)

// oggPages splits a whole Ogg file into its pages.
func oggPages(t *testing.T, file []byte) [][]byte {
	t.Helper()
	var pages [][]byte
	for off := 0; off < len(file); {
		n := int(file[off+26])
		size := 27 + n
		for _, l := range file[off+27 : off+27+n] {
			size += int(l)
		}
		pages = append(pages, file[off:off+size])
		off += size
	}
	return pages
}

func TestOggRefusals(t *testing.T) {
	t.Parallel()
	file := vt.Ogg(frames(3, 60))
	pages := oggPages(t, file)
	if len(pages) != 8 {
		t.Fatalf("%d pages", len(pages))
	}
	flipped := func(at int) []byte {
		out := bytes.Clone(file)
		out[at] ^= 0x01
		return out
	}
	bodyByte := len(pages[0]) + len(pages[1]) + len(pages[2]) - 5
	crcByte := len(pages[0]) + 22
	video, audio := uint32(vt.OggVideoSerial), uint32(vt.OggAudioSerial)
	frame := media(50)
	for name, data := range map[string][]byte{
		"a body byte changed":        flipped(bodyByte),
		"the CRC changed":            flipped(crcByte),
		"a granule byte changed":     flipped(len(pages[0]) + 7),
		"first page not a BOS":       join(pages[2:]...),
		"a stream without EOS":       join(append(pages[:7:7], vt.OggPage(0, 9, audio, 3, frame))...),
		"a page missing":             join(append(pages[:3:3], pages[4:]...)...),
		"a page twice":               join(append(pages[:4:4], pages[3:]...)...),
		"a second BOS":               join(append(pages[:2:2], append([][]byte{vt.OggPage(vt.OggBOS, 0, video, 0, frame)}, pages[2:]...)...)...),
		"a stream that never began":  join(append(pages[:7:7], vt.OggPage(vt.OggEOS, 9, 0xBAD, 1, frame))...),
		"a page after EOS":           join(append(bytes.Clone(file), vt.OggPage(vt.OggEOS, 9, video, 4, frame)...)),
		"version 1":                  join(vt.OggPage(vt.OggBOS|vt.OggEOS, 0, video, 0, frame)[:4], []byte{1}, vt.OggPage(vt.OggBOS|vt.OggEOS, 0, video, 0, frame)[5:]),
		"an unknown flag":            vt.OggPage(vt.OggBOS|vt.OggEOS|0x08, 0, video, 0, frame),
		"a BOS that continues":       vt.OggPage(vt.OggBOS|vt.OggEOS|vt.OggContinued, 0, video, 0, frame),
		"no capture pattern":         join(pages[0], []byte("OggT"), pages[1][4:], join(pages[2:]...)),
		"segment table past the end": join(file, vt.OggPage(vt.OggBOS|vt.OggEOS, 0, 7, 0)[:26], []byte{200}),
		"body past the end":          join(file, vt.OggPage(vt.OggBOS|vt.OggEOS, 0, 7, 0, frame)[:40]),
	} {
		refused(t, check(data, ports.VideoOgg), name)
	}

	// 65 streams open at once is past the limit; 64 is not.
	var many, enough []byte
	for s := range uint32(65) {
		many = append(many, vt.OggPage(vt.OggBOS, 0, s, 0, frame)...)
		if s < 64 {
			enough = append(enough, vt.OggPage(vt.OggBOS, 0, s, 0, frame)...)
		}
	}
	for s := range uint32(65) {
		many = append(many, vt.OggPage(vt.OggEOS, 1, s, 1, frame)...)
		if s < 64 {
			enough = append(enough, vt.OggPage(vt.OggEOS, 1, s, 1, frame)...)
		}
	}
	refused(t, check(many, ports.VideoOgg), "65 streams")
	accepted(t, check(enough, ports.VideoOgg), "64 streams")
}

func TestOggLayouts(t *testing.T) {
	t.Parallel()
	video, audio := uint32(vt.OggVideoSerial), uint32(vt.OggAudioSerial)
	frame := media(50)
	// A packet of 600 bytes over two pages: 255, 255 and the rest.
	big := media(600)
	spanning := join(
		vt.OggPage(vt.OggBOS, 0, video, 0, frame),
		vt.OggPageOf(0, ^uint64(0), video, 1, []byte{255, 255}, big[:510]),
		vt.OggPageOf(vt.OggContinued|vt.OggEOS, 2, video, 2, []byte{90}, big[510:]),
	)
	// Changing a body byte and its page's CRC with it: the CRC is what
	// tells a damaged page.
	file := vt.Ogg(frames(2, 60))
	pages := oggPages(t, file)
	fixed := bytes.Clone(pages[3])
	fixed[len(fixed)-1] ^= 0xFF
	binary.LittleEndian.PutUint32(fixed[22:], 0)
	binary.LittleEndian.PutUint32(fixed[22:], vt.OggCRC(fixed))
	for name, data := range map[string][]byte{
		"one page, BOS and EOS":   vt.OggPage(vt.OggBOS|vt.OggEOS, 0, video, 0, frame),
		"a packet over two pages": spanning,
		"an empty EOS page":       join(vt.OggPage(vt.OggBOS, 0, video, 0, frame), vt.OggPage(vt.OggEOS, 0, video, 1)),
		"a packet of 255 bytes":   vt.OggPage(vt.OggBOS|vt.OggEOS, 0, video, 0, media(255)),
		"a page of 65025 body bytes": join(vt.OggPageOf(vt.OggBOS, ^uint64(0), video, 0, bytes.Repeat([]byte{255}, 255), media(255*255)),
			vt.OggPageOf(vt.OggContinued|vt.OggEOS, 1, video, 1, []byte{0}, nil)),
		"streams one after the other": join(vt.OggPage(vt.OggBOS|vt.OggEOS, 0, video, 0, frame), vt.OggPage(vt.OggBOS|vt.OggEOS, 0, audio, 0, frame)),
		"a body and its CRC changed":  join(append(append(pages[:3:3], fixed), pages[4:]...)...),
	} {
		accepted(t, check(data, ports.VideoOgg), name)
	}
}
