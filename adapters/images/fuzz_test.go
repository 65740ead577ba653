package images_test

import (
	"bytes"
	"context"
	"testing"

	"social/adapters/images"
	"social/core/errs"
	"social/core/ports"
)

// FuzzClean feeds the cleaner arbitrary bytes. It must never panic; it
// either refuses with one of its two codes, or returns an image of the
// sniffed format, with the size it reports, that cleans to itself again.
// Run longer with: go test -run '^$' -fuzz FuzzClean ./adapters/images/
func FuzzClean(f *testing.F) {
	f.Add(encodeJPEG(f, 16, 16))
	f.Add(jpegWithMetadata(f, 16, 8, 6))
	f.Add(encodePNG(f, 7, 5))
	f.Add(pngWithMetadata(f, 9, 3))
	f.Add(webpSimple(3, 3))
	f.Add(webpWithMetadata(4, 2))
	f.Add(pngHeaderOnly(100000, 100000))
	f.Add(jpegClaiming(f, 60000, 60000))
	f.Add(webpClaiming(16384, 16384))
	f.Add(encodeGIF(f))
	f.Add([]byte("\x89PNG\r\n\x1a\n<script>alert(1)</script>"))
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	f.Add([]byte{})

	// Small limits keep each input cheap; the limits are not what is fuzzed.
	cleaner := images.New(images.Options{MaxPixels: 1 << 20, MaxSide: 2048})
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := cleaner.Clean(context.Background(), data)
		if err != nil {
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.KindInvalid || (e.Code != ports.CodeInvalidFileType && e.Code != ports.CodeInvalidImage) {
				t.Fatalf("refusal %v is not invalid_file_type or invalid_image", err)
			}
			return
		}
		if format, _ := images.Sniff(data); got.Format != format {
			t.Fatalf("format %q, sniffed %q", got.Format, format)
		}
		again, err := cleaner.Clean(context.Background(), got.Data)
		if err != nil {
			t.Fatalf("the cleaned image is refused: %v", err)
		}
		if !bytes.Equal(again.Data, got.Data) || again.Width != got.Width || again.Height != got.Height {
			t.Fatalf("cleaning is not idempotent (%dx%d then %dx%d)", got.Width, got.Height, again.Width, again.Height)
		}
	})
}
