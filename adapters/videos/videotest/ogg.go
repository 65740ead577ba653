package videotest

import (
	"bytes"
	"encoding/binary"
)

// Ogg page flags.
const (
	OggContinued = 0x01
	OggBOS       = 0x02
	OggEOS       = 0x04
)

var oggTable = func() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04C11DB7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return t
}()

// OggCRC is the checksum of a page whose CRC field is zero: CRC-32 with
// polynomial 0x04C11DB7, unreflected, starting from 0, no final xor.
func OggCRC(page []byte) uint32 {
	var crc uint32
	for _, c := range page {
		crc = crc<<8 ^ oggTable[byte(crc>>24)^c]
	}
	return crc
}

// OggPage is one page of stream serial holding packets, each laced whole
// (a packet whose length is a multiple of 255 ends on a lacing value 0).
func OggPage(flags byte, granule uint64, serial, seq uint32, packets ...[]byte) []byte {
	var table []byte
	for _, p := range packets {
		table = append(table, bytes.Repeat([]byte{255}, len(p)/255)...)
		table = append(table, byte(len(p)%255))
	}
	return OggPageOf(flags, granule, serial, seq, table, bytes.Join(packets, nil))
}

// OggPageOf is a page with the segment table given: one that ends on 255
// leaves its last packet to be continued on the next page.
func OggPageOf(flags byte, granule uint64, serial, seq uint32, table, body []byte) []byte {
	page := []byte("OggS\x00")
	page = append(page, flags)
	page = binary.LittleEndian.AppendUint64(page, granule)
	page = binary.LittleEndian.AppendUint32(page, serial)
	page = binary.LittleEndian.AppendUint32(page, seq)
	page = append(page, 0, 0, 0, 0, byte(len(table)))
	page = append(append(page, table...), body...)
	binary.LittleEndian.PutUint32(page[22:], OggCRC(page))
	return page
}

// Serial numbers of the two streams of Ogg.
const (
	OggVideoSerial = 0x1EE7
	OggAudioSerial = 0xA0D1
)

// Ogg is a whole Ogg of two multiplexed streams, a Theora-like video and a
// Vorbis-like audio (their first packets carry the codecs' identification
// headers): the BOS pages first, then a video and an audio page for each of
// frames, each stream's last page flagged EOS.
func Ogg(frames [][]byte) []byte {
	out := OggPage(OggBOS, 0, OggVideoSerial, 0, append([]byte("\x80theora\x03\x02\x01"), zeros(35)...))
	out = append(out, OggPage(OggBOS, 0, OggAudioSerial, 0, append([]byte("\x01vorbis"), zeros(23)...))...)
	for i, f := range frames {
		var flags byte
		if i == len(frames)-1 {
			flags = OggEOS
		}
		seq := uint32(i + 1)
		out = append(out, OggPage(flags, uint64(i+1), OggVideoSerial, seq, f)...)
		out = append(out, OggPage(flags, uint64(i+1)*1024, OggAudioSerial, seq, bytes.Repeat([]byte{0x5A}, 40+i))...)
	}
	return out
}
