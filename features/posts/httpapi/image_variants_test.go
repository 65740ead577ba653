package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"social/core/domain"
	"social/core/ports"
	"social/features/posts/wire"
	"social/kit/demo"
	at "social/tests/testkit/apptest"
)

// feedPost finds the post id in the member's recent feed.
func feedPost(t *testing.T, m *at.Member, id string) wire.Post {
	t.Helper()
	var pg struct {
		Items []wire.Post `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/feed?algorithm=chronological&limit=20", nil).Expect(t, http.StatusOK).JSON(t, &pg)
	for _, p := range pg.Items {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("post %s not in the feed", id)
	return wire.Post{}
}

// A photo is stored with its 320 and 640 WebP copies beside it; the API
// gives its size and the copies' signed links, the feed as the create
// does, and deleting the post deletes the copies with the original.
func TestImagePostGetsSmallerCopies(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	var created wire.Post
	uploadPost(ana, map[string]string{"text_content": "pôr do sol"}, "foto.jpg", demo.Photo(5)).
		Expect(t, http.StatusCreated).JSON(t, &created)
	if created.MediaWidth == nil || *created.MediaWidth != 1080 || created.MediaHeight == nil || *created.MediaHeight != 720 {
		t.Fatalf("media size %v x %v, want 1080 x 720", created.MediaWidth, created.MediaHeight)
	}
	want := []wire.MediaVariant{{Width: 320, Height: 213}, {Width: 640, Height: 427}}
	seen := feedPost(t, bia, created.ID)
	for _, got := range [][]wire.MediaVariant{created.MediaVariants, seen.MediaVariants} {
		if len(got) != len(want) {
			t.Fatalf("variants %+v, want %+v", got, want)
		}
		for i, v := range got {
			if v.Width != want[i].Width || v.Height != want[i].Height {
				t.Fatalf("variant %d is %dx%d, want %dx%d", i, v.Width, v.Height, want[i].Width, want[i].Height)
			}
			r := download(t, app, v.URL).Expect(t, http.StatusOK)
			if ct := r.Header.Get("Content-Type"); ct != "image/webp" {
				t.Fatalf("variant served as %q", ct)
			}
			img, err := webp.Decode(bytes.NewReader(r.Body))
			if err != nil {
				t.Fatalf("variant %d: %v", v.Width, err)
			}
			if b := img.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
				t.Fatalf("variant says %dx%d, is %dx%d", v.Width, v.Height, b.Dx(), b.Dy())
			}
		}
	}
	if *seen.MediaWidth != 1080 || *seen.MediaHeight != 720 {
		t.Fatalf("feed media size %d x %d", *seen.MediaWidth, *seen.MediaHeight)
	}

	ctx := context.Background()
	key := mediaPath(t, app, created.ID)
	var widths []int
	if err := app.DB.NewRaw("SELECT unnest(media_variants) FROM posts WHERE id = ?", created.ID).Scan(ctx, &widths); err != nil {
		t.Fatal(err)
	}
	if len(widths) != 2 || widths[0] != 320 || widths[1] != 640 {
		t.Fatalf("stored widths %v, want [320 640]", widths)
	}
	keys := []string{key, domain.ImageVariantKey(key, 320), domain.ImageVariantKey(key, 640)}
	for _, k := range keys {
		if _, _, err := app.Blobs.Open(ctx, k); err != nil {
			t.Fatalf("open %s: %v", k, err)
		}
	}

	ana.Do(http.MethodDelete, "/api/v1/posts/"+created.ID, nil).Expect(t, http.StatusNoContent)
	deadline := time.Now().Add(20 * time.Second)
	for _, k := range keys {
		for {
			_, _, err := app.Blobs.Open(ctx, k)
			if errors.Is(err, ports.ErrBlobNotFound) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s still stored after the delete job's time", k)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// An image no wider than the smallest copy has none and still its size; a
// video has neither; a post stored before sizes were kept answers nulls
// and no copies, its original still loading.
func TestImagesWithoutCopies(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	var small, video wire.Post
	uploadPost(ana, nil, "mini.png", pngFile(t)).Expect(t, http.StatusCreated).JSON(t, &small)
	if small.MediaWidth == nil || *small.MediaWidth != 24 || *small.MediaHeight != 16 || len(small.MediaVariants) != 0 || small.MediaVariants == nil {
		t.Fatalf("small image: %v x %v, variants %#v; want 24 x 16 and []", small.MediaWidth, small.MediaHeight, small.MediaVariants)
	}
	uploadPost(ana, nil, "v.webm", webmFile()).Expect(t, http.StatusCreated).JSON(t, &video)
	if video.MediaWidth != nil || video.MediaHeight != nil || len(video.MediaVariants) != 0 {
		t.Fatalf("video: %v x %v, variants %v; want null and none", video.MediaWidth, video.MediaHeight, video.MediaVariants)
	}

	var old wire.Post
	uploadPost(ana, nil, "foto.jpg", demo.Photo(2)).Expect(t, http.StatusCreated).JSON(t, &old)
	if _, err := app.DB.NewRaw("UPDATE posts SET media_width = NULL, media_height = NULL, media_variants = NULL WHERE id = ?", old.ID).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := feedPost(t, ana, old.ID)
	if got.MediaWidth != nil || got.MediaHeight != nil || len(got.MediaVariants) != 0 || got.MediaURL == nil {
		t.Fatalf("post stored before copies: %v x %v, variants %v, url %v", got.MediaWidth, got.MediaHeight, got.MediaVariants, got.MediaURL)
	}
	download(t, app, *got.MediaURL).Expect(t, http.StatusOK)
}
