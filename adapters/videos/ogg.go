package videos

import "encoding/binary"

// Ogg (RFC 3533): the file is a sequence of pages, each a 27-byte header
// ("OggS", version 0, flags, granule position, stream serial number, page
// sequence number, CRC-32, segment count), the segment table and the body
// whose size the table adds up. A logical stream begins with a page flagged
// BOS and ends with one flagged EOS, so a file cut at a page boundary is
// found as well as one cut inside a page.

const (
	oggContinued = 0x01
	oggBOS       = 0x02
	oggEOS       = 0x04
	// oggMaxOpenStreams is far above a video's streams (Theora, Vorbis or
	// Opus, maybe Skeleton) and keeps a hostile file's bookkeeping small.
	oggMaxOpenStreams = 64
)

// oggCRCTables are CRC-32 with Ogg's polynomial 0x04C11DB7, unreflected:
// the first is the byte-at-a-time table, the others let oggCRC take eight
// bytes a step (slicing-by-8), as a 50 MB file's every byte is summed.
var oggCRCTables = func() (t [8][256]uint32) {
	for i := range t[0] {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04C11DB7
			} else {
				r <<= 1
			}
		}
		t[0][i] = r
	}
	for k := 1; k < 8; k++ {
		for i := range t[k] {
			prev := t[k-1][i]
			t[k][i] = prev<<8 ^ t[0][prev>>24]
		}
	}
	return t
}()

func oggCRC(crc uint32, b []byte) uint32 {
	t := &oggCRCTables
	for len(b) >= 8 {
		x := crc ^ binary.BigEndian.Uint32(b)
		crc = t[7][x>>24] ^ t[6][x>>16&0xFF] ^ t[5][x>>8&0xFF] ^ t[4][x&0xFF] ^
			t[3][b[4]] ^ t[2][b[5]] ^ t[1][b[6]] ^ t[0][b[7]]
		b = b[8:]
	}
	for _, c := range b {
		crc = crc<<8 ^ t[0][byte(crc>>24)^c]
	}
	return crc
}

// ogg checks that pages tile the file, each with its CRC right, that every
// stream starts with BOS, numbers its pages without a gap and ends with
// EOS, and that the first page is a BOS.
func (w *walk) ogg() error {
	if w.size == 0 {
		return w.malformed(0, "empty file")
	}
	open := map[uint32]uint32{} // serial number -> last page's sequence number
	for off := int64(0); off < w.size; {
		if err := w.visit(off); err != nil {
			return err
		}
		b, err := w.bytes(off, 27, w.size, "page header")
		if err != nil {
			return err
		}
		var h [27]byte
		copy(h[:], b)
		if string(h[:4]) != "OggS" {
			return w.malformed(off, "no page capture pattern")
		}
		flags := h[5]
		switch {
		case h[4] != 0:
			return w.malformed(off, "page version %d", h[4])
		case flags&^(oggContinued|oggBOS|oggEOS) != 0:
			return w.malformed(off, "page flags %#x", flags)
		case flags&oggBOS != 0 && flags&oggContinued != 0:
			return w.malformed(off, "a first page that continues a packet")
		case off == 0 && flags&oggBOS == 0:
			return w.malformed(off, "the first page is not a BOS")
		}
		serial, seq, want := binary.LittleEndian.Uint32(h[14:]), binary.LittleEndian.Uint32(h[18:]), binary.LittleEndian.Uint32(h[22:])
		clear(h[22:26])
		crc := oggCRC(0, h[:])

		segments := int(h[26])
		table, err := w.bytes(off+27, segments, w.size, "segment table")
		if err != nil {
			return err
		}
		crc = oggCRC(crc, table)
		body := 0
		for _, n := range table {
			body += int(n)
		}
		bodyAt := off + 27 + int64(segments)
		data, err := w.bytes(bodyAt, body, w.size, "page body")
		if err != nil {
			return err
		}
		if crc = oggCRC(crc, data); crc != want {
			return w.malformed(off, "page CRC %#08x, computed %#08x", want, crc)
		}

		last, known := open[serial]
		switch {
		case flags&oggBOS != 0 && known:
			return w.malformed(off, "a second BOS page for stream %#x", serial)
		case flags&oggBOS != 0 && len(open) >= oggMaxOpenStreams:
			return w.malformed(off, "more than %d streams at once", oggMaxOpenStreams)
		case flags&oggBOS == 0 && !known:
			return w.malformed(off, "page of stream %#x, which has not begun or has ended", serial)
		case flags&oggBOS == 0 && seq != last+1:
			return w.malformed(off, "page %d of stream %#x follows page %d", seq, serial, last)
		}
		if flags&oggEOS != 0 {
			delete(open, serial)
		} else {
			open[serial] = seq
		}
		off = bodyAt + int64(body)
	}
	for serial, seq := range open {
		return w.malformed(w.size, "stream %#x ends on page %d without EOS", serial, seq)
	}
	return nil
}
