package videos_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"social/adapters/videos/videotest"
	"social/core/ports"
)

// mp4Parts cuts a moov-last fixture into its ftyp, mdat and moov boxes.
func mp4Parts(t *testing.T) (ftyp, mdat, moov []byte) {
	t.Helper()
	file := videotest.MP4(media(60), videotest.MP4Options{MoovLast: true})
	f := int(binary.BigEndian.Uint32(file))
	m := f + int(binary.BigEndian.Uint32(file[f:]))
	if string(file[f+4:f+8]) != "mdat" || string(file[m+4:m+8]) != "moov" {
		t.Fatal("fixture is not ftyp, mdat, moov")
	}
	return file[:f], file[f:m], file[m:]
}

// patched is data with the 32-bit value after the first occurrence of
// marker (skip bytes further on) set to v.
func patched(t *testing.T, data []byte, marker string, skip int, v uint32) []byte {
	t.Helper()
	i := bytes.Index(data, []byte(marker))
	if i < 0 {
		t.Fatalf("no %q in the fixture", marker)
	}
	out := bytes.Clone(data)
	binary.BigEndian.PutUint32(out[i+len(marker)+skip:], v)
	return out
}

func join(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestMP4Layouts(t *testing.T) {
	t.Parallel()
	ftyp, mdat, moov := mp4Parts(t)
	for name, data := range map[string][]byte{
		"stz2 and co64":        videotest.MP4(media(90), videotest.MP4Options{CompactSizes: true, Offsets64: true}),
		"free, skip and uuid":  join(ftyp, videotest.Box("free"), mdat, videotest.Box("skip", media(9)), moov, videotest.Box("uuid", media(16), media(5))),
		"udta ending on zero":  join(ftyp, mdat, videotest.Box("moov", moov[8:], videotest.Box("udta", videotest.Box("\xa9nam", []byte("x")), make([]byte, 4)))),
		"mdat of no bytes too": join(ftyp, videotest.Box("mdat"), mdat, moov),
	} {
		accepted(t, check(data, ports.VideoMP4), name)
	}
}

func TestMP4Refusals(t *testing.T) {
	t.Parallel()
	ftyp, mdat, moov := mp4Parts(t)
	file := join(ftyp, mdat, moov)
	first := videotest.MP4(media(60), videotest.MP4Options{})
	for name, data := range map[string][]byte{
		"ftyp not first":              join(mdat, ftyp, moov),
		"a second ftyp":               join(ftyp, ftyp, mdat, moov),
		"ftyp without brands":         join(videotest.Box("ftyp", []byte("isom")), mdat, moov),
		"no moov":                     join(ftyp, mdat),
		"no mdat":                     join(ftyp, videotest.Box("free", media(60)), moov),
		"two moov":                    join(ftyp, mdat, moov, moov),
		"moov without trak":           join(ftyp, mdat, videotest.Box("moov", videotest.Box("mvhd", make([]byte, 100)))),
		"moov without mvhd":           join(ftyp, mdat, videotest.Box("moov", videotest.Box("trak"))),
		"box smaller than its header": join(ftyp, mdat, moov, []byte("\x00\x00\x00\x04free")),
		"size past the end":           patched(t, first, "mdat", -8, uint32(len(mdat)+1)),
		"size 0xFFFFFFFF":             patched(t, file, "mdat", -8, 0xFFFFFFFF),
		"largesize past the end":      join(ftyp, videotest.LargeBox("mdat", media(60))[:8], binary.BigEndian.AppendUint64(nil, 1<<62), media(60), moov),
		"largesize under 16":          join(ftyp, videotest.LargeBox("mdat")[:8], binary.BigEndian.AppendUint64(nil, 15), moov),
		"moov child past the moov":    patched(t, file, "mvhd", -8, 0x7FFF),
		"size 0 inside the moov":      patched(t, file, "mvhd", -8, 0),
		"container child too small":   patched(t, file, "tkhd", -8, 7),
		"type of binary bytes":        join(ftyp, mdat, moov, []byte("\x00\x00\x00\x08\x00\x01\x02\x03")),
		"uuid without its type":       join(ftyp, mdat, moov, videotest.Box("uuid", media(15))),
		"chunk past the end":          patched(t, file, "stco", 8, uint32(len(file)-10)),
		"chunk offset beyond 4 GB":    patched(t, file, "stco", 8, 0xFFFFFFF0),
		"more samples than stsz":      patched(t, file, "stsc", 12, 1000),
		"stsc from chunk 2":           patched(t, file, "stsc", 8, 2),
		"stsc entries out of order":   patched(t, file, "stsc", 20, 1),
		"stco longer than its box":    patched(t, file, "stco", 4, 1000),
		"stsz longer than its box":    patched(t, file, "stsz", 8, 1000),
	} {
		refused(t, check(data, ports.VideoMP4), name)
	}
	// A sample table with chunks but no stsz cannot place them.
	noSizes := bytes.Clone(file)
	i := bytes.Index(noSizes, []byte("stsz"))
	copy(noSizes[i:], "free")
	refused(t, check(noSizes, ports.VideoMP4), "chunks without sample sizes")
	twoOffsets := bytes.Clone(file)
	copy(twoOffsets[bytes.Index(twoOffsets, []byte("stsz")):], "co64")
	refused(t, check(twoOffsets, ports.VideoMP4), "both stco and co64")
}
