package images

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// JPEG markers the stripper names.
const (
	markerSOI   = 0xD8
	markerEOI   = 0xD9
	markerSOS   = 0xDA
	markerAPP0  = 0xE0
	markerAPP1  = 0xE1
	markerAPP2  = 0xE2
	markerAPP14 = 0xEE
	markerCOM   = 0xFE
)

// maxJPEGScans refuses progressive files with absurdly many scans: each
// scan makes the decoder walk the whole image again (a known CPU bomb).
const maxJPEGScans = 100

var (
	jfifID = []byte("JFIF\x00")
	exifID = []byte("Exif\x00\x00")
	iccID  = []byte("ICC_PROFILE\x00")
	adobe  = []byte("Adobe")
)

// stripJPEG rewrites the segment list, keeping only what decoding and
// colour need: the frame and scan segments, quantisation and Huffman tables,
// restart intervals, APP0 JFIF (without its thumbnail), APP2 ICC profiles
// and APP14 Adobe (colour transform). Dropped: APP1 (EXIF with GPS and
// thumbnails, XMP), APP13 (Photoshop IPTC), every other APPn (MPF with its
// appended pictures, maker notes...), COM, and whatever follows EOI. The
// EXIF orientation is carried over in a minimal EXIF of its own, so a
// portrait photo stays upright. The entropy-coded data is copied as is.
func stripJPEG(data []byte) ([]byte, error) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != markerSOI {
		return nil, errors.New("jpeg: no SOI")
	}
	out := make([]byte, 0, len(data))
	out = append(out, 0xFF, markerSOI)
	i, scans, orientationDone := 2, 0, false
	for {
		// A marker, possibly after fill bytes.
		if i >= len(data) || data[i] != 0xFF {
			return nil, fmt.Errorf("jpeg: no marker at %d", i)
		}
		for i < len(data) && data[i] == 0xFF {
			i++
		}
		if i >= len(data) {
			return nil, errors.New("jpeg: truncated before EOI")
		}
		m := data[i]
		i++
		switch {
		case m == markerEOI:
			return append(out, 0xFF, markerEOI), nil
		case m == markerSOI || m == 0x00:
			return nil, fmt.Errorf("jpeg: unexpected marker %#x", m)
		case m >= 0xD0 && m <= 0xD7 || m == 0x01:
			// Stand-alone markers carry no length.
			out = append(out, 0xFF, m)
			continue
		}
		if i+2 > len(data) {
			return nil, errors.New("jpeg: truncated segment length")
		}
		n := int(binary.BigEndian.Uint16(data[i:]))
		if n < 2 || i+n > len(data) {
			return nil, fmt.Errorf("jpeg: segment %#x of %d bytes overruns the file", m, n)
		}
		payload := data[i+2 : i+n]
		i += n

		switch {
		case m == markerAPP0:
			if bytes.HasPrefix(payload, jfifID) && len(payload) >= 14 {
				// Version, units and densities kept; thumbnail size 0x0.
				out = append(out, 0xFF, markerAPP0, 0, 16)
				out = append(out, payload[:12]...)
				out = append(out, 0, 0)
			}
		case m == markerAPP1:
			if !orientationDone && bytes.HasPrefix(payload, exifID) {
				orientationDone = true
				if o := exifOrientation(payload[len(exifID):]); o > 1 {
					out = append(out, orientationEXIF(o)...)
				}
			}
		case m == markerAPP2:
			if bytes.HasPrefix(payload, iccID) {
				out = appendSegment(out, m, payload)
			}
		case m == markerAPP14:
			if bytes.HasPrefix(payload, adobe) {
				out = appendSegment(out, m, payload)
			}
		case m >= 0xE3 && m <= 0xEF, m == markerCOM:
			// Dropped: other APPn (IPTC in APP13 among them), comments.
		case m >= 0xC0 && m <= 0xDF:
			// SOFn, DHT, DAC, DQT, DRI, DNL, SOS...: what decoding needs.
			out = appendSegment(out, m, payload)
		default:
			// JPEG extensions (0xF0-0xFD): nothing a browser needs.
		}

		if m == markerSOS {
			scans++
			if scans > maxJPEGScans {
				return nil, fmt.Errorf("jpeg: more than %d scans", maxJPEGScans)
			}
			// Entropy-coded data runs to the next marker that is neither a
			// stuffed 0xFF00 nor a restart marker.
			start := i
			for {
				if i+1 >= len(data) {
					return nil, errors.New("jpeg: truncated scan")
				}
				if data[i] == 0xFF {
					next := data[i+1]
					if next == 0x00 || next >= 0xD0 && next <= 0xD7 {
						i += 2
						continue
					}
					if next != 0xFF {
						break
					}
				}
				i++
			}
			out = append(out, data[start:i]...)
		}
	}
}

func appendSegment(out []byte, marker byte, payload []byte) []byte {
	n := len(payload) + 2
	return append(append(out, 0xFF, marker, byte(n>>8), byte(n)), payload...)
}

// exifOrientation reads tag 0x0112 of IFD0 from a TIFF structure; 0 when
// absent or malformed.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	if order.Uint16(tiff[2:]) != 42 {
		return 0
	}
	ifd := int(order.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 0
	}
	count := int(order.Uint16(tiff[ifd:]))
	for k := 0; k < count; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(tiff) {
			return 0
		}
		if order.Uint16(tiff[e:]) == 0x0112 && order.Uint16(tiff[e+2:]) == 3 && order.Uint32(tiff[e+4:]) == 1 {
			if o := int(order.Uint16(tiff[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 0
		}
	}
	return 0
}

// orientationEXIF is an APP1 segment holding only IFD0 with the
// Orientation tag.
func orientationEXIF(o int) []byte {
	payload := []byte{
		'E', 'x', 'i', 'f', 0, 0,
		'M', 'M', 0, 42, 0, 0, 0, 8, // big-endian TIFF, IFD0 at 8
		0, 1, // one entry
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, // Orientation, SHORT, 1, value
		0, 0, 0, 0, // no next IFD
	}
	return appendSegment(nil, markerAPP1, payload)
}
