package videos_test

import (
	"testing"

	vt "social/adapters/videos/videotest"
	"social/core/ports"
)

// A live writer's file (a Segment and Clusters of unknown size) has no end
// marker: stopped after any block it is whole, which is how a browser's
// recording ends. Cut anywhere else (inside a header or a block, or before
// a Cluster's first block) it is refused.
func TestLiveWebMEndsAtAnyBlock(t *testing.T) {
	t.Parallel()
	pieces := []struct {
		data []byte
		ends bool
	}{
		{vt.WebMHeader("webm"), false},
		{vt.UnknownSize(vt.IDSegment), false},
		{vt.WebMTracks(), false},
		{vt.UnknownSize(vt.IDCluster), false},
		{vt.Element(vt.IDTimestamp, []byte{0}), false},
		{vt.SimpleBlock(0, media(30)), true},
		{vt.BlockGroup(40, media(31)), true},
		{vt.Element(vt.IDVoid, make([]byte, 3)), true},
		{vt.UnknownSize(vt.IDCluster), false},
		{vt.Element(vt.IDTimestamp, []byte{80}), false},
		{vt.SimpleBlock(0, media(32)), true},
		{vt.SimpleBlock(40, media(33)), true},
	}
	var file []byte
	ends := map[int]bool{}
	for _, p := range pieces {
		file = append(file, p.data...)
		ends[len(file)] = p.ends
	}
	for n := range len(file) + 1 {
		err := check(file[:n], ports.VideoWebM)
		if ends[n] && err != nil {
			t.Errorf("stopped after a block at %d: %v", n, err)
		}
		if !ends[n] && err == nil {
			t.Errorf("cut at %d of %d is accepted", n, len(file))
		}
	}
}

func TestWebMRefusals(t *testing.T) {
	t.Parallel()
	header, tracks := vt.WebMHeader("webm"), vt.WebMTracks()
	ts := vt.Element(vt.IDTimestamp, []byte{0})
	block := vt.SimpleBlock(0, media(20))
	cluster := vt.Element(vt.IDCluster, ts, block)
	seg := func(children ...[]byte) []byte { return join(header, vt.Element(vt.IDSegment, children...)) }
	live := func(children ...[]byte) []byte { return join(header, vt.UnknownSize(vt.IDSegment, children...)) }
	for name, data := range map[string][]byte{
		"DocType matroska":            join(vt.WebMHeader("matroska"), vt.Element(vt.IDSegment, tracks, cluster)),
		"no DocType":                  join(vt.Element(vt.IDEBML, vt.Element(0x4286, []byte{1})), vt.Element(vt.IDSegment, tracks, cluster)),
		"EBML header of unknown size": join(vt.UnknownSize(vt.IDEBML, vt.Element(vt.IDDocType, []byte("webm"))), vt.Element(vt.IDSegment, tracks, cluster)),
		"no Segment":                  join(header, tracks, cluster),
		"bytes after the Segment":     join(seg(tracks, cluster), vt.Element(vt.IDVoid, make([]byte, 2))),
		"no Tracks":                   seg(cluster),
		"no Cluster":                  seg(tracks),
		"Tracks without a TrackEntry": seg(vt.Element(vt.IDTracks), cluster),
		"Tracks of unknown size":      live(vt.UnknownSize(vt.IDTracks, vt.Element(vt.IDTrackEntry, []byte{0xD7, 0x81, 1})), cluster),
		"Cluster without Timestamp":   seg(tracks, vt.Element(vt.IDCluster, block)),
		"Cluster without a block":     seg(tracks, vt.Element(vt.IDCluster, ts)),
		"block without its header":    seg(tracks, vt.Element(vt.IDCluster, ts, vt.Element(vt.IDSimpleBlock, []byte{0x81, 0}))),
		"block of track number 0x00":  seg(tracks, vt.Element(vt.IDCluster, ts, vt.Element(vt.IDSimpleBlock, make([]byte, 9)))),
		"BlockGroup without a Block":  seg(tracks, vt.Element(vt.IDCluster, ts, vt.Element(vt.IDBlockGroup, vt.Element(0x9B, []byte{40})))),
		"a TrackEntry in a Cluster":   seg(tracks, vt.Element(vt.IDCluster, ts, vt.Element(vt.IDTrackEntry, []byte{0xD7, 0x81, 1}), block)),
		"no Segment element":          seg(tracks, vt.Element(0x4286, []byte{1}), cluster),
		"unknown size in a Cluster":   seg(tracks, vt.Element(vt.IDCluster, ts, vt.UnknownSize(vt.IDBlockGroup, vt.Element(vt.IDBlock, []byte{0x81, 0, 0, 0})))),
		"child past its Cluster":      seg(tracks, vt.Element(vt.IDCluster, ts, []byte{vt.IDSimpleBlock, 0x90}, media(8))),
		"Segment past the file":       join(header, []byte{0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x10, 0}, tracks, cluster),
		"reserved ID":                 seg(tracks, cluster, []byte{0xFF, 0x80}),
		"ID of five bytes":            seg(tracks, cluster, []byte{0x08, 0, 0, 0, 1, 0x80}),
		"size of nine bytes":          seg(tracks, cluster, []byte{vt.IDVoid, 0, 0x80, 0, 0, 0, 0, 0, 0, 0}),
		"garbage in a live Cluster":   live(tracks, vt.UnknownSize(vt.IDCluster, ts, block, []byte("<html><script>alert(1)</script>"))),
		"two recordings end to end":   join(live(tracks, vt.UnknownSize(vt.IDCluster, ts, block)), live(tracks, vt.UnknownSize(vt.IDCluster, ts, block))),
		"one byte after a live file":  join(live(tracks, vt.UnknownSize(vt.IDCluster, ts, block)), []byte{vt.IDVoid}),
	} {
		refused(t, check(data, ports.VideoWebM), name)
	}
}

func TestWebMLayouts(t *testing.T) {
	t.Parallel()
	header, tracks := vt.WebMHeader("webm"), vt.WebMTracks()
	ts := vt.Element(vt.IDTimestamp, []byte{0})
	block := vt.SimpleBlock(0, media(20))
	cues := vt.Element(vt.IDCues, vt.Element(0xBB, vt.Element(0xB3, []byte{0})))
	for name, data := range map[string][]byte{
		"Void and CRC-32 in the Segment":   join(header, vt.Element(vt.IDSegment, vt.Element(vt.IDVoid, make([]byte, 3)), tracks, vt.Element(0xBF, make([]byte, 4)), vt.Element(vt.IDCluster, ts, block))),
		"live Clusters in a sized Segment": join(header, vt.Element(vt.IDSegment, tracks, vt.UnknownSize(vt.IDCluster, ts, block), vt.UnknownSize(vt.IDCluster, ts, block))),
		"a live Cluster then Cues":         join(header, vt.UnknownSize(vt.IDSegment, tracks, vt.UnknownSize(vt.IDCluster, ts, block), cues)),
		"DocType padded with zeros":        join(vt.WebMHeader("webm\x00\x00"), vt.Element(vt.IDSegment, tracks, vt.Element(vt.IDCluster, ts, block))),
		"sizes written long":               join(header, []byte{0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0, byte(len(tracks) + 6 + len(ts) + len(block))}, tracks, []byte{0x1F, 0x43, 0xB6, 0x75, 0x40, byte(len(ts) + len(block))}, ts, block),
	} {
		accepted(t, check(data, ports.VideoWebM), name)
	}
}
