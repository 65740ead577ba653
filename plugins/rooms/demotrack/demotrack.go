// Package demotrack synthesizes the built-in track of demo rooms: a short
// melody as a WAV file, made in memory so that a room that is not radio can
// be played and followed on a machine with no internet access.
package demotrack

import (
	"bytes"
	"encoding/binary"
	"math"
	"net/http"
	"sync"
	"time"
)

// Path is where the server answers the track.
const Path = "/api/v1/rooms/demo-track.wav"

// Seconds is the track's length.
const Seconds = 30

const (
	sampleRate = 11025
	// perNote is half a second: the melody's notes (Hz), a pentatonic line
	// in A minor, change twice a second, repeated to fill the track.
	perNote = sampleRate / 2
)

var notes = []float64{220.00, 261.63, 293.66, 329.63, 392.00, 329.63, 293.66, 261.63}

var wav = sync.OnceValue(synthesize)

// WAV answers the track: 8-bit unsigned mono PCM at 11,025 Hz.
func WAV() []byte { return wav() }

func synthesize() []byte {
	n := Seconds * sampleRate
	samples := make([]byte, n)
	for i := range samples {
		note := notes[(i/perNote)%len(notes)]
		t := float64(i%perNote) / sampleRate
		// A soft attack and an exponential decay, so notes do not click.
		envelope := math.Min(1, t*40) * math.Exp(-3*t)
		v := envelope * (0.6*math.Sin(2*math.Pi*note*t) + 0.2*math.Sin(4*math.Pi*note*t))
		samples[i] = byte(128 + math.Round(v*100))
	}
	var b bytes.Buffer
	b.Grow(44 + n)
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+n))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{
		uint32(16),         // fmt chunk size
		uint16(1),          // PCM
		uint16(1),          // mono
		uint32(sampleRate), // samples per second
		uint32(sampleRate), // bytes per second
		uint16(1),          // block align
		uint16(8),          // bits per sample
	} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(n))
	b.Write(samples)
	return b.Bytes()
}

// modified is a fixed date: the track never changes between builds.
var modified = time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)

// Handler serves the track with byte ranges (browsers seek with them).
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "audio/wav")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		http.ServeContent(w, r, "demo-track.wav", modified, bytes.NewReader(WAV()))
	})
}
