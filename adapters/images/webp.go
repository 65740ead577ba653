package images

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// webpKept are the RIFF chunks a WebP keeps: the still image (VP8 lossy,
// VP8L lossless, ALPH alpha), the VP8X header and the ICC profile. Dropped:
// EXIF, XMP, unknown chunks, and the animation (ANIM, ANMF), which the
// decoder used to validate does not support anyway.
var webpKept = map[string]bool{"VP8X": true, "VP8 ": true, "VP8L": true, "ALPH": true, "ICCP": true}

// VP8X flag bits.
const (
	vp8xICC  = 1 << 5
	vp8xEXIF = 1 << 3
	vp8xXMP  = 1 << 2
)

// stripWebP rebuilds the RIFF container from the kept chunks with a
// corrected size, clears the EXIF and XMP flags of VP8X (and the ICC flag
// when no profile is left), and drops bytes past the RIFF size.
func stripWebP(data []byte) ([]byte, error) {
	if len(data) < 12 {
		return nil, errors.New("webp: truncated header")
	}
	size := uint64(binary.LittleEndian.Uint32(data[4:]))
	if size < 4 || 8+size > uint64(len(data)) {
		return nil, fmt.Errorf("webp: RIFF size %d does not fit %d bytes", size, len(data))
	}
	body := data[12 : 8+size]
	out := make([]byte, 12, len(data))
	copy(out, data[:12])
	vp8x, hasICC := -1, false
	for i := 0; i < len(body); {
		if i+8 > len(body) {
			return nil, errors.New("webp: truncated chunk header")
		}
		fourCC := string(body[i : i+4])
		n := uint64(binary.LittleEndian.Uint32(body[i+4:]))
		padded := n + n&1
		if uint64(i)+8+n > uint64(len(body)) {
			return nil, fmt.Errorf("webp: chunk %q overruns the file", fourCC)
		}
		end := i + 8 + int(n)
		if uint64(i)+8+padded <= uint64(len(body)) {
			end = i + 8 + int(padded)
		}
		if webpKept[fourCC] {
			if fourCC == "VP8X" {
				vp8x = len(out) + 8
			}
			hasICC = hasICC || fourCC == "ICCP"
			out = append(out, body[i:i+8+int(n)]...)
			if n&1 == 1 {
				out = append(out, 0)
			}
		}
		i = end
	}
	if vp8x >= 0 {
		if vp8x >= len(out) {
			return nil, errors.New("webp: empty VP8X")
		}
		flags := out[vp8x] &^ (vp8xEXIF | vp8xXMP)
		if !hasICC {
			flags &^= vp8xICC
		}
		out[vp8x] = flags
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}
