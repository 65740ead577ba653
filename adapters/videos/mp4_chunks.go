package videos

import "encoding/binary"

// A track's samples lie in chunks: stco (or co64) gives each chunk's file
// offset, stsc how many samples each chunk holds, stsz (or stz2) each
// sample's size. A chunk that runs past the end of the file is media data
// the file lost: the one truncation box sizes cannot show, when the last
// box is an mdat sized to the end of the file.

// mp4Sizes reads a track's sample sizes.
type mp4Sizes struct {
	src      *source
	first    int64  // where the first entry is
	constant uint32 // every sample's size, when not 0
	bits     int    // bits per entry: 32 in stsz; 4, 8 or 16 in stz2
	count    uint32
}

// mp4Chunks checks the chunks of one sample table (stbl) against the file.
func (w *walk) mp4Chunks(stbl mp4Box, k mp4Kids) error {
	offsets, width := k.stco, int64(4)
	if k.co64.present() {
		if k.stco.present() {
			return w.malformed(stbl.start, "stbl with both stco and co64")
		}
		offsets, width = k.co64, 8
	}
	if !offsets.present() {
		return nil
	}
	chunks, err := w.mp4Entries(offsets, width)
	if err != nil || chunks == 0 {
		return err
	}
	if !k.stsc.present() || k.stsz.present() == k.stz2.present() {
		return w.malformed(stbl.start, "chunks without one stsc and one stsz or stz2")
	}
	runs, err := w.mp4Entries(k.stsc, 12)
	if err != nil {
		return err
	}
	if runs == 0 {
		return w.malformed(k.stsc.start, "%d chunks and no stsc entry", chunks)
	}
	sizes, err := w.mp4SampleSizes(k.stsz, k.stz2)
	if err != nil {
		return err
	}
	runSrc, offSrc := w.tableSource(1), w.tableSource(2)
	runAt := func(e uint32, field int64) (uint32, error) {
		b, err := runSrc.at(k.stsc.data+8+int64(e)*12+field, 4)
		if err != nil {
			return 0, err
		}
		return binary.BigEndian.Uint32(b), nil
	}
	var sample uint32 // the next sample's index
	for e := range runs {
		first, err := runAt(e, 0)
		if err != nil {
			return err
		}
		perChunk, err := runAt(e, 4)
		if err != nil {
			return err
		}
		next := uint64(chunks) + 1
		if e+1 < runs {
			n, err := runAt(e+1, 0)
			if err != nil {
				return err
			}
			next = uint64(n)
		}
		if (e == 0 && first != 1) || first == 0 || first > chunks || next <= uint64(first) {
			return w.malformed(k.stsc.start, "stsc entry %d starts at chunk %d of %d", e, first, chunks)
		}
		for c := uint64(first); c < min(next, uint64(chunks)+1); c++ {
			if err := w.tick(); err != nil {
				return err
			}
			b, err := offSrc.at(offsets.data+8+int64(c-1)*width, int(width))
			if err != nil {
				return err
			}
			at := uint64(binary.BigEndian.Uint32(b))
			if width == 8 {
				at = binary.BigEndian.Uint64(b)
			}
			if uint64(sizes.count-sample) < uint64(perChunk) {
				return w.malformed(k.stsc.start, "chunk %d holds samples past the %d of stsz", c, sizes.count)
			}
			var n uint64
			if sizes.constant != 0 {
				n = uint64(perChunk) * uint64(sizes.constant)
				sample += perChunk
			} else {
				for range perChunk {
					s, err := w.mp4SampleSize(sizes, sample)
					if err != nil {
						return err
					}
					n += uint64(s)
					sample++
				}
			}
			if at > uint64(w.size) || n > uint64(w.size)-at {
				return w.malformed(offsets.start, "chunk %d of %d bytes at %d runs past the end of the file", c, n, at)
			}
		}
	}
	return nil
}

// mp4Entries reads the entry count of a full box whose entries of width
// bytes follow it, and checks they fit in the box.
func (w *walk) mp4Entries(b mp4Box, width int64) (uint32, error) {
	h, err := w.bytes(b.data, 8, b.end, b.typ+" header")
	if err != nil {
		return 0, err
	}
	n := binary.BigEndian.Uint32(h[4:])
	if int64(n) > (b.end-b.data-8)/width {
		return 0, w.malformed(b.start, "%s of %d entries in %d bytes", b.typ, n, b.end-b.start)
	}
	return n, nil
}

func (w *walk) mp4SampleSizes(stsz, stz2 mp4Box) (mp4Sizes, error) {
	s := mp4Sizes{src: w.tableSource(0)}
	if stsz.present() {
		h, err := w.bytes(stsz.data, 12, stsz.end, "stsz header")
		if err != nil {
			return s, err
		}
		s.constant, s.count, s.bits, s.first = binary.BigEndian.Uint32(h[4:]), binary.BigEndian.Uint32(h[8:]), 32, stsz.data+12
		if s.constant == 0 && int64(s.count) > (stsz.end-s.first)/4 {
			return s, w.malformed(stsz.start, "stsz of %d sizes in %d bytes", s.count, stsz.end-stsz.start)
		}
		return s, nil
	}
	h, err := w.bytes(stz2.data, 12, stz2.end, "stz2 header")
	if err != nil {
		return s, err
	}
	s.bits, s.count, s.first = int(h[7]), binary.BigEndian.Uint32(h[8:]), stz2.data+12
	if s.bits != 4 && s.bits != 8 && s.bits != 16 {
		return s, w.malformed(stz2.start, "stz2 field size %d", s.bits)
	}
	if (int64(s.count)*int64(s.bits)+7)/8 > stz2.end-s.first {
		return s, w.malformed(stz2.start, "stz2 of %d sizes in %d bytes", s.count, stz2.end-stz2.start)
	}
	return s, nil
}

func (w *walk) mp4SampleSize(s mp4Sizes, i uint32) (uint32, error) {
	at := s.first + int64(i)*int64(s.bits)/8
	b, err := s.src.at(at, max(s.bits/8, 1))
	if err != nil {
		return 0, err
	}
	switch s.bits {
	case 4:
		if i%2 == 0 {
			return uint32(b[0] >> 4), nil
		}
		return uint32(b[0] & 0x0F), nil
	case 8:
		return uint32(b[0]), nil
	case 16:
		return uint32(binary.BigEndian.Uint16(b)), nil
	}
	return binary.BigEndian.Uint32(b), nil
}
