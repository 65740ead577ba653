package images_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"social/adapters/images"
	"social/core/errs"
	"social/core/ports"
)

func clean(t testing.TB, data []byte, allowed ...ports.ImageFormat) ports.CleanImage {
	t.Helper()
	out, err := images.New(images.Options{}).Clean(context.Background(), data, allowed...)
	if err != nil {
		t.Fatalf("Clean: %v", err)
	}
	return out
}

func decodeAs(t testing.TB, format ports.ImageFormat, data []byte) image.Image {
	t.Helper()
	var (
		img image.Image
		err error
	)
	switch format {
	case ports.ImageJPEG:
		img, err = jpeg.Decode(bytes.NewReader(data))
	case ports.ImagePNG:
		img, err = png.Decode(bytes.NewReader(data))
	case ports.ImageWebP:
		img, err = webp.Decode(bytes.NewReader(data))
	}
	if err != nil {
		t.Fatalf("decode %s: %v", format, err)
	}
	return img
}

func samePixels(t *testing.T, a, b image.Image) {
	t.Helper()
	if a.Bounds() != b.Bounds() {
		t.Fatalf("bounds %v != %v", a.Bounds(), b.Bounds())
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel (%d,%d) changed", x, y)
			}
		}
	}
}

func noSecrets(t *testing.T, data []byte) {
	t.Helper()
	for _, s := range secrets {
		if bytes.Contains(data, []byte(s)) {
			t.Errorf("cleaned image still holds %q", s)
		}
	}
	if bytes.Contains(data, []byte(trailingHTML)) {
		t.Error("cleaned image still ends with the appended HTML")
	}
}

type segment struct {
	marker  byte
	payload []byte
}

// jpegSegments lists the segments before the first scan.
func jpegSegments(t *testing.T, data []byte) []segment {
	t.Helper()
	var segs []segment
	for i := 2; i+4 <= len(data); {
		m := data[i+1]
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		segs = append(segs, segment{m, data[i+4 : i+2+n]})
		if m == 0xDA {
			break
		}
		i += 2 + n
	}
	return segs
}

func TestJPEGMetadataIsStripped(t *testing.T) {
	t.Parallel()
	dirty := jpegWithMetadata(t, 64, 48, 6)
	got := clean(t, dirty)
	if got.Format != ports.ImageJPEG || got.Width != 64 || got.Height != 48 {
		t.Fatalf("got %s %dx%d, want image/jpeg 64x48", got.Format, got.Width, got.Height)
	}
	noSecrets(t, got.Data)
	samePixels(t, decodeAs(t, ports.ImageJPEG, dirty), decodeAs(t, ports.ImageJPEG, got.Data))
	if !bytes.HasSuffix(got.Data, []byte{0xFF, 0xD9}) {
		t.Error("cleaned JPEG does not end at EOI")
	}

	var app1, icc int
	for _, s := range jpegSegments(t, got.Data) {
		switch {
		case s.marker == 0xE1:
			app1++
			// Only the orientation survives, in an EXIF of its own.
			want := "Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00"
			if string(s.payload) != want {
				t.Errorf("APP1 = %q, want the minimal EXIF with orientation 6", s.payload)
			}
		case s.marker == 0xE0:
			if string(s.payload) != "JFIF\x00\x01\x02\x01\x00\x48\x00\x48\x00\x00" {
				t.Errorf("APP0 = %q, want JFIF without its thumbnail", s.payload)
			}
		case s.marker == 0xE2:
			icc++
			if !strings.HasPrefix(string(s.payload), "ICC_PROFILE\x00") {
				t.Errorf("APP2 %q kept, want only the ICC profile", s.payload)
			}
		case s.marker == 0xED || s.marker == 0xFE || s.marker >= 0xE3 && s.marker <= 0xEF && s.marker != 0xEE:
			t.Errorf("segment %#x kept", s.marker)
		}
	}
	if app1 != 1 || icc != 1 {
		t.Errorf("APP1 x%d, ICC APP2 x%d, want one each", app1, icc)
	}
}

func TestJPEGUprightHasNoEXIFLeft(t *testing.T) {
	t.Parallel()
	got := clean(t, jpegWithMetadata(t, 20, 10, 1))
	for _, s := range jpegSegments(t, got.Data) {
		if s.marker == 0xE1 {
			t.Fatalf("APP1 %q kept for an upright photo", s.payload)
		}
	}
	if plain := encodeJPEG(t, 20, 10); !bytes.Equal(clean(t, plain).Data, plain) {
		t.Error("a JPEG without metadata changed")
	}
}

func TestPNGMetadataIsStripped(t *testing.T) {
	t.Parallel()
	dirty := pngWithMetadata(t, 40, 30)
	got := clean(t, dirty)
	if got.Format != ports.ImagePNG || got.Width != 40 || got.Height != 30 {
		t.Fatalf("got %s %dx%d, want image/png 40x30", got.Format, got.Width, got.Height)
	}
	noSecrets(t, got.Data)
	for _, typ := range []string{"tEXt", "zTXt", "iTXt", "eXIf", "tIME", "prVt"} {
		if bytes.Contains(got.Data, []byte(typ)) {
			t.Errorf("chunk %s kept", typ)
		}
	}
	if !bytes.HasSuffix(got.Data, pngChunk("IEND", nil)) {
		t.Error("cleaned PNG does not end at IEND")
	}
	samePixels(t, decodeAs(t, ports.ImagePNG, dirty), decodeAs(t, ports.ImagePNG, got.Data))
	if plain := encodePNG(t, 9, 9); !bytes.Equal(clean(t, plain).Data, plain) {
		t.Error("a PNG without metadata changed")
	}
}

func TestWebPMetadataIsStripped(t *testing.T) {
	t.Parallel()
	dirty := webpWithMetadata(12, 7)
	got := clean(t, dirty)
	if got.Format != ports.ImageWebP || got.Width != 12 || got.Height != 7 {
		t.Fatalf("got %s %dx%d, want image/webp 12x7", got.Format, got.Width, got.Height)
	}
	noSecrets(t, got.Data)
	for _, fourCC := range []string{"EXIF", "XMP ", "ZZZZ"} {
		if bytes.Contains(got.Data, []byte(fourCC)) {
			t.Errorf("chunk %q kept", fourCC)
		}
	}
	if size := binary.LittleEndian.Uint32(got.Data[4:]); int(size) != len(got.Data)-8 {
		t.Errorf("RIFF size %d for %d bytes", size, len(got.Data))
	}
	if flags := got.Data[20]; flags&(1<<3|1<<2) != 0 {
		t.Errorf("VP8X flags %08b still announce EXIF or XMP", flags)
	}
	img := decodeAs(t, ports.ImageWebP, got.Data)
	samePixels(t, decodeAs(t, ports.ImageWebP, dirty), img)
	if r, g, b, _ := img.At(3, 3).RGBA(); r>>8 != 200 || g>>8 != 100 || b>>8 != 50 {
		t.Errorf("pixel = %d,%d,%d, want 200,100,50", r>>8, g>>8, b>>8)
	}
	if plain := webpSimple(5, 5); !bytes.Equal(clean(t, plain).Data, plain) {
		t.Error("a WebP without metadata changed")
	}
}

func TestCleaningIsIdempotent(t *testing.T) {
	t.Parallel()
	for name, data := range map[string][]byte{
		"jpeg": jpegWithMetadata(t, 30, 20, 8),
		"png":  pngWithMetadata(t, 30, 20),
		"webp": webpWithMetadata(30, 20),
	} {
		once := clean(t, data)
		if twice := clean(t, once.Data); !bytes.Equal(once.Data, twice.Data) {
			t.Errorf("%s: cleaning a clean image changed it", name)
		}
	}
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	e, ok := errs.As(err)
	if !ok {
		t.Fatalf("err = %v, want a core/errs error", err)
	}
	want := map[string]string{ports.CodeInvalidFileType: images.MsgInvalidFileType, ports.CodeInvalidImage: images.MsgInvalidImage}
	if e.Kind != errs.KindInvalid || e.Code != code || e.Message != want[code] {
		t.Fatalf("err = kind %v code %q message %q, want Invalid %q %q", e.Kind, e.Code, e.Message, code, want[code])
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	validPNG := encodePNG(t, 8, 8)
	validJPEG := encodeJPEG(t, 32, 32)
	cases := []struct {
		name    string
		data    []byte
		allowed []ports.ImageFormat
		code    string
	}{
		{"empty", nil, nil, ports.CodeInvalidFileType},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), nil, ports.CodeInvalidFileType},
		{"svg with xml prolog", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), nil, ports.CodeInvalidFileType},
		{"html", []byte("<!doctype html><script>alert(1)</script>"), nil, ports.CodeInvalidFileType},
		{"gif", encodeGIF(t), nil, ports.CodeInvalidFileType},
		{"bmp", append([]byte("BM"), make([]byte, 60)...), nil, ports.CodeInvalidFileType},
		{"riff that is not webp", append([]byte("RIFF\x04\x00\x00\x00WAVE"), make([]byte, 16)...), nil, ports.CodeInvalidFileType},
		{"png where only jpeg is allowed", validPNG, []ports.ImageFormat{ports.ImageJPEG}, ports.CodeInvalidFileType},
		{"jpeg where only png and webp are allowed", validJPEG, []ports.ImageFormat{ports.ImagePNG, ports.ImageWebP}, ports.CodeInvalidFileType},
		{"polyglot: png signature then script", []byte("\x89PNG\r\n\x1a\n<script>alert(document.cookie)</script>"), nil, ports.CodeInvalidImage},
		{"polyglot: jpeg magic then html", []byte("\xff\xd8\xff\xe0<html><script>alert(1)</script></html>"), nil, ports.CodeInvalidImage},
		{"truncated jpeg", validJPEG[:len(validJPEG)/2], nil, ports.CodeInvalidImage},
		{"jpeg without EOI", validJPEG[:len(validJPEG)-2], nil, ports.CodeInvalidImage},
		{"truncated png", validPNG[:len(validPNG)-20], nil, ports.CodeInvalidImage},
		{"png with a bad CRC", flipByte(validPNG, 30), nil, ports.CodeInvalidImage},
		{"truncated webp", webpSimple(4, 4)[:20], nil, ports.CodeInvalidImage},
		{"webp with an animation only", riff(riffChunk("VP8X", vp8x(1<<1, 4, 4)), riffChunk("ANIM", make([]byte, 6))), nil, ports.CodeInvalidImage},
		{"webp header larger than its bitstream", webpClaiming(2, 2), nil, ports.CodeInvalidImage},
		{"png bomb 100000x100000", pngHeaderOnly(100000, 100000), nil, ports.CodeInvalidImage},
		{"png 20000x10 (one side too long)", pngHeaderOnly(20000, 10), nil, ports.CodeInvalidImage},
		{"png 8000x6000 (48 megapixels)", pngHeaderOnly(8000, 6000), nil, ports.CodeInvalidImage},
		{"jpeg bomb 60000x60000", jpegClaiming(t, 60000, 60000), nil, ports.CodeInvalidImage},
		{"webp bomb 16384x16384", webpClaiming(16384, 16384), nil, ports.CodeInvalidImage},
		{"png 0x0", pngHeaderOnly(0, 0), nil, ports.CodeInvalidImage},
	}
	cleaner := images.New(images.Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			_, err := cleaner.Clean(context.Background(), c.data, c.allowed...)
			wantCode(t, err, c.code)
			if d := time.Since(start); d > time.Second {
				t.Errorf("refusal took %v", d)
			}
		})
	}
}

func flipByte(data []byte, i int) []byte {
	out := bytes.Clone(data)
	out[i] ^= 0xFF
	return out
}

// A pixel bomb is refused from its header: no pixel buffer is ever made.
func TestBombsAreRefusedBeforeDecoding(t *testing.T) {
	cleaner := images.New(images.Options{})
	bombs := map[string][]byte{
		"png 100000x100000": pngHeaderOnly(100000, 100000),
		"jpeg 60000x60000":  jpegClaiming(t, 60000, 60000),
		"webp 16384x16384":  webpClaiming(16384, 16384),
		"png 9000x9000":     pngHeaderOnly(9000, 9000), // 81 MP: within each side, over the area
	}
	for name, bomb := range bombs {
		run := func() {
			if _, err := cleaner.Clean(context.Background(), bomb); err == nil {
				t.Fatalf("%s accepted", name)
			}
		}
		allocs := testing.AllocsPerRun(20, run)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		run()
		runtime.ReadMemStats(&after)
		bytesAllocated := after.TotalAlloc - before.TotalAlloc
		// A decoded 9000x9000 image alone would be 324 MB.
		if allocs > 60 || bytesAllocated > 256<<10 {
			t.Errorf("%s: %.0f allocations, %d bytes for a refusal: pixels were decoded", name, allocs, bytesAllocated)
		}
	}
}

func TestTypeComesFromTheBytes(t *testing.T) {
	t.Parallel()
	// The same bytes are what they are, whatever the caller expected.
	for format, data := range map[ports.ImageFormat][]byte{
		ports.ImageJPEG: encodeJPEG(t, 8, 8),
		ports.ImagePNG:  encodePNG(t, 8, 8),
		ports.ImageWebP: webpSimple(8, 8),
	} {
		if got, ok := images.Sniff(data); !ok || got != format {
			t.Errorf("Sniff = %q, want %q", got, format)
		}
		if got := clean(t, data, format); got.Format != format {
			t.Errorf("Clean format = %q, want %q", got.Format, format)
		}
	}
}
