package images_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
)

// Every fixture is made here, in code: images from the standard encoders,
// metadata written by hand from the formats' specifications.

const (
	secretMake    = "SecretCam-GPS-Leak"
	secretComment = "SecretComment at home"
	secretXMP     = "<x:xmpmeta><exif:GPSLatitude>23,33.1234S</exif:GPSLatitude></x:xmpmeta>"
	secretIPTC    = "SecretCaption of the photo"
	trailingHTML  = "<html><script>alert(document.cookie)</script></html>"
)

// secrets are strings no cleaned image may contain.
var secrets = []string{secretMake, "SecretComment", "GPSLatitude", "SecretCaption", "<script>", "xmpmeta", "SecretAuthor"}

func gradient(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{R: uint8(x * 255 / w), G: uint8(y * 255 / h), B: uint8((x + y) % 256), A: 255})
		}
	}
	return img
}

func encodeJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, gradient(w, h), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodePNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, gradient(w, h)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeGIF(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gif.Encode(&buf, gradient(8, 8), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// exifTIFF is a big-endian TIFF with IFD0 (Make, Orientation, a pointer to
// the GPS IFD) and a GPS IFD placing the camera at 23°33'12.34"S 46°38'W.
func exifTIFF(orientation uint16) []byte {
	var b bytes.Buffer
	be := binary.BigEndian
	w16 := func(v uint16) { _ = binary.Write(&b, be, v) }
	w32 := func(v uint32) { _ = binary.Write(&b, be, v) }
	entry := func(tag, typ uint16, count, value uint32) { w16(tag); w16(typ); w32(count); w32(value) }
	make_ := secretMake + "\x00"
	// Offsets: header 8, IFD0 (3 entries) 42 bytes, Make, GPS IFD (4 entries)
	// 54 bytes, then two arrays of three RATIONALs (24 bytes each).
	makeOff := uint32(8 + 42)
	gpsOff := makeOff + uint32(len(make_))
	latOff := gpsOff + 54
	lonOff := latOff + 24
	b.WriteString("MM")
	w16(42)
	w32(8)
	w16(3)
	entry(0x010F, 2, uint32(len(make_)), makeOff) // Make, ASCII
	entry(0x0112, 3, 1, uint32(orientation)<<16)  // Orientation, SHORT (left-justified)
	entry(0x8825, 4, 1, gpsOff)                   // GPSInfo IFD pointer
	w32(0)                                        // no IFD1
	b.WriteString(make_)                          // Make value
	w16(4)                                        // GPS IFD
	entry(0x0001, 2, 2, uint32('S')<<24)          // GPSLatitudeRef "S"
	entry(0x0002, 5, 3, latOff)                   // GPSLatitude
	entry(0x0003, 2, 2, uint32('W')<<24)          // GPSLongitudeRef "W"
	entry(0x0004, 5, 3, lonOff)                   // GPSLongitude
	w32(0)                                        //
	for _, v := range []uint32{23, 1, 33, 1, 1234, 100, 46, 1, 38, 1, 0, 1} {
		w32(v)
	}
	return b.Bytes()
}

func jpegSegment(marker byte, payload []byte) []byte {
	n := len(payload) + 2
	return append([]byte{0xFF, marker, byte(n >> 8), byte(n)}, payload...)
}

// jpegWithMetadata puts, right after SOI, a JFIF APP0 with a thumbnail, an
// EXIF APP1 with GPS, an XMP APP1, an MPF APP2, an ICC APP2, a Photoshop
// APP13 with IPTC and a comment, and appends HTML after EOI.
func jpegWithMetadata(t testing.TB, w, h int, orientation uint16) []byte {
	t.Helper()
	plain := encodeJPEG(t, w, h)
	jfif := append([]byte("JFIF\x00\x01\x02\x01\x00\x48\x00\x48\x02\x01"), bytes.Repeat([]byte{0xAB}, 2*1*3)...)
	iptc := append([]byte("Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x20\x1c\x02\x78\x00\x1a"), secretIPTC...)
	var out []byte
	out = append(out, plain[:2]...)
	out = append(out, jpegSegment(0xE0, jfif)...)
	out = append(out, jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(orientation)...))...)
	out = append(out, jpegSegment(0xE1, append([]byte("http://ns.adobe.com/xap/1.0/\x00"), secretXMP...))...)
	out = append(out, jpegSegment(0xE2, []byte("MPF\x00MM\x00\x2a SecretComment in MPF"))...)
	out = append(out, jpegSegment(0xE2, []byte("ICC_PROFILE\x00\x01\x01fake-profile"))...)
	out = append(out, jpegSegment(0xED, iptc)...)
	out = append(out, jpegSegment(0xFE, []byte(secretComment))...)
	out = append(out, plain[2:]...)
	return append(out, trailingHTML...)
}

func pngChunk(typ string, data []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[4:]))
}

// pngWithMetadata inserts after IHDR tEXt, zTXt, iTXt (XMP), eXIf (GPS),
// tIME and a private chunk, and appends HTML after IEND.
func pngWithMetadata(t testing.TB, w, h int) []byte {
	t.Helper()
	plain := encodePNG(t, w, h)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, _ = zw.Write([]byte("SecretAuthor Maria"))
	_ = zw.Close()
	ihdrEnd := 8 + 12 + 13
	var out []byte
	out = append(out, plain[:ihdrEnd]...)
	out = append(out, pngChunk("tEXt", []byte("Comment\x00"+secretComment))...)
	out = append(out, pngChunk("zTXt", append([]byte("Author\x00\x00"), z.Bytes()...))...)
	out = append(out, pngChunk("iTXt", []byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"+secretXMP))...)
	out = append(out, pngChunk("eXIf", exifTIFF(1))...)
	out = append(out, pngChunk("tIME", []byte{0x07, 0xE9, 1, 2, 3, 4, 5})...)
	out = append(out, pngChunk("prVt", []byte(secretComment))...)
	out = append(out, plain[ihdrEnd:]...)
	return append(out, trailingHTML...)
}

// pngHeaderOnly is a PNG whose IHDR claims w x h, followed by IEND: a
// pixel bomb of a few dozen bytes.
func pngHeaderOnly(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	return append(out, pngChunk("IEND", nil)...)
}

// jpegClaiming patches the frame header of a real JPEG to claim w x h.
func jpegClaiming(t testing.TB, w, h uint16) []byte {
	t.Helper()
	data := bytes.Clone(encodeJPEG(t, 16, 16))
	i := bytes.Index(data, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0 in the encoder's output")
	}
	binary.BigEndian.PutUint16(data[i+5:], h)
	binary.BigEndian.PutUint16(data[i+7:], w)
	return data
}

// bitWriter writes bits least significant first, as VP8L reads them.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

func (b *bitWriter) write(v uint64, n uint) {
	b.acc |= v << b.nacc
	b.nacc += n
	for b.nacc >= 8 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.nacc -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	if b.nacc > 0 {
		b.out = append(b.out, byte(b.acc))
		b.acc, b.nacc = 0, 0
	}
	return b.out
}

// vp8lSolid is a lossless WebP bitstream of a w x h image of one colour:
// no transform, no colour cache, and five one-symbol prefix codes (green,
// red, blue, alpha, distance), so every pixel takes zero bits.
func vp8lSolid(w, h int, c color.NRGBA) []byte {
	var b bitWriter
	b.write(0x2f, 8)
	b.write(uint64(w-1), 14)
	b.write(uint64(h-1), 14)
	b.write(0, 1) // alpha hint
	b.write(0, 3) // version
	b.write(0, 1) // no transform
	b.write(0, 1) // no colour cache
	b.write(0, 1) // no meta prefix codes
	for _, symbol := range []uint8{c.G, c.R, c.B, c.A, 0} {
		b.write(1, 1) // simple code
		b.write(0, 1) // one symbol
		b.write(1, 1) // of 8 bits
		b.write(uint64(symbol), 8)
	}
	return b.bytes()
}

func riffChunk(fourCC string, data []byte) []byte {
	out := append([]byte(fourCC), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	out = append(out, data...)
	if len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

func riff(chunks ...[]byte) []byte {
	var body []byte
	for _, c := range chunks {
		body = append(body, c...)
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

var webpColour = color.NRGBA{R: 200, G: 100, B: 50, A: 255}

func webpSimple(w, h int) []byte { return riff(riffChunk("VP8L", vp8lSolid(w, h, webpColour))) }

func vp8x(flags byte, w, h int) []byte {
	data := []byte{flags, 0, 0, 0}
	data = append(data, byte(w-1), byte((w-1)>>8), byte((w-1)>>16))
	return append(data, byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
}

// webpWithMetadata is an extended WebP (VP8X with the EXIF and XMP flags)
// carrying EXIF with GPS, XMP and an unknown chunk, with HTML after the RIFF.
func webpWithMetadata(w, h int) []byte {
	out := riff(
		riffChunk("VP8X", vp8x(1<<3|1<<2, w, h)),
		riffChunk("VP8L", vp8lSolid(w, h, webpColour)),
		riffChunk("EXIF", exifTIFF(6)),
		riffChunk("XMP ", []byte(secretXMP)),
		riffChunk("ZZZZ", []byte(secretComment)),
	)
	return append(out, trailingHTML...)
}

// webpClaiming is a VP8X header claiming w x h over a tiny bitstream.
func webpClaiming(w, h int) []byte {
	return riff(riffChunk("VP8X", vp8x(0, w, h)), riffChunk("VP8L", vp8lSolid(1, 1, webpColour)))
}
