package communities_test

import (
	"bytes"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// A community's image post carries its description like any post: stored,
// returned on the community's page and as a post, under the same limit.
func TestCommunityImagePostKeepsItsDescription(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	c := create(t, ana, "Fotografia", "open")
	join(t, bia, c.ID)

	upload := func(alt string) *at.Response {
		var img bytes.Buffer
		if err := png.Encode(&img, image.NewNRGBA(image.Rect(0, 0, 2, 2))); err != nil {
			t.Fatal(err)
		}
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		_ = mw.WriteField("image_alt", alt)
		_ = mw.WriteField("audience_id", c.ID)
		fw, _ := mw.CreateFormFile("file", "foto.png")
		_, _ = fw.Write(img.Bytes())
		_ = mw.Close()
		return bia.Do(http.MethodPost, "/api/v1/posts/media", &form, "Content-Type", mw.FormDataContentType())
	}
	type altPost struct {
		ID       string  `json:"id"`
		ImageAlt *string `json:"image_alt"`
	}
	var created altPost
	upload(" Pôr do sol na serra ").Expect(t, http.StatusCreated).JSON(t, &created)
	if created.ImageAlt == nil || *created.ImageAlt != "Pôr do sol na serra" {
		t.Fatalf("created: %v", created.ImageAlt)
	}
	var page struct {
		Items []altPost `json:"items"`
	}
	ana.Do(http.MethodGet, feedOf(c.ID), nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 1 || page.Items[0].ImageAlt == nil || *page.Items[0].ImageAlt != "Pôr do sol na serra" {
		t.Fatalf("community page: %+v", page.Items)
	}
	var read altPost
	ana.Do(http.MethodGet, "/api/v1/posts/"+created.ID, nil).Expect(t, http.StatusOK).JSON(t, &read)
	if read.ImageAlt == nil || *read.ImageAlt != "Pôr do sol na serra" {
		t.Fatalf("as a post: %v", read.ImageAlt)
	}
	p := upload(strings.Repeat("x", 1501)).Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "image_alt_too_long" || p.Field("image_alt") != "A descrição da imagem pode ter no máximo 1.500 caracteres." {
		t.Fatalf("too long: %+v", p)
	}
	ana.Do(http.MethodGet, feedOf(c.ID), nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 1 {
		t.Fatalf("a refused post was stored: %d", len(page.Items))
	}
}
