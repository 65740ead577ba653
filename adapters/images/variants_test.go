package images_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"social/adapters/images"
	"social/core/ports"
	"social/kit/demo"
)

func variants(t testing.TB, img ports.CleanImage, widths ...int) ports.ImageVariantSet {
	t.Helper()
	set, err := images.New(images.Options{}).Variants(context.Background(), img, widths)
	if err != nil {
		t.Fatalf("Variants: %v", err)
	}
	return set
}

func decodeWebP(t testing.TB, v ports.ImageVariant) image.Image {
	t.Helper()
	if v.Format != ports.ImageWebP {
		t.Fatalf("variant format %s, want image/webp", v.Format)
	}
	img, err := webp.Decode(bytes.NewReader(v.Data))
	if err != nil {
		t.Fatalf("decode the %dpx variant: %v", v.Width, err)
	}
	if b := img.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
		t.Fatalf("variant says %dx%d, its pixels are %dx%d", v.Width, v.Height, b.Dx(), b.Dy())
	}
	return img
}

// meanColour is the average colour of r in img, 8 bits a channel.
func meanColour(img image.Image, r image.Rectangle) [3]float64 {
	var sum [3]float64
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			sum[0], sum[1], sum[2] = sum[0]+float64(cr>>8), sum[1]+float64(cg>>8), sum[2]+float64(cb>>8)
			n++
		}
	}
	return [3]float64{sum[0] / float64(n), sum[1] / float64(n), sum[2] / float64(n)}
}

// A 1080-wide demo photo gets its 320 and 640 copies, not a 1080 one (the
// original is that), each a fraction of the original's bytes and showing
// the same picture.
func TestPhotoGetsSmallerWebPCopies(t *testing.T) {
	t.Parallel()
	original := clean(t, demo.Photo(3))
	set := variants(t, original, 1080, 320, 640)
	if set.Width != 1080 || set.Height != 720 {
		t.Fatalf("set is %dx%d, want 1080x720", set.Width, set.Height)
	}
	if len(set.Variants) != 2 || set.Variants[0].Width != 320 || set.Variants[1].Width != 640 {
		t.Fatalf("variants %+v, want 320 and 640 wide", set.Variants)
	}
	full := decodeAs(t, ports.ImageJPEG, original.Data)
	for _, v := range set.Variants {
		if want := v.Width * 720 / 1080; v.Height < want || v.Height > want+1 {
			t.Errorf("%dpx variant is %d high, want %d", v.Width, v.Height, want)
		}
		if len(v.Data)*2 > len(original.Data) {
			t.Errorf("%dpx variant is %d bytes, original %d: not much of a saving", v.Width, len(v.Data), len(original.Data))
		}
		img := decodeWebP(t, v)
		// The same picture: each quarter's mean colour within ten levels
		// of the original's.
		for _, q := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			small := image.Rect(q[0]*v.Width/2, q[1]*v.Height/2, (q[0]+1)*v.Width/2, (q[1]+1)*v.Height/2)
			big := image.Rect(q[0]*540, q[1]*360, (q[0]+1)*540, (q[1]+1)*360)
			a, b := meanColour(img, small), meanColour(full, big)
			for c := range 3 {
				if d := a[c] - b[c]; d > 10 || d < -10 {
					t.Errorf("%dpx variant, quarter %v: mean colour %v, original %v", v.Width, q, a, b)
					break
				}
			}
		}
	}
}

// No copy is wider than the original: a small image gets none.
func TestNoUpscaling(t *testing.T) {
	t.Parallel()
	set := variants(t, clean(t, encodeJPEG(t, 300, 200)), 320, 640, 1080)
	if set.Width != 300 || set.Height != 200 || len(set.Variants) != 0 {
		t.Fatalf("got %dx%d with %d variants, want 300x200 and none", set.Width, set.Height, len(set.Variants))
	}
	if set := variants(t, clean(t, encodeJPEG(t, 640, 400)), 320, 640); len(set.Variants) != 1 || set.Variants[0].Width != 320 {
		t.Fatalf("640-wide original: variants %+v, want only the 320 one", set.Variants)
	}
}

// A photo whose EXIF says to turn it a quarter right is shown taller than
// wide; its copies, which carry no EXIF, are turned in their pixels.
func TestCopiesFollowTheEXIFOrientation(t *testing.T) {
	t.Parallel()
	original := clean(t, jpegWithMetadata(t, 64, 48, 6))
	set := variants(t, original, 32)
	if set.Width != 48 || set.Height != 64 {
		t.Fatalf("shown size %dx%d, want 48x64", set.Width, set.Height)
	}
	if len(set.Variants) != 1 || set.Variants[0].Width != 32 || set.Variants[0].Height != 43 {
		t.Fatalf("variants %+v, want one 32x43", set.Variants)
	}
	img := decodeWebP(t, set.Variants[0])
	// The gradient's red grows along the stored x, which is top to bottom
	// once turned; its green grows along the stored y, right to left.
	top, bottom := meanColour(img, image.Rect(0, 0, 32, 6)), meanColour(img, image.Rect(0, 37, 32, 43))
	left, right := meanColour(img, image.Rect(0, 0, 6, 43)), meanColour(img, image.Rect(26, 0, 32, 43))
	if top[0]+100 > bottom[0] {
		t.Errorf("red top %.0f, bottom %.0f: want it growing downwards", top[0], bottom[0])
	}
	if right[1]+100 > left[1] {
		t.Errorf("green left %.0f, right %.0f: want it growing leftwards", left[1], right[1])
	}
}

// A PNG's transparent part stays transparent in its copy.
func TestPNGCopyKeepsTransparency(t *testing.T) {
	t.Parallel()
	src := image.NewNRGBA(image.Rect(0, 0, 400, 200))
	for y := range 200 {
		for x := range 400 {
			if x < 200 {
				src.SetNRGBA(x, y, color.NRGBA{R: 20, G: 120, B: 220, A: 255})
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	set := variants(t, clean(t, buf.Bytes()), 100)
	img := decodeWebP(t, set.Variants[0])
	if _, _, _, a := img.At(10, 25).RGBA(); a>>8 != 255 {
		t.Errorf("opaque half has alpha %d", a>>8)
	}
	if _, _, _, a := img.At(90, 25).RGBA(); a>>8 > 5 {
		t.Errorf("transparent half has alpha %d", a>>8)
	}
}

// A request that gives up while waiting for a slot leaves with its
// context's error, and nothing was made.
func TestVariantsHonourTheContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := images.New(images.Options{MaxDecoding: 1})
	_, err := c.Variants(ctx, clean(t, encodeJPEG(t, 700, 400)), []int{320})
	if err == nil {
		t.Fatal("Variants with a cancelled context succeeded")
	}
}

// The time the copies of a 1080-wide photo and of a 12-megapixel one
// take: what an upload waits for.
func BenchmarkVariants(b *testing.B) {
	c := images.New(images.Options{})
	photo := clean(b, demo.Photo(2))
	big := clean(b, encodeJPEG(b, 4000, 3000))
	// The first call compiles the WebP encoder; a server does it once.
	if _, err := c.Variants(context.Background(), photo, []int{320}); err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		img  ports.CleanImage
	}{{"1080x720", photo}, {"4000x3000", big}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				start := time.Now()
				if _, err := c.Variants(context.Background(), tc.img, []int{320, 640, 1080}); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(time.Since(start).Milliseconds()), "ms/upload")
			}
		})
	}
}

// Squares copies the centre square of a wide picture at each side smaller
// than its height, never enlarging it.
func TestSquaresAreTheCentreSquareNeverEnlarged(t *testing.T) {
	t.Parallel()
	// 300x200: a red left band and a blue right band 50 pixels wide, green
	// between: the centre square is all green.
	img := image.NewNRGBA(image.Rect(0, 0, 300, 200))
	for y := range 200 {
		for x := range 300 {
			c := color.NRGBA{G: 200, A: 255}
			if x < 50 {
				c = color.NRGBA{R: 200, A: 255}
			} else if x >= 250 {
				c = color.NRGBA{B: 200, A: 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	set, err := images.New(images.Options{}).Squares(context.Background(), clean(t, buf.Bytes()), []int{144, 48, 96, 200, 400})
	if err != nil {
		t.Fatal(err)
	}
	if set.Width != 300 || set.Height != 200 || len(set.Variants) != 3 {
		t.Fatalf("set %dx%d with %d copies, want 300x200 with 48, 96 and 144", set.Width, set.Height, len(set.Variants))
	}
	for i, side := range []int{48, 96, 144} {
		v := set.Variants[i]
		if v.Width != side || v.Height != side {
			t.Fatalf("copy %d is %dx%d, want %d square", i, v.Width, v.Height, side)
		}
		got := decodeWebP(t, v)
		// Near its left and right edges: the centre's green, not the bands.
		for _, x := range []int{1, side - 2} {
			r, g, b, _ := got.At(x, side/2).RGBA()
			if g>>8 < 150 || r>>8 > 60 || b>>8 > 60 {
				t.Fatalf("%d copy at x=%d is %d,%d,%d: not the centre square", side, x, r>>8, g>>8, b>>8)
			}
		}
	}
}
