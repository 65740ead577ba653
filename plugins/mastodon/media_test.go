package mastodon_test

import (
	"bytes"
	"context"
	"errors"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"social/core/ports"
	posts "social/features/posts/app"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

type attachment struct {
	ID, Type, URL string
	PreviewURL    string  `json:"preview_url"`
	Description   *string `json:"description"`
}

// upload sends a file as Mastodon's apps do: multipart file and
// description.
func upload(c *at.Client, path string, data []byte, description string) *at.Response {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	if description != "" {
		_ = w.WriteField("description", description)
	}
	_ = w.WriteField("focus", "0.1,-0.3")
	f, _ := w.CreateFormFile("file", "foto.png")
	_, _ = f.Write(data)
	_ = w.Close()
	return c.Do(http.MethodPost, path, &buf, "Content-Type", w.FormDataContentType())
}

// Media first, then the status: the upload is checked and stored as our
// own API's post files are, described, read back by its owner alone, taken
// by one status only, and pruned with its file when no status took it
// within a day.
func TestMediaUploadThenStatus(t *testing.T) {
	t.Parallel()
	var uc posts.UseCases
	app := at.StartPopulating(t, nil, &uc)
	lia, ana := app.Member("lia"), app.Member("ana")
	liaApp, anaApp := lia.AppClient(t, "read write"), ana.AppClient(t, "read write")

	var a attachment
	upload(liaApp, "/api/v2/media", fixtures.PNG(t, 1200, 800), "Um gradiente").Expect(t, http.StatusOK).JSON(t, &a)
	if a.ID == "" || a.Type != "image" || a.URL == "" || a.PreviewURL == a.URL || a.Description == nil || *a.Description != "Um gradiente" {
		t.Fatalf("uploaded: %+v", a)
	}
	// Apps open the links from elsewhere: they are absolute, and serve the file.
	link, err := url.Parse(a.URL)
	if err != nil || !link.IsAbs() || !strings.HasPrefix(a.PreviewURL, link.Scheme+"://"+link.Host+"/") {
		t.Fatalf("links not absolute: %s, %s", a.URL, a.PreviewURL)
	}
	app.Client().Do(http.MethodGet, link.RequestURI(), nil).Expect(t, http.StatusOK)
	var got attachment
	liaApp.Do(http.MethodGet, "/api/v1/media/"+a.ID, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.ID != a.ID {
		t.Fatalf("read back: %+v", got)
	}
	expectError(t, anaApp.Do(http.MethodGet, "/api/v1/media/"+a.ID, nil), http.StatusNotFound, "media_not_found")
	expectError(t, liaApp.Do(http.MethodGet, "/api/v1/media/nao-e-id", nil), http.StatusNotFound, "record_not_found")

	// The description changes, by JSON and by form; too long is the use
	// case's refusal.
	liaApp.Do(http.MethodPut, "/api/v1/media/"+a.ID, map[string]string{"description": "Azul e verde"}).Expect(t, http.StatusOK).JSON(t, &got)
	if *got.Description != "Azul e verde" {
		t.Fatalf("described: %+v", got)
	}
	liaApp.Do(http.MethodPut, "/api/v1/media/"+a.ID, strings.NewReader(url.Values{"description": {"Gradiente"}}.Encode()),
		"Content-Type", "application/x-www-form-urlencoded").Expect(t, http.StatusOK).JSON(t, &got)
	if *got.Description != "Gradiente" {
		t.Fatalf("described by form: %+v", got)
	}
	expectError(t, liaApp.Do(http.MethodPut, "/api/v1/media/"+a.ID, map[string]string{"description": strings.Repeat("x", 1501)}),
		http.StatusUnprocessableEntity, "image_alt_too_long")
	expectError(t, anaApp.Do(http.MethodPut, "/api/v1/media/"+a.ID, map[string]string{"description": "minha"}),
		http.StatusNotFound, "media_not_found")

	// Another member cannot post it; its owner can, once.
	expectError(t, anaApp.Do(http.MethodPost, "/api/v1/statuses", map[string]any{"status": "roubada", "media_ids": []string{a.ID}}),
		http.StatusUnprocessableEntity, "media_not_found")
	var s status
	at.FormPost(liaApp, "/api/v1/statuses", url.Values{"status": {"Com foto"}, "media_ids[]": {a.ID}}).Expect(t, http.StatusOK).JSON(t, &s)
	if len(s.MediaAttachments) != 1 || s.MediaAttachments[0].Type != "image" || *s.MediaAttachments[0].Description != "Gradiente" {
		t.Fatalf("status with media: %+v", s)
	}
	// The attachment keeps the upload's ID (apps match their uploads to
	// the posted status by it), and an edit names it by that ID.
	if s.MediaAttachments[0].ID != a.ID {
		t.Fatalf("attachment %s of upload %s", s.MediaAttachments[0].ID, a.ID)
	}
	liaApp.Do(http.MethodPut, "/api/v1/statuses/"+s.ID, map[string]any{"status": "Com foto!", "media_ids": []string{a.ID},
		"media_attributes": []map[string]string{{"id": a.ID, "description": "Gradiente azul"}}}).Expect(t, http.StatusOK).JSON(t, &s)
	if s.MediaAttachments[0].ID != a.ID || *s.MediaAttachments[0].Description != "Gradiente azul" {
		t.Fatalf("edited: %+v", s.MediaAttachments)
	}
	expectError(t, liaApp.Do(http.MethodPut, "/api/v1/statuses/"+s.ID, map[string]any{"status": "x", "media_ids": []string{s.ID}}),
		http.StatusUnprocessableEntity, "unsupported_parameter")
	expectError(t, liaApp.Do(http.MethodPost, "/api/v1/statuses", map[string]any{"media_ids": []string{a.ID}}),
		http.StatusUnprocessableEntity, "media_not_found")
	expectError(t, liaApp.Do(http.MethodPut, "/api/v1/media/"+a.ID, map[string]string{"description": "tarde"}),
		http.StatusUnprocessableEntity, "media_attached")
	// Our own API reads the same post with its image and description.
	var own struct {
		Type     string  `json:"type"`
		MediaURL *string `json:"media_url"`
		ImageAlt *string `json:"image_alt"`
		MediaID  *string `json:"media_id"`
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+s.ID, nil).Expect(t, http.StatusOK).JSON(t, &own)
	if own.Type != "image" || own.MediaURL == nil || own.ImageAlt == nil || *own.ImageAlt != "Gradiente azul" ||
		own.MediaID == nil || *own.MediaID != a.ID {
		t.Fatalf("own API: %+v", own)
	}

	// A file that is no image or video is the use case's refusal.
	expectError(t, upload(liaApp, "/api/v1/media", []byte("nada de imagem aqui"), ""), http.StatusUnprocessableEntity, "media_type_invalid")
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPost, "/api/v2/media", nil), http.StatusForbidden, "insufficient_scope")

	// An upload no status took is pruned after a day, with its file.
	var left attachment
	upload(liaApp, "/api/v1/media", fixtures.PNG(t, 50, 40), "").Expect(t, http.StatusOK).JSON(t, &left)
	var key string
	if err := app.DB.NewRaw(`SELECT media_path FROM pending_media WHERE id = ?`, left.ID).Scan(t.Context(), &key); err != nil {
		t.Fatal(err)
	}
	if n, err := uc.PruneMedia.Handle(context.Background()); err != nil || n != 0 {
		t.Fatalf("pruned a fresh upload: %d %v", n, err)
	}
	app.Clock.Advance(posts.PendingMediaTTL + time.Minute)
	if n, err := uc.PruneMedia.Handle(context.Background()); err != nil || n != 1 {
		t.Fatalf("prune: %d %v", n, err)
	}
	if n, err := uc.PruneMedia.Handle(context.Background()); err != nil || n != 0 {
		t.Fatalf("prune again: %d %v", n, err)
	}
	// (The clock moved a day: the tokens are past their time, so the
	// database says what is left.)
	var rows int
	if err := app.DB.NewRaw(`SELECT count(*) FROM pending_media`).Scan(t.Context(), &rows); err != nil || rows != 1 {
		t.Fatalf("%d uploads left (%v), want the posted one", rows, err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		f, _, err := app.Blobs.Open(context.Background(), key)
		if errors.Is(err, ports.ErrBlobNotFound) {
			break
		}
		if err == nil {
			_ = f.Close()
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pruned upload's file is still stored: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The status's file stays.
	var posted string
	if err := app.DB.NewRaw(`SELECT media_path FROM posts WHERE id = ?`, s.ID).Scan(t.Context(), &posted); err != nil {
		t.Fatal(err)
	}
	if f, _, err := app.Blobs.Open(context.Background(), posted); err != nil {
		t.Fatalf("the posted file: %v", err)
	} else {
		_ = f.Close()
	}
}
