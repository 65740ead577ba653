package domain_test

import (
	"slices"
	"testing"

	"social/core/domain"
)

func TestPictureKeyNamesItsCopies(t *testing.T) {
	t.Parallel()
	key := domain.PictureKey("avatars/u1/avatar-1700000000000", []int{48, 96, 144}, "jpg")
	if key != "avatars/u1/avatar-1700000000000-sq48_96_144.jpg" {
		t.Fatalf("key %q", key)
	}
	if got := domain.PictureKeySides(key); !slices.Equal(got, []int{48, 96, 144}) {
		t.Fatalf("sides %v", got)
	}
	want := []string{
		"avatars/u1/avatar-1700000000000-sq48_96_144-w48.webp",
		"avatars/u1/avatar-1700000000000-sq48_96_144-w96.webp",
		"avatars/u1/avatar-1700000000000-sq48_96_144-w144.webp",
	}
	if got := domain.ImageVariantKeys(key); !slices.Equal(got, want) {
		t.Fatalf("copies %v", got)
	}
	// Without copies, the key is as before they were made.
	if k := domain.PictureKey("communities/c1/avatar-1", nil, "png"); k != "communities/c1/avatar-1.png" {
		t.Fatalf("key without copies %q", k)
	}
	for _, k := range []string{
		"avatars/u1/avatar-1700000000000.jpg",                       // stored before copies
		"avatars/u1/avatar-1700000000000-sq48_96_144-w48.webp",      // a copy, not a picture
		"avatars/u1/avatar-1-sq96_48.jpg",                           // out of order
		"avatars/u1/avatar-1-sq.jpg", "avatars/u1/avatar-1-sqx.jpg", // malformed
		"avatars/u1/avatar-1-sq0_48.jpg",
	} {
		if got := domain.PictureKeySides(k); got != nil {
			t.Errorf("PictureKeySides(%q) = %v, want none", k, got)
		}
	}
	// Other files never name copies, whatever their name says.
	if got := domain.ImageVariantKeys("exports/u1/export-sq48.zip"); len(got) != 0 {
		t.Fatalf("export copies %v", got)
	}
}
