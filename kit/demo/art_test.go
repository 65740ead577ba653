package demo

import (
	"bytes"
	"image/jpeg"
	"testing"
)

// drawAll hands each picture back in its own place, whichever worker drew
// it and whenever the reader asks.
func TestDrawAllKeepsEachPictureInItsPlace(t *testing.T) {
	var draws []func() []byte
	for i := range 64 {
		draws = append(draws, func() []byte { return []byte{byte(i)} })
	}
	pictures := drawAll(draws)
	for i := len(pictures) - 1; i >= 0; i-- {
		if got := pictures[i].bytes(); len(got) != 1 || got[0] != byte(i) {
			t.Fatalf("picture %d = %v", i, got)
		}
	}
}

// The drawings are JPEGs of the sizes the profile and post forms take.
func TestDrawingsAreJPEGsOfTheirSize(t *testing.T) {
	for name, c := range map[string]struct {
		data          []byte
		width, height int
	}{
		"avatar": {Avatar(1), 256, 256},
		"banner": {Banner(1), 1500, 500},
		"photo":  {Photo(1), 1080, 720},
		"city":   {Photo(2), 1080, 720},
	} {
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(c.data))
		if err != nil || cfg.Width != c.width || cfg.Height != c.height {
			t.Errorf("%s: %dx%d, %v", name, cfg.Width, cfg.Height, err)
		}
	}
}

// Each theme draws a JPEG of its own.
func TestCommunityPicturesDiffer(t *testing.T) {
	seen := map[string]bool{}
	for theme := ThemeDesign; theme <= ThemeCoffee; theme++ {
		data := CommunityPicture(theme, 1)
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil || img.Bounds().Dx() != 256 || img.Bounds().Dy() != 256 {
			t.Fatalf("theme %d: %v", theme, err)
		}
		if seen[string(data)] {
			t.Fatalf("theme %d draws another theme's picture", theme)
		}
		seen[string(data)] = true
	}
}
