package mastodon_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

type credentialAccount struct {
	account
	Avatar string `json:"avatar"`
	Header string `json:"header"`
	Source struct {
		Note   string `json:"note"`
		Fields []struct {
			Name, Value string
		} `json:"fields"`
	} `json:"source"`
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for x := range 64 {
		img.Set(x, x, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// update_credentials edits the profile through the profile use cases:
// texts from a form or JSON, fields onto the website and the location,
// pictures as multipart files; their rules hold.
func TestUpdateCredentials(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	c := lia.AppClient(t, "read write:accounts")
	const path = "/api/v1/accounts/update_credentials"
	patchForm := func(v url.Values) *at.Response {
		return c.Do(http.MethodPatch, path, strings.NewReader(v.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	}

	var got credentialAccount
	patchForm(url.Values{"display_name": {"Lia Souza"}, "note": {"Praia e #sol"},
		"fields_attributes[0][name]": {"Site"}, "fields_attributes[0][value]": {"https://lia.example"},
		"fields_attributes[1][name]": {"Localização"}, "fields_attributes[1][value]": {"Recife"},
		"fields_attributes[2][name]": {""}, "fields_attributes[2][value]": {""}}).Expect(t, http.StatusOK).JSON(t, &got)
	if got.DisplayName != "Lia Souza" || got.Source.Note != "Praia e #sol" || len(got.Source.Fields) != 2 ||
		got.Source.Fields[0].Value != "https://lia.example" || got.Source.Fields[1].Value != "Recife" {
		t.Fatalf("after the form: %+v", got)
	}
	// JSON: fields replace the set, so the website left out is cleared.
	c.Do(http.MethodPatch, path, map[string]any{"fields_attributes": []map[string]string{{"name": "location", "value": "Olinda"}}, "locked": false}).
		Expect(t, http.StatusOK).JSON(t, &got)
	if len(got.Source.Fields) != 1 || got.Source.Fields[0].Value != "Olinda" || got.DisplayName != "Lia Souza" {
		t.Fatalf("after the JSON: %+v", got)
	}
	expectError(t, c.Do(http.MethodPatch, path, map[string]any{"fields_attributes": []map[string]string{{"name": "Pronomes", "value": "ela"}}}),
		http.StatusUnprocessableEntity, "profile_field_unknown")
	expectError(t, patchForm(url.Values{"locked": {"true"}}), http.StatusUnprocessableEntity, "locked_unsupported")
	// The use case's rule on names holds: too long a name is refused.
	expectError(t, patchForm(url.Values{"display_name": {strings.Repeat("a", 200)}}), http.StatusUnprocessableEntity, "invalid_input")

	// A member changes the profile 3 times a minute at most (the use
	// case's limit, which holds here too): the pictures come a minute on.
	patchForm(url.Values{"note": {"de novo"}}).Expect(t, http.StatusOK)
	expectError(t, patchForm(url.Values{"note": {"e de novo"}}), http.StatusTooManyRequests, "rate_limited")
	app.Clock.Advance(time.Minute)
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	f, _ := w.CreateFormFile("avatar", "eu.png")
	_, _ = f.Write(pngBytes(t))
	_ = w.Close()
	c.Do(http.MethodPatch, path, &body, "Content-Type", w.FormDataContentType()).Expect(t, http.StatusOK).JSON(t, &got)
	if !strings.Contains(got.Avatar, "avatar") {
		t.Fatalf("avatar after upload: %q", got.Avatar)
	}
	app.Clock.Advance(time.Minute)
	body.Reset()
	w = multipart.NewWriter(&body)
	f, _ = w.CreateFormFile("header", "nada.png")
	_, _ = f.Write([]byte("não é uma imagem"))
	_ = w.Close()
	r := c.Do(http.MethodPatch, path, &body, "Content-Type", w.FormDataContentType())
	if r.Status != http.StatusUnprocessableEntity && r.Status != http.StatusBadRequest && r.Status != http.StatusUnsupportedMediaType {
		t.Fatalf("a header that is no picture: %d %s", r.Status, r.Body)
	}
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPatch, path, map[string]string{"note": "x"}), http.StatusForbidden, "insufficient_scope")
}
