package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

type pictureCopy struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

type profileWithCopies struct {
	AvatarURL      *string       `json:"avatar_url"`
	AvatarVariants []pictureCopy `json:"avatar_variants"`
}

func squareJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// stillStored says whether key is in the blob store.
func stillStored(t *testing.T, app *at.App, key string) bool {
	t.Helper()
	_, _, err := app.Blobs.Open(context.Background(), key)
	if errors.Is(err, ports.ErrBlobNotFound) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	return true
}

// An avatar gets square WebP copies of 48, 96 and 144 pixels, those
// smaller than its shorter side only, listed in the profile and with the
// author of a post; replacing or deleting it deletes them with it.
func TestAvatarSquareCopies(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Limits.ProfileUpdatePerMember = 100 })
	m := app.Member("yara")

	// A wide picture: copies of its centre square, each its side square.
	var p profileWithCopies
	upload(t, m.Client, "avatar", "wide.png", fixtures.PNG(t, 300, 200)).Expect(t, http.StatusOK).JSON(t, &p)
	first := storedPath(t, app, "avatar_path")
	if !regexp.MustCompile(`^avatars/[0-9a-f-]{36}/avatar-\d{13}-sq48_96_144\.png$`).MatchString(first) {
		t.Fatalf("avatar stored at %q", first)
	}
	if len(p.AvatarVariants) != 3 || p.AvatarURL == nil {
		t.Fatalf("avatar_variants %+v, want three", p.AvatarVariants)
	}
	for i, side := range []int{48, 96, 144} {
		v := p.AvatarVariants[i]
		if v.Width != side || v.Height != side {
			t.Fatalf("copy %d is %dx%d, want %d square", i, v.Width, v.Height, side)
		}
		r := app.Client().Do(http.MethodGet, strings.TrimPrefix(v.URL, app.URL), nil).Expect(t, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); ct != "image/webp" {
			t.Fatalf("copy served as %q", ct)
		}
		img, err := webp.Decode(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatalf("copy %d: %v", side, err)
		}
		if b := img.Bounds(); b.Dx() != side || b.Dy() != side {
			t.Fatalf("copy says %d square, its pixels are %dx%d", side, b.Dx(), b.Dy())
		}
	}
	firstCopies := domain.ImageVariantKeys(first)
	for _, k := range firstCopies {
		if !stillStored(t, app, k) {
			t.Fatalf("copy %s not stored", k)
		}
	}

	// The author of a post carries them too.
	var post struct {
		Author profileWithCopies `json:"author"`
	}
	m.Do(http.MethodPost, "/api/v1/posts", map[string]any{"text_content": "Oi"}).Expect(t, http.StatusCreated).JSON(t, &post)
	if len(post.Author.AvatarVariants) != 3 || post.Author.AvatarVariants[2].Width != 144 {
		t.Fatalf("post author's avatar_variants %+v", post.Author.AvatarVariants)
	}

	// A smaller picture is never enlarged: 100 pixels get the 48 and 96
	// copies only. The replaced picture goes with its copies.
	app.Clock.Advance(time.Millisecond)
	upload(t, m.Client, "avatar", "foto.jpg", squareJPEG(t, 100, 120)).Expect(t, http.StatusOK).JSON(t, &p)
	second := storedPath(t, app, "avatar_path")
	if !strings.HasSuffix(second, "-sq48_96.jpg") || len(p.AvatarVariants) != 2 || p.AvatarVariants[1].Width != 96 {
		t.Fatalf("100-pixel avatar at %q with %+v", second, p.AvatarVariants)
	}
	for _, k := range append(firstCopies, first) {
		if stillStored(t, app, k) {
			t.Fatalf("%s of the replaced avatar still stored", k)
		}
	}

	// No copy of a picture smaller than the smallest: its original alone.
	app.Clock.Advance(time.Millisecond)
	upload(t, m.Client, "avatar", "mini.png", fixtures.PNG(t, 40, 40)).Expect(t, http.StatusOK).JSON(t, &p)
	third := storedPath(t, app, "avatar_path")
	if strings.Contains(third, "-sq") || p.AvatarVariants == nil || len(p.AvatarVariants) != 0 || p.AvatarURL == nil {
		t.Fatalf("40-pixel avatar at %q with %#v", third, p.AvatarVariants)
	}
	for _, k := range append(domain.ImageVariantKeys(second), second) {
		if stillStored(t, app, k) {
			t.Fatalf("%s of the replaced avatar still stored", k)
		}
	}

	// Deleting the picture deletes its copies.
	app.Clock.Advance(time.Minute)
	upload(t, m.Client, "avatar", "wide.png", fixtures.PNG(t, 300, 200)).Expect(t, http.StatusOK)
	fourth := storedPath(t, app, "avatar_path")
	m.Do(http.MethodDelete, mePath+"/avatar", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.AvatarURL != nil || p.AvatarVariants == nil || len(p.AvatarVariants) != 0 {
		t.Fatalf("after delete: %+v", p)
	}
	for _, k := range append(domain.ImageVariantKeys(fourth), fourth) {
		if stillStored(t, app, k) {
			t.Fatalf("%s of the deleted avatar still stored", k)
		}
	}

	// A banner is drawn wide: no square copies.
	upload(t, m.Client, "banner", "banner.png", fixtures.PNG(t, 600, 200)).Expect(t, http.StatusOK)
	if b := storedPath(t, app, "banner_path"); strings.Contains(b, "-sq") {
		t.Fatalf("banner stored at %q", b)
	}
}

// A picture stored before copies were made answers its original and no
// copies.
func TestAvatarStoredBeforeCopies(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("yara")
	upload(t, m.Client, "avatar", "foto.jpg", squareJPEG(t, 256, 256)).Expect(t, http.StatusOK)
	old := strings.Replace(storedPath(t, app, "avatar_path"), "-sq48_96_144", "", 1)
	if _, err := app.DB.NewRaw("UPDATE profiles SET avatar_path = ? WHERE handle = 'yara'", old).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	var p profileWithCopies
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.AvatarURL == nil || !strings.Contains(*p.AvatarURL, strings.TrimSuffix(old[strings.LastIndex(old, "/")+1:], ".jpg")) ||
		p.AvatarVariants == nil || len(p.AvatarVariants) != 0 {
		t.Fatalf("old avatar: %+v", p)
	}
}
