package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

type altPost struct {
	ID       string  `json:"id"`
	Type     string  `json:"type"`
	ImageAlt *string `json:"image_alt"`
}

// An image's description is trimmed, stored and returned with the post
// wherever it is read; up to 1,500 characters counted as the app counts
// them (code points, so an accented letter or an emoji is one).
func TestImageAltIsStoredAndReturned(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")

	alt := strings.Repeat("é", 1499) + "🌳"
	var created altPost
	uploadPost(ana, map[string]string{"image_alt": "  \n" + alt + "  "}, "foto.png", pngFile(t)).
		Expect(t, http.StatusCreated).JSON(t, &created)
	if created.Type != "image" || created.ImageAlt == nil || *created.ImageAlt != alt {
		t.Fatalf("created: %+v", created.ImageAlt)
	}
	var read altPost
	bia.Do(http.MethodGet, "/api/v1/posts/"+created.ID, nil).Expect(t, http.StatusOK).JSON(t, &read)
	if read.ImageAlt == nil || *read.ImageAlt != alt {
		t.Fatal("the description is not returned to a reader")
	}
	var feed struct {
		Items []altPost `json:"items"`
	}
	bia.Do(http.MethodGet, "/api/v1/feed", nil).Expect(t, http.StatusOK).JSON(t, &feed)
	if len(feed.Items) == 0 || feed.Items[0].ID != created.ID || feed.Items[0].ImageAlt == nil {
		t.Fatalf("feed: %+v", feed.Items)
	}

	// Blank is none.
	var blank altPost
	uploadPost(ana, map[string]string{"image_alt": " \t "}, "foto.png", pngFile(t)).Expect(t, http.StatusCreated).JSON(t, &blank)
	if blank.ImageAlt != nil {
		t.Fatalf("blank description stored: %q", *blank.ImageAlt)
	}
}

// Too long a description, or one with a video, is refused with a stable
// code and a Portuguese message, and nothing is stored: no post, no file.
func TestImageAltRefusals(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")

	p := uploadPost(ana, map[string]string{"image_alt": strings.Repeat("a", 1501)}, "foto.png", pngFile(t)).
		Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "image_alt_too_long" || p.Field("image_alt") != "A descrição da imagem pode ter no máximo 1.500 caracteres." {
		t.Fatalf("too long: %+v", p)
	}
	// A video, whether declared or found in the bytes.
	for _, fields := range []map[string]string{{"image_alt": "Um gato", "type": "video"}, {"image_alt": "Um gato"}} {
		p = uploadPost(ana, fields, "filme.mp4", mp4File()).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if p.Code != "image_alt_without_image" || p.Field("image_alt") != "Só posts com imagem têm descrição da imagem." {
			t.Fatalf("video %v: %+v", fields, p)
		}
	}
	if n := postRows(t, app, ana); n != 0 {
		t.Fatalf("%d posts stored", n)
	}
	if files := storedPostFiles(t, app); len(files) != 0 {
		t.Fatalf("files left behind: %v", files)
	}
}

// The description is edited with the post: replaced, kept when the edit
// does not name it, removed when blank; never given to a post without an
// image.
func TestImageAltIsEditedWithThePost(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	var photo altPost
	uploadPost(ana, map[string]string{"text_content": "Praia", "image_alt": "Mar azul"}, "foto.png", pngFile(t)).
		Expect(t, http.StatusCreated).JSON(t, &photo)
	path := "/api/v1/posts/" + photo.ID

	var got altPost
	ana.Do(http.MethodPatch, path, map[string]string{"text_content": "Praia!", "image_alt": " Mar azul e areia "}).
		Expect(t, http.StatusOK).JSON(t, &got)
	if got.ImageAlt == nil || *got.ImageAlt != "Mar azul e areia" {
		t.Fatalf("replaced: %v", got.ImageAlt)
	}
	ana.Do(http.MethodPatch, path, map[string]string{"text_content": "Praia!!"}).Expect(t, http.StatusOK).JSON(t, &got)
	if got.ImageAlt == nil || *got.ImageAlt != "Mar azul e areia" {
		t.Fatalf("kept: %v", got.ImageAlt)
	}
	p := ana.Do(http.MethodPatch, path, map[string]string{"text_content": "Outro texto", "image_alt": strings.Repeat("b", 1501)}).
		Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "image_alt_too_long" {
		t.Fatalf("too long: %+v", p)
	}
	// Nothing of the refused edit was stored.
	bia.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.ImageAlt == nil || *got.ImageAlt != "Mar azul e areia" {
		t.Fatalf("after a refused edit: %v", got.ImageAlt)
	}
	bia.Do(http.MethodPatch, path, map[string]string{"text_content": "x", "image_alt": "y"}).Expect(t, http.StatusForbidden)
	ana.Do(http.MethodPatch, path, map[string]string{"text_content": "Praia", "image_alt": "  "}).Expect(t, http.StatusOK).JSON(t, &got)
	if got.ImageAlt != nil {
		t.Fatalf("removed: %q", *got.ImageAlt)
	}

	var plain altPost
	ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "só texto"}).Expect(t, http.StatusCreated).JSON(t, &plain)
	p = ana.Do(http.MethodPatch, "/api/v1/posts/"+plain.ID, map[string]string{"text_content": "só texto", "image_alt": "nada"}).
		Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "image_alt_without_image" {
		t.Fatalf("text post: %+v", p)
	}
}
