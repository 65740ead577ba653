package videos

import (
	"math/bits"
	"strings"
)

// WebM (RFC 8794 EBML, Matroska's element table): the file is an EBML
// header and a Segment; every element is an ID and a size, both
// variable-length integers, and a size of all ones means unknown, which a
// live writer (a browser's MediaRecorder) gives its Segment and Clusters:
// those end where an element that cannot be their child begins, or with
// the file.

const (
	idEBML        = 0x1A45DFA3
	idDocType     = 0x4282
	idSegment     = 0x18538067
	idCluster     = 0x1F43B675
	idTracks      = 0x1654AE6B
	idTrackEntry  = 0xAE
	idTimestamp   = 0xE7
	idSimpleBlock = 0xA3
	idBlockGroup  = 0xA0
	idBlock       = 0xA1
	idVoid        = 0xEC
	idCRC32       = 0xBF
)

// segmentChildren are the top-level elements of a Segment.
var segmentChildren = map[uint32]bool{
	0x114D9B74: true, // SeekHead
	0x1549A966: true, // Info
	idTracks:   true,
	idCluster:  true,
	0x1C53BB6B: true, // Cues
	0x1043A770: true, // Chapters
	0x1254C367: true, // Tags
	0x1941A469: true, // Attachments
	idVoid:     true,
	idCRC32:    true,
}

// clusterChildren are the elements a Cluster may hold.
var clusterChildren = map[uint32]bool{
	idTimestamp:   true,
	0x5854:        true, // SilentTracks
	0xA7:          true, // Position
	0xAB:          true, // PrevSize
	idSimpleBlock: true,
	idBlockGroup:  true,
	0xAF:          true, // EncryptedBlock
	idVoid:        true,
	idCRC32:       true,
}

// ebmlElement is one element's header: where its data begins and, unless
// its size is unknown, where it ends.
type ebmlElement struct {
	id               uint32
	start, data, end int64
	unknown          bool
}

// webm checks the EBML header (DocType webm), then that the Segment's
// elements fit in it and the file, walking every Cluster's blocks, and
// that it holds Tracks and at least one Cluster, ending with the file.
func (w *walk) webm() error {
	h, err := w.ebmlElement(0, w.size)
	if err != nil {
		return err
	}
	if h.id != idEBML || h.unknown {
		return w.malformed(0, "no EBML header of known size")
	}
	docType := ""
	err = w.ebmlChildren(h, func(c ebmlElement) error {
		if c.id == idDocType && c.end-c.data <= 64 {
			b, err := w.bytes(c.data, int(c.end-c.data), c.end, "DocType")
			if err != nil {
				return err
			}
			docType = strings.TrimRight(string(b), "\x00")
		}
		return nil
	})
	if err != nil {
		return err
	}
	if docType != "webm" {
		return w.malformed(h.start, "DocType %q, not webm", docType)
	}

	seg, err := w.ebmlElement(h.end, w.size)
	if err != nil {
		return err
	}
	if seg.id != idSegment {
		return w.malformed(seg.start, "element %#x where the Segment should be", seg.id)
	}
	if !seg.unknown && seg.end != w.size {
		return w.malformed(seg.end, "%d bytes after the Segment", w.size-seg.end)
	}
	end := w.size
	var tracks, clusters int
	for off := seg.data; off < end; {
		if err := w.visit(off); err != nil {
			return err
		}
		e, err := w.ebmlElement(off, end)
		if err != nil {
			return err
		}
		if !segmentChildren[e.id] {
			return w.malformed(off, "element %#x is not a Segment's", e.id)
		}
		if e.id == idCluster {
			if off, err = w.webmCluster(e, end); err != nil {
				return err
			}
			clusters++
			continue
		}
		if e.unknown {
			return w.malformed(off, "element %#x of unknown size", e.id)
		}
		if e.id == idVoid || e.id == idCRC32 {
			off = e.end
			continue
		}
		entries := 0
		err = w.ebmlChildren(e, func(c ebmlElement) error {
			if c.id == idTrackEntry {
				entries++
			}
			return nil
		})
		if err != nil {
			return err
		}
		if e.id == idTracks {
			if entries == 0 {
				return w.malformed(off, "Tracks without a TrackEntry")
			}
			tracks++
		}
		off = e.end
	}
	if tracks == 0 || clusters == 0 {
		return w.malformed(end, "%d Tracks and %d Clusters", tracks, clusters)
	}
	return nil
}

// webmCluster walks a Cluster's children up to its end (for one of unknown
// size: up to the next Segment element, or end) and answers where it ended.
// Every child has a known size that fits; blocks hold at least their header.
// A live writer opens a Cluster with its first block, so one without is a
// file cut short.
func (w *walk) webmCluster(c ebmlElement, end int64) (int64, error) {
	if !c.unknown {
		end = c.end
	}
	timestamp, blocks := false, 0
	off := c.data
	for off < end {
		if err := w.visit(off); err != nil {
			return 0, err
		}
		e, err := w.ebmlElement(off, end)
		if err != nil {
			return 0, err
		}
		if c.unknown && segmentChildren[e.id] && !clusterChildren[e.id] {
			break
		}
		if !clusterChildren[e.id] {
			return 0, w.malformed(off, "element %#x is not a Cluster's", e.id)
		}
		if e.unknown {
			return 0, w.malformed(off, "element %#x of unknown size in a Cluster", e.id)
		}
		switch e.id {
		case idTimestamp:
			timestamp = true
		case idSimpleBlock:
			blocks++
			err = w.webmBlock(e)
		case idBlockGroup:
			blocks++
			block := false
			err = w.ebmlChildren(e, func(b ebmlElement) error {
				if b.id != idBlock {
					return nil
				}
				block = true
				return w.webmBlock(b)
			})
			if err == nil && !block {
				err = w.malformed(off, "BlockGroup without a Block")
			}
		}
		if err != nil {
			return 0, err
		}
		off = e.end
	}
	if !timestamp || blocks == 0 {
		return 0, w.malformed(c.start, "Cluster without a Timestamp or a block")
	}
	return off, nil
}

// webmBlock checks that a (Simple)Block holds its header: the track
// number, a 16-bit timestamp and the flags.
func (w *walk) webmBlock(b ebmlElement) error {
	h, err := w.bytes(b.data, int(min(b.end-b.data, 1)), b.end, "block")
	if err != nil {
		return err
	}
	if len(h) == 0 || h[0] == 0 || int64(bits.LeadingZeros8(h[0]))+1+3 > b.end-b.data {
		return w.malformed(b.start, "block of %d bytes without its header", b.end-b.data)
	}
	return nil
}

// ebmlChildren checks that the children of a master element of known size
// tile it, each of known size, and hands each to fn.
func (w *walk) ebmlChildren(parent ebmlElement, fn func(ebmlElement) error) error {
	for off := parent.data; off < parent.end; {
		if err := w.visit(off); err != nil {
			return err
		}
		c, err := w.ebmlElement(off, parent.end)
		if err != nil {
			return err
		}
		if c.unknown {
			return w.malformed(off, "element %#x of unknown size inside %#x", c.id, parent.id)
		}
		if err := fn(c); err != nil {
			return err
		}
		off = c.end
	}
	return nil
}

// ebmlElement reads the header of the element at off, whose data must end
// by end unless its size is unknown.
func (w *walk) ebmlElement(off, end int64) (ebmlElement, error) {
	h, err := w.bytes(off, int(min(12, max(end-off, 0))), end, "element header")
	if err != nil {
		return ebmlElement{}, err
	}
	if len(h) < 2 {
		return ebmlElement{}, w.malformed(off, "element header cut short")
	}
	idLen := bits.LeadingZeros8(h[0]) + 1
	if idLen > 4 {
		return ebmlElement{}, w.malformed(off, "element ID longer than 4 bytes")
	}
	if idLen >= len(h) {
		return ebmlElement{}, w.malformed(off, "element header cut short")
	}
	var id uint32
	for _, b := range h[:idLen] {
		id = id<<8 | uint32(b)
	}
	if value := id &^ (1 << (7*idLen + idLen - 1)); value == 0 || value == 1<<(7*idLen)-1 {
		return ebmlElement{}, w.malformed(off, "reserved element ID %#x", id)
	}
	if h[idLen] == 0 {
		return ebmlElement{}, w.malformed(off, "element size longer than 8 bytes")
	}
	sizeLen := bits.LeadingZeros8(h[idLen]) + 1
	if idLen+sizeLen > len(h) {
		return ebmlElement{}, w.malformed(off, "element header cut short")
	}
	size := uint64(h[idLen] & (0xFF >> sizeLen))
	for _, b := range h[idLen+1 : idLen+sizeLen] {
		size = size<<8 | uint64(b)
	}
	e := ebmlElement{id: id, start: off, data: off + int64(idLen+sizeLen)}
	if size == 1<<(7*sizeLen)-1 {
		e.unknown = true
		return e, nil
	}
	if size > uint64(end-e.data) {
		return ebmlElement{}, w.malformed(off, "element %#x of %d bytes, %d left", id, size, end-e.data)
	}
	e.end = e.data + int64(size)
	return e, nil
}
