package demotrack_test

import (
	"encoding/binary"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"social/plugins/rooms/demotrack"
)

func TestTrackIsThirtySecondsOfPCM(t *testing.T) {
	b := demotrack.WAV()
	if string(b[0:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
		t.Fatalf("header %q", b[:44])
	}
	rate := binary.LittleEndian.Uint32(b[24:28])
	bits := binary.LittleEndian.Uint16(b[34:36])
	data := binary.LittleEndian.Uint32(b[40:44])
	if int(data) != len(b)-44 || binary.LittleEndian.Uint32(b[4:8]) != uint32(len(b)-8) {
		t.Fatalf("sizes: data %d, file %d", data, len(b))
	}
	if seconds := float64(data) / float64(rate) / float64(bits/8); seconds != demotrack.Seconds {
		t.Fatalf("%v s, want %d", seconds, demotrack.Seconds)
	}
	// Not silence: samples swing around the 8-bit midpoint.
	lo, hi := byte(255), byte(0)
	for _, s := range b[44:] {
		lo, hi = min(lo, s), max(hi, s)
	}
	if lo > 100 || hi < 156 {
		t.Fatalf("samples within [%d, %d]: too quiet", lo, hi)
	}
}

func TestHandlerServesRanges(t *testing.T) {
	srv := httptest.NewServer(demotrack.Handler())
	defer srv.Close()
	req, err := http.NewRequest(http.MethodGet, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Range", "bytes=44-99")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("Content-Type") != "audio/wav" || len(body) != 56 {
		t.Fatalf("%d %q %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
	}
	if string(body) != string(demotrack.WAV()[44:100]) {
		t.Fatal("range body differs from the track")
	}
}
