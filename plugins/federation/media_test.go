package federation_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

// form is a multipart form with a PNG as "file" and the given fields.
func form(t *testing.T, png []byte, fields map[string]string) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	part, err := w.CreateFormFile("file", "imagem.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(png)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	return &b, w.FormDataContentType()
}

// servedPNG fetches an absolute link of the documents and checks it is
// the picture.
func servedPNG(t *testing.T, app *at.App, link string) {
	t.Helper()
	r := app.Client().Do(http.MethodGet, local(t, link), nil).Expect(t, http.StatusOK)
	if !bytes.HasPrefix(r.Body, []byte("\x89PNG")) {
		t.Fatalf("%s is not the picture: %s", link, r.Header.Get("Content-Type"))
	}
}

// Pictures are absolute links other servers can fetch: the avatar as the
// actor's icon, a post's image as its Note's attachment with its alt text.
func TestPicturesAreAbsoluteLinks(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	body, ct := form(t, fixtures.PNG(t, 64, 64), nil)
	ana.Do(http.MethodPut, "/api/v1/profiles/me/avatar", body, "Content-Type", ct).Expect(t, http.StatusOK)

	a := fetchActor(t, app, ana.ID)
	if a.Icon == nil || a.Icon.Type != "Image" || a.Icon.MediaType != "image/png" || !strings.HasPrefix(a.Icon.URL, base+"/") {
		t.Fatalf("icon %+v", a.Icon)
	}
	servedPNG(t, app, a.Icon.URL)

	body, ct = form(t, fixtures.PNG(t, 40, 30), map[string]string{"text_content": "praia", "image_alt": "Mar azul ao fim da tarde"})
	var post struct {
		ID string `json:"id"`
	}
	ana.Do(http.MethodPost, "/api/v1/posts/media", body, "Content-Type", ct).Expect(t, http.StatusCreated).JSON(t, &post)
	var n struct {
		Attachment []struct {
			Type, MediaType, URL, Name string
			Width, Height              int
		}
	}
	r := get(app.Client(), "/ap/posts/"+post.ID, activityJSON).Expect(t, http.StatusOK)
	if err := json.Unmarshal(r.Body, &n); err != nil {
		t.Fatal(err)
	}
	if len(n.Attachment) != 1 {
		t.Fatalf("%s", r.Body)
	}
	att := n.Attachment[0]
	if att.Type != "Document" || att.MediaType != "image/png" || att.Name != "Mar azul ao fim da tarde" ||
		att.Width != 40 || att.Height != 30 || !strings.HasPrefix(att.URL, base+"/") {
		t.Fatalf("attachment %+v", att)
	}
	servedPNG(t, app, att.URL)
}
