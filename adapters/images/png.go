package images

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngKept are the chunks a PNG keeps: the critical ones and the ancillary
// ones that change how pixels look. Everything else goes: tEXt, zTXt, iTXt
// (comments, XMP), eXIf, tIME, private chunks, and the APNG frames (the
// default image stays).
var pngKept = map[string]bool{
	"IHDR": true, "PLTE": true, "IDAT": true, "IEND": true,
	"tRNS": true, "gAMA": true, "cHRM": true, "sRGB": true, "iCCP": true,
	"sBIT": true, "bKGD": true, "pHYs": true, "cICP": true, "mDCV": true, "cLLI": true,
}

// maxPNGChunks bounds the walk over a file of many tiny chunks.
const maxPNGChunks = 100_000

// stripPNG copies the kept chunks, checking each one's length and CRC, and
// drops whatever follows IEND.
func stripPNG(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data))
	out = append(out, pngSignature...)
	i := len(pngSignature)
	for n := 0; ; n++ {
		if n > maxPNGChunks {
			return nil, errors.New("png: too many chunks")
		}
		if i+12 > len(data) {
			return nil, errors.New("png: truncated before IEND")
		}
		length := binary.BigEndian.Uint32(data[i:])
		if length > 1<<31-1 || uint64(i)+12+uint64(length) > uint64(len(data)) {
			return nil, fmt.Errorf("png: chunk at %d overruns the file", i)
		}
		end := i + 12 + int(length)
		typ := string(data[i+4 : i+8])
		for _, c := range []byte(typ) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				return nil, fmt.Errorf("png: bad chunk type %q", typ)
			}
		}
		if crc32.ChecksumIEEE(data[i+4:end-4]) != binary.BigEndian.Uint32(data[end-4:]) {
			return nil, fmt.Errorf("png: bad CRC in %s", typ)
		}
		if n == 0 && typ != "IHDR" {
			return nil, errors.New("png: first chunk is not IHDR")
		}
		if pngKept[typ] {
			out = append(out, data[i:end]...)
		} else if typ[0] >= 'A' && typ[0] <= 'Z' {
			// An unknown critical chunk means the image cannot be shown
			// without it.
			return nil, fmt.Errorf("png: unknown critical chunk %q", typ)
		}
		i = end
		if typ == "IEND" {
			return out, nil
		}
	}
}
