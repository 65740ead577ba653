package videotest

import (
	"bytes"
	"encoding/binary"
)

// Element is an EBML element: its ID as written (marker bits included),
// its size as the shortest EBML integer, its data.
func Element(id uint32, data ...[]byte) []byte {
	body := bytes.Join(data, nil)
	return bytes.Join([][]byte{ebmlID(id), EBMLSize(uint64(len(body))), body}, nil)
}

// UnknownSize is an EBML element whose size is unknown (eight bytes of
// all ones), as a live writer opens its Segment and Clusters.
func UnknownSize(id uint32, data ...[]byte) []byte {
	return bytes.Join(append([][]byte{ebmlID(id), {0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}}, data...), nil)
}

// EBMLSize is n as the shortest EBML variable-size integer that is not
// the reserved all-ones value.
func EBMLSize(n uint64) []byte {
	length := 1
	for n >= 1<<(7*length)-1 {
		length++
	}
	out := binary.BigEndian.AppendUint64(nil, n|1<<(7*length))
	return out[8-length:]
}

func ebmlID(id uint32) []byte {
	b := binary.BigEndian.AppendUint32(nil, id)
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// uintData is an EBML unsigned integer's data: big-endian, shortest.
func uintData(v uint64) []byte {
	b := binary.BigEndian.AppendUint64(nil, v)
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// EBML and Matroska IDs the fixtures use.
const (
	IDEBML        = 0x1A45DFA3
	IDDocType     = 0x4282
	IDSegment     = 0x18538067
	IDInfo        = 0x1549A966
	IDTracks      = 0x1654AE6B
	IDTrackEntry  = 0xAE
	IDCluster     = 0x1F43B675
	IDTimestamp   = 0xE7
	IDSimpleBlock = 0xA3
	IDBlockGroup  = 0xA0
	IDBlock       = 0xA1
	IDCues        = 0x1C53BB6B
	IDVoid        = 0xEC
)

// WebMHeader is the EBML header of a WebM file (DocType docType).
func WebMHeader(docType string) []byte {
	u := func(id uint32, v uint64) []byte { return Element(id, uintData(v)) }
	return Element(IDEBML, u(0x4286, 1), u(0x42F7, 1), u(0x42F2, 4), u(0x42F3, 8),
		Element(IDDocType, []byte(docType)), u(0x4287, 4), u(0x4285, 2))
}

// WebMTracks is Info and Tracks for one 320x240 VP8 video track.
func WebMTracks() []byte {
	u := func(id uint32, v uint64) []byte { return Element(id, uintData(v)) }
	info := Element(IDInfo, u(0x2AD7B1, 1_000_000), Element(0x4D80, []byte("videotest")), Element(0x5741, []byte("videotest")))
	video := Element(0xE0, u(0xB0, 320), u(0xBA, 240))
	entry := Element(IDTrackEntry, u(0xD7, 1), u(0x73C5, 1), u(0x83, 1), Element(0x86, []byte("V_VP8")), video)
	return append(info, Element(IDTracks, entry)...)
}

// SimpleBlock is a key frame of track 1 at timestamp ts of its cluster.
func SimpleBlock(ts int16, frame []byte) []byte {
	return Element(IDSimpleBlock, pack(uint8(0x81), ts, uint8(0x80), frame))
}

// BlockGroup holds a Block of track 1 at ts, and its duration.
func BlockGroup(ts int16, frame []byte) []byte {
	return Element(IDBlockGroup, Element(IDBlock, pack(uint8(0x81), ts, uint8(0), frame)), Element(0x9B, uintData(40)))
}

// WebMOptions lays out a WebM.
type WebMOptions struct {
	// Live writes the Segment and the Clusters with unknown sizes and no
	// Cues, as a browser's MediaRecorder does.
	Live bool
}

// WebM is a whole WebM of one video track whose frames (at least two) are
// split between two Clusters, the second frame in a BlockGroup, the others
// SimpleBlocks; a Void element pads the first Cluster.
func WebM(frames [][]byte, o WebMOptions) []byte {
	half := max(len(frames)/2, 2)
	cluster := func(ts uint64, blocks ...[]byte) []byte {
		data := append([][]byte{Element(IDTimestamp, uintData(ts))}, blocks...)
		if o.Live {
			return UnknownSize(IDCluster, data...)
		}
		return Element(IDCluster, data...)
	}
	var first, second [][]byte
	for i, f := range frames {
		switch {
		case i == 1:
			first = append(first, BlockGroup(int16(i*40), f))
		case i < half:
			first = append(first, SimpleBlock(int16(i*40), f))
		default:
			second = append(second, SimpleBlock(int16((i-half)*40), f))
		}
	}
	first = append(first, Element(IDVoid, zeros(5)))
	body := [][]byte{WebMTracks(), cluster(0, first...)}
	if len(second) > 0 {
		body = append(body, cluster(uint64(half*40), second...))
	}
	if o.Live {
		return append(WebMHeader("webm"), UnknownSize(IDSegment, body...)...)
	}
	cues := Element(IDCues, Element(0xBB, Element(0xB3, uintData(0)),
		Element(0xB7, Element(0xF7, uintData(1)), Element(0xF1, uintData(0)))))
	return append(WebMHeader("webm"), Element(IDSegment, append(body, cues)...)...)
}
