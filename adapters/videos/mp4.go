package videos

import "encoding/binary"

// MP4 (ISO/IEC 14496-12, the ISO base media file format): the file is a
// sequence of boxes, each a 32-bit size (1: a 64-bit largesize follows;
// 0: to the end of the file) and a four-character type.

// mp4Box is one box: its type, where it starts, where its payload starts
// and where it ends.
type mp4Box struct {
	typ              string
	start, data, end int64
}

func (b mp4Box) present() bool { return b.typ != "" }

// mp4Containers are the boxes whose payload is nothing but boxes, so their
// children must tile them. Boxes that mix fields and children (meta, stsd,
// dref) and udta (QuickTime lets it end on a 32-bit zero) are only sized.
var mp4Containers = map[string]bool{
	"moov": true, "trak": true, "edts": true, "mdia": true, "minf": true, "dinf": true, "stbl": true,
	"mvex": true, "moof": true, "traf": true, "mfra": true,
}

// mp4Kids is what a container held that the walk needs afterwards.
type mp4Kids struct {
	mvhd, trak                   bool
	stsz, stz2, stsc, stco, co64 mp4Box
}

// mp4 checks that the top-level boxes tile the file exactly, ftyp first;
// that one moov, whose children tile it, describes tracks whose chunks lie
// inside the file; and that media data (mdat) is present.
func (w *walk) mp4() error {
	if w.size == 0 {
		return w.malformed(0, "empty file")
	}
	var moov, mdat bool
	for off := int64(0); off < w.size; {
		if err := w.visit(off); err != nil {
			return err
		}
		b, err := w.mp4Box(off, w.size, true)
		if err != nil {
			return err
		}
		switch {
		case off == 0 && b.typ != "ftyp":
			return w.malformed(off, "first box is %q, not ftyp", b.typ)
		case b.typ == "ftyp" && off != 0:
			return w.malformed(off, "a second ftyp")
		case b.typ == "ftyp" && b.end-b.data < 8:
			return w.malformed(off, "ftyp of %d bytes has no brands", b.end-b.start)
		case b.typ == "moov" && moov:
			return w.malformed(off, "a second moov")
		case b.typ == "moov":
			moov = true
			kids, err := w.mp4Inside(b, 1)
			if err != nil {
				return err
			}
			if !kids.mvhd || !kids.trak {
				return w.malformed(off, "moov without mvhd or trak")
			}
		case b.typ == "moof":
			if _, err := w.mp4Inside(b, 1); err != nil {
				return err
			}
		case b.typ == "mdat":
			mdat = true
		}
		off = b.end
	}
	if !moov {
		return w.malformed(w.size, "no moov")
	}
	if !mdat {
		return w.malformed(w.size, "no mdat")
	}
	return nil
}

// mp4Box reads the header of the box at off, which must end by end. Only
// a top-level box may be sized to the end of the file.
func (w *walk) mp4Box(off, end int64, top bool) (mp4Box, error) {
	h, err := w.bytes(off, 8, end, "box header")
	if err != nil {
		return mp4Box{}, err
	}
	size, typ := int64(binary.BigEndian.Uint32(h)), string(h[4:8])
	for i := range len(typ) {
		if typ[i] < 0x20 || typ[i] > 0x7E {
			return mp4Box{}, w.malformed(off, "box type %q is not four characters", typ)
		}
	}
	data := off + 8
	switch {
	case size == 1:
		h, err := w.bytes(off+8, 8, end, "box largesize")
		if err != nil {
			return mp4Box{}, err
		}
		large := binary.BigEndian.Uint64(h)
		if large < 16 || large > uint64(end-off) {
			return mp4Box{}, w.malformed(off, "box %q of %d bytes, %d left", typ, large, end-off)
		}
		size, data = int64(large), off+16
	case size == 0 && top:
		size = end - off
	case size == 0:
		return mp4Box{}, w.malformed(off, "box %q sized to the end of the file inside another", typ)
	case size < 8:
		return mp4Box{}, w.malformed(off, "box %q of %d bytes is smaller than its header", typ, size)
	}
	if size > end-off {
		return mp4Box{}, w.malformed(off, "box %q of %d bytes, %d left", typ, size, end-off)
	}
	if typ == "uuid" {
		if data+16 > off+size {
			return mp4Box{}, w.malformed(off, "uuid box without its extended type")
		}
		data += 16
	}
	return mp4Box{typ: typ, start: off, data: data, end: off + size}, nil
}

// mp4Inside checks that the children of a container tile it, descending
// into the containers among them; a sample table's chunks are checked
// against the file once its children are known.
func (w *walk) mp4Inside(parent mp4Box, depth int) (mp4Kids, error) {
	if err := w.deeper(parent.start, depth); err != nil {
		return mp4Kids{}, err
	}
	var kids mp4Kids
	for off := parent.data; off < parent.end; {
		if err := w.visit(off); err != nil {
			return kids, err
		}
		b, err := w.mp4Box(off, parent.end, false)
		if err != nil {
			return kids, err
		}
		if mp4Containers[b.typ] {
			if _, err := w.mp4Inside(b, depth+1); err != nil {
				return kids, err
			}
		}
		switch b.typ {
		case "mvhd":
			kids.mvhd = true
		case "trak":
			kids.trak = true
		case "stsz":
			kids.stsz = b
		case "stz2":
			kids.stz2 = b
		case "stsc":
			kids.stsc = b
		case "stco":
			kids.stco = b
		case "co64":
			kids.co64 = b
		}
		off = b.end
	}
	if parent.typ == "stbl" {
		return kids, w.mp4Chunks(parent, kids)
	}
	return kids, nil
}
