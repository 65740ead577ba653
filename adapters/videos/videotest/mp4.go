package videotest

import "bytes"

// Box is an ISO BMFF box: a 32-bit size, the four-character type, the
// payload.
func Box(typ string, payload ...[]byte) []byte {
	body := bytes.Join(payload, nil)
	return pack(uint32(8+len(body)), typ, body)
}

// LargeBox is a box whose size is in the 64-bit largesize (its 32-bit size
// is 1).
func LargeBox(typ string, payload ...[]byte) []byte {
	body := bytes.Join(payload, nil)
	return pack(uint32(1), typ, uint64(16+len(body)), body)
}

// fullBox is a box that starts with a version and 24 bits of flags.
func fullBox(typ string, version uint8, flags uint32, payload ...[]byte) []byte {
	return Box(typ, append([][]byte{pack(uint32(version)<<24 | flags)}, payload...)...)
}

// MP4Options lays out an MP4.
type MP4Options struct {
	// MoovLast puts the movie box after the media data, as phones and
	// ffmpeg without faststart write it.
	MoovLast bool
	// LargeSize gives the mdat a 64-bit largesize.
	LargeSize bool
	// ToEnd sizes the mdat 0: to the end of the file (so it is the last box).
	ToEnd bool
	// CompactSizes writes the sample sizes 16 bits each (stz2, not stsz).
	CompactSizes bool
	// Offsets64 writes the chunk offsets 64 bits each (co64, not stco).
	Offsets64 bool
	// Fragmented writes an empty sample table and mvex in the moov, then
	// the media as a movie fragment (moof + mdat), as a browser's
	// MediaRecorder does.
	Fragmented bool
}

// MP4 is a whole MP4 of one video track whose samples are media, cut in
// three and stored in two chunks.
func MP4(media []byte, o MP4Options) []byte {
	third := uint32(len(media) / 3)
	pre, post := mp4Parts([]uint32{third, third, uint32(len(media)) - 2*third}, o)
	return bytes.Join([][]byte{pre, media, post}, nil)
}

// MP4Head is the head of a whole MP4 (moov first) of size bytes whose one
// sample is every byte after the head: whatever follows it (zeros, in a
// test that streams a large upload) makes the file whole.
func MP4Head(size int) []byte {
	head, _ := mp4Parts([]uint32{0}, MP4Options{})
	head, _ = mp4Parts([]uint32{uint32(size - len(head))}, MP4Options{})
	return head
}

// MP4Around is what goes before and after media of n bytes (one sample)
// in a whole MP4, for a test that makes the media up as it reads.
func MP4Around(n int, o MP4Options) (before, after []byte) {
	return mp4Parts([]uint32{uint32(n)}, o)
}

// mp4Parts answers the bytes before the media (of samples of sizes) and
// after it.
func mp4Parts(sizes []uint32, o MP4Options) (pre, post []byte) {
	if o.MoovLast && (o.ToEnd || o.Fragmented) {
		panic("videotest: MoovLast with ToEnd or Fragmented")
	}
	var total uint64
	for _, s := range sizes {
		total += uint64(s)
	}
	ftyp := Box("ftyp", []byte("isom"), pack(uint32(0x200)), []byte("isomiso2avc1mp41"))
	var mdat []byte
	switch {
	case o.ToEnd:
		mdat = pack(uint32(0), "mdat")
	case o.LargeSize:
		mdat = pack(uint32(1), "mdat", 16+total)
	default:
		mdat = pack(uint32(8+total), "mdat")
	}
	if o.Fragmented {
		moov := mp4Moov(nil, nil, o)
		moof := mp4Moof(sizes, 0)
		moof = mp4Moof(sizes, uint32(len(moof)+len(mdat)))
		return bytes.Join([][]byte{ftyp, moov, moof, mdat}, nil), nil
	}
	if o.MoovLast {
		at := uint64(len(ftyp) + len(mdat))
		return append(ftyp, mdat...), mp4Moov(sizes, mp4ChunkOffsets(sizes, at), o)
	}
	moov := mp4Moov(sizes, mp4ChunkOffsets(sizes, 0), o)
	at := uint64(len(ftyp) + len(moov) + len(mdat))
	moov = mp4Moov(sizes, mp4ChunkOffsets(sizes, at), o)
	return bytes.Join([][]byte{ftyp, moov, mdat}, nil), nil
}

// mp4ChunkOffsets places all samples but the last in the first chunk and
// the last alone in the second (one chunk when there is one sample).
func mp4ChunkOffsets(sizes []uint32, at uint64) []uint64 {
	if len(sizes) == 1 {
		return []uint64{at}
	}
	second := at
	for _, s := range sizes[:len(sizes)-1] {
		second += uint64(s)
	}
	return []uint64{at, second}
}

var identity = pack(uint32(0x00010000), uint32(0), uint32(0), uint32(0), uint32(0x00010000), uint32(0),
	uint32(0), uint32(0), uint32(0x40000000))

// mp4Moov is the movie box of one 320x240 video track at 25 frames a
// second; fragmented, its sample table is empty and mvex announces the
// fragments.
func mp4Moov(sizes []uint32, chunks []uint64, o MP4Options) []byte {
	n := uint32(len(sizes))
	mvhd := fullBox("mvhd", 0, 0, pack(uint32(0), uint32(0), uint32(1000), n*40, uint32(0x00010000), uint16(0x0100),
		zeros(10), identity, zeros(24), uint32(2)))
	tkhd := fullBox("tkhd", 0, 3, pack(uint32(0), uint32(0), uint32(1), uint32(0), n*40, zeros(8), uint16(0), uint16(0),
		uint16(0), uint16(0), identity, uint32(320<<16), uint32(240<<16)))
	mdhd := fullBox("mdhd", 0, 0, pack(uint32(0), uint32(0), uint32(25), n, uint16(0x55C4), uint16(0)))
	hdlr := fullBox("hdlr", 0, 0, pack(uint32(0), "vide", zeros(12), "VideoHandler\x00"))
	vmhd := fullBox("vmhd", 0, 1, zeros(8))
	dinf := Box("dinf", fullBox("dref", 0, 0, pack(uint32(1)), fullBox("url ", 0, 1)))
	avc1 := Box("avc1", zeros(6), pack(uint16(1)), zeros(16), pack(uint16(320), uint16(240), uint32(0x00480000),
		uint32(0x00480000), uint32(0), uint16(1)), zeros(32), pack(uint16(0x18), int16(-1)))
	stsd := fullBox("stsd", 0, 0, pack(uint32(1)), avc1)

	stts := fullBox("stts", 0, 0, pack(uint32(1), n, uint32(1)))
	var stsc, stsz, stco []byte
	switch len(chunks) {
	case 0:
		stts = fullBox("stts", 0, 0, pack(uint32(0)))
		stsc = fullBox("stsc", 0, 0, pack(uint32(0)))
	case 1:
		stsc = fullBox("stsc", 0, 0, pack(uint32(1), uint32(1), n, uint32(1)))
	default:
		stsc = fullBox("stsc", 0, 0, pack(uint32(2), uint32(1), n-1, uint32(1), uint32(2), uint32(1), uint32(1)))
	}
	stsz = fullBox("stsz", 0, 0, pack(uint32(0), n), pack(sizesAsAny(sizes)...))
	if o.CompactSizes {
		compact := make([]any, len(sizes))
		for i, s := range sizes {
			compact[i] = uint16(s)
		}
		stsz = fullBox("stz2", 0, 0, pack(uint8(0), uint8(0), uint8(0), uint8(16), n), pack(compact...))
	}
	offsets := make([]any, len(chunks))
	for i, c := range chunks {
		offsets[i] = uint32(c)
		if o.Offsets64 {
			offsets[i] = c
		}
	}
	stco = fullBox("stco", 0, 0, pack(uint32(len(chunks))), pack(offsets...))
	if o.Offsets64 {
		stco = fullBox("co64", 0, 0, pack(uint32(len(chunks))), pack(offsets...))
	}
	stbl := Box("stbl", stsd, stts, stsc, stsz, stco)
	trak := Box("trak", tkhd, Box("mdia", mdhd, hdlr, Box("minf", vmhd, dinf, stbl)))
	if o.Fragmented {
		mvex := Box("mvex", fullBox("trex", 0, 0, pack(uint32(1), uint32(1), uint32(0), uint32(0), uint32(0))))
		return Box("moov", mvhd, trak, mvex)
	}
	return Box("moov", mvhd, trak)
}

// mp4Moof is a movie fragment of samples of sizes, whose data starts
// dataOffset bytes after the moof's first byte (default-base-is-moof).
func mp4Moof(sizes []uint32, dataOffset uint32) []byte {
	trun := pack(uint32(len(sizes)), dataOffset, pack(sizesAsAny(sizes)...))
	traf := Box("traf", fullBox("tfhd", 0, 0x020000, pack(uint32(1))), fullBox("trun", 0, 0x000201, trun))
	return Box("moof", fullBox("mfhd", 0, 0, pack(uint32(1))), traf)
}

func sizesAsAny(sizes []uint32) []any {
	out := make([]any, len(sizes))
	for i, s := range sizes {
		out[i] = s
	}
	return out
}
