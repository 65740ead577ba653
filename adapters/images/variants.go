package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"slices"

	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"

	"social/core/ports"
)

// Encoding of the copies: lossy WebP at quality 80, a third of the bytes
// of a JPEG of the same look, and with an alpha channel for PNGs that have
// one. Method 3 of 0 (fast) to 6 (small) costs about half of libwebp's
// default 4 for files a few per cent larger.
const (
	variantQuality = 80
	variantMethod  = 3
)

var _ ports.ImageVariants = (*Cleaner)(nil)

// Variants decodes img once and scales it down to each width narrower than
// the image as shown, the widest first and each next one from the one
// before (cheaper than from a large original, and as sharp at these
// ratios). The work holds one of the cleaner's decoding slots from the
// decode to the last encode, so at most MaxDecoding images are in memory
// whether being cleaned or copied.
func (c *Cleaner) Variants(ctx context.Context, img ports.CleanImage, widths []int) (ports.ImageVariantSet, error) {
	return c.copies(ctx, img, widths, false)
}

// Squares is Variants of the centre square of img, the part a round or
// square slot drawn with object-fit: cover shows: each side smaller than
// the image's shorter side gets a copy that many pixels square.
func (c *Cleaner) Squares(ctx context.Context, img ports.CleanImage, sides []int) (ports.ImageVariantSet, error) {
	return c.copies(ctx, img, sides, true)
}

func (c *Cleaner) copies(ctx context.Context, img ports.CleanImage, widths []int, square bool) (ports.ImageVariantSet, error) {
	codec, ok := codecs[img.Format]
	if !ok {
		return ports.ImageVariantSet{}, fmt.Errorf("variants of %q: not a known format", img.Format)
	}
	orientation := 1
	if img.Format == ports.ImageJPEG {
		orientation = jpegOrientation(img.Data)
	}
	set := ports.ImageVariantSet{Width: img.Width, Height: img.Height}
	if orientation >= 5 {
		// Orientations 5 to 8 turn the picture a quarter: shown, its sides swap.
		set.Width, set.Height = img.Height, img.Width
	}
	// The copies' source as shown: the whole image, or its centre square
	// (the same pixels whichever way the image is turned).
	srcW, srcH := set.Width, set.Height
	if square {
		srcW = min(set.Width, set.Height)
		srcH = srcW
	}
	wanted := make([]int, 0, len(widths))
	for _, w := range widths {
		if w > 0 && w < srcW && !slices.Contains(wanted, w) {
			wanted = append(wanted, w)
		}
	}
	if len(wanted) == 0 {
		return set, nil
	}
	slices.Sort(wanted)

	select {
	case c.decoding <- struct{}{}:
	case <-ctx.Done():
		return ports.ImageVariantSet{}, ctx.Err()
	}
	defer func() { <-c.decoding }()

	decoded, err := codec.decode(bytes.NewReader(img.Data))
	if err != nil {
		return ports.ImageVariantSet{}, fmt.Errorf("variants: decode %s: %w", img.Format, err)
	}
	src, srcRect := decoded, decoded.Bounds()
	if square {
		b := decoded.Bounds()
		side := min(b.Dx(), b.Dy())
		x0, y0 := b.Min.X+(b.Dx()-side)/2, b.Min.Y+(b.Dy()-side)/2
		srcRect = image.Rect(x0, y0, x0+side, y0+side)
	}
	set.Variants = make([]ports.ImageVariant, len(wanted))
	for i := len(wanted) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return ports.ImageVariantSet{}, err
		}
		w := wanted[i]
		h := max(1, (srcH*w+srcW/2)/srcW)
		// Scaled in the stored orientation, turned afterwards: turning the
		// small copy is cheaper than turning the original.
		sw, sh := w, h
		if orientation >= 5 {
			sw, sh = h, w
		}
		scaled := image.NewRGBA(image.Rect(0, 0, sw, sh))
		draw.CatmullRom.Scale(scaled, scaled.Bounds(), src, srcRect, draw.Src, nil)
		src, srcRect = scaled, scaled.Bounds()
		var buf bytes.Buffer
		if err := webp.Encode(&buf, orient(scaled, orientation), webp.Options{Quality: variantQuality, Method: variantMethod}); err != nil {
			return ports.ImageVariantSet{}, fmt.Errorf("variants: encode %dpx: %w", w, err)
		}
		set.Variants[i] = ports.ImageVariant{Data: buf.Bytes(), Format: ports.ImageWebP, Width: w, Height: h}
	}
	return set, nil
}

// jpegOrientation is the EXIF orientation the cleaner kept in data (1 when
// none), read from the segments before the first scan.
func jpegOrientation(data []byte) int {
	for i := 2; i+4 <= len(data) && data[i] == 0xFF; {
		m := data[i+1]
		if m == markerSOS || m == markerEOI {
			break
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			break
		}
		payload := data[i+4 : i+2+n]
		if m == markerAPP1 && bytes.HasPrefix(payload, exifID) {
			if o := exifOrientation(payload[len(exifID):]); o >= 1 {
				return o
			}
		}
		i += 2 + n
	}
	return 1
}

// orient turns and mirrors img as EXIF orientation o asks, so that the
// copy, which carries no EXIF, shows as the original does.
func orient(img *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var dx, dy int
			switch o {
			case 2: // mirrored
				dx, dy = w-1-x, y
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored upside down
				dx, dy = x, h-1-y
			case 5: // mirrored, turned a quarter left
				dx, dy = y, x
			case 6: // turned a quarter right to show
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8: // turned a quarter left to show
				dx, dy = y, w-1-x
			}
			si, di := img.PixOffset(x, y), out.PixOffset(dx, dy)
			copy(out.Pix[di:di+4], img.Pix[si:si+4])
		}
	}
	return out
}
