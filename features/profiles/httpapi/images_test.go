package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"regexp"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/core/ports"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

func jpegBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 30, 10)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// multipartFile is a form with one "file" part named name, sent as is,
// and its content type.
func multipartFile(t *testing.T, name string, data []byte) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="%s"`, strings.ReplaceAll(name, `\`, `\\`)))
	h.Set("Content-Type", "application/octet-stream")
	part, err := w.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return &b, w.FormDataContentType()
}

func upload(t *testing.T, c *at.Client, kind, name string, data []byte) *at.Response {
	t.Helper()
	body, ct := multipartFile(t, name, data)
	return c.Do(http.MethodPut, mePath+"/"+kind, body, "Content-Type", ct)
}

var keyPattern = regexp.MustCompile(`^avatars/[0-9a-f-]{36}/avatar-\d{13}-sq48\.png$`)

func TestAvatarAndBanner(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("yara")

	var p profile
	upload(t, m.Client, "avatar", "cropped-1732300000000.png", fixtures.PNG(t, 64, 64)).Expect(t, http.StatusOK).JSON(t, &p)
	if p.AvatarURL == nil || p.BannerURL != nil {
		t.Fatalf("after avatar upload: %+v", p)
	}
	first := storedPath(t, app, "avatar_path")
	if !keyPattern.MatchString(first) || !strings.Contains(first, m.ID) {
		t.Fatalf("avatar stored at %q", first)
	}
	// The signed link serves the picture.
	img := app.Client().Do(http.MethodGet, strings.TrimPrefix(*p.AvatarURL, app.URL), nil).Expect(t, http.StatusOK)
	if img.Header.Get("Content-Type") != "image/png" || !bytes.HasPrefix(img.Body, []byte("\x89PNG")) {
		t.Fatalf("served avatar: %s", img.Header.Get("Content-Type"))
	}
	// The session shows it too.
	if s := app.Client().SignIn("yara@example.com", at.Password); s.User.AvatarURL == nil {
		t.Fatal("session user without avatar_url")
	}

	// A new avatar replaces the file; the old one is deleted.
	app.Clock.Advance(time.Millisecond)
	upload(t, m.Client, "avatar", "foto.jpg", jpegBytes(t)).Expect(t, http.StatusOK).JSON(t, &p)
	second := storedPath(t, app, "avatar_path")
	if second == first || !strings.HasSuffix(second, ".jpg") {
		t.Fatalf("second avatar stored at %q (first %q)", second, first)
	}
	if _, _, err := app.Blobs.Open(context.Background(), first); !errors.Is(err, ports.ErrBlobNotFound) {
		t.Fatalf("old avatar still stored: %v", err)
	}

	upload(t, m.Client, "banner", "banner.png", fixtures.PNG(t, 90, 30)).Expect(t, http.StatusOK).JSON(t, &p)
	if p.BannerURL == nil || !strings.HasPrefix(storedPath(t, app, "banner_path"), "banners/"+m.ID+"/banner-") {
		t.Fatalf("banner: %+v at %q", p, storedPath(t, app, "banner_path"))
	}

	app.Clock.Advance(time.Minute) // three picture writes a minute
	r := m.Do(http.MethodDelete, mePath+"/avatar", nil).Expect(t, http.StatusOK)
	if !strings.Contains(string(r.Body), `"avatar_url":null`) || storedPath(t, app, "avatar_path") != "" {
		t.Fatalf("after delete: %s", r.Body)
	}
	if _, _, err := app.Blobs.Open(context.Background(), second); !errors.Is(err, ports.ErrBlobNotFound) {
		t.Fatalf("deleted avatar still stored: %v", err)
	}
	m.Do(http.MethodDelete, mePath+"/banner", nil).Expect(t, http.StatusOK)
}

func storedPath(t *testing.T, app *at.App, column string) string {
	return storedPathOf(t, app, "yara", column)
}

func storedPathOf(t *testing.T, app *at.App, handle, column string) string {
	t.Helper()
	var p *string
	if err := app.DB.NewRaw("SELECT "+column+" FROM profiles WHERE handle = ?", handle).Scan(t.Context(), &p); err != nil {
		t.Fatal(err)
	}
	if p == nil {
		return ""
	}
	return *p
}

func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Limits.ProfileUpdatePerMember = 100 })
	m := app.Member("zeca")
	const (
		tooLarge = "Arquivo muito grande. Máximo 5MB."
		badType  = "Tipo de arquivo não permitido. Use JPEG, PNG ou WebP."
		badName  = "Nome de arquivo inválido."
	)
	check := func(t *testing.T, r *at.Response, status int, code, detail string) {
		t.Helper()
		p := r.Expect(t, status).Problem(t)
		if p.Code != code || p.Detail != detail {
			t.Fatalf("problem = %+v", p)
		}
		if status == http.StatusRequestEntityTooLarge && p.Title != "Erro" {
			t.Fatalf("title = %q", p.Title)
		}
	}
	fiveMB := 5 << 20
	t.Run("one byte over 5 MB", func(t *testing.T) {
		check(t, upload(t, m.Client, "avatar", "big.png", bytes.Repeat([]byte{'x'}, fiveMB+1)), http.StatusRequestEntityTooLarge, "file_too_large", tooLarge)
	})
	t.Run("far over, cut while reading", func(t *testing.T) {
		check(t, upload(t, m.Client, "banner", "big.png", bytes.Repeat([]byte{'x'}, 3*fiveMB)), http.StatusRequestEntityTooLarge, "file_too_large", tooLarge)
	})
	t.Run("exactly 5 MB is not too large", func(t *testing.T) {
		check(t, upload(t, m.Client, "avatar", "five.png", bytes.Repeat([]byte{'x'}, fiveMB)), http.StatusUnprocessableEntity, "invalid_file_type", badType)
	})
	for _, name := range []string{"../avatar.png", "..", "dir/avatar.png", `dir\avatar.png`, "a..png"} {
		t.Run("name "+name, func(t *testing.T) {
			check(t, upload(t, m.Client, "avatar", name, fixtures.PNG(t, 4, 4)), http.StatusUnprocessableEntity, "invalid_file_name", badName)
		})
	}
	for name, data := range map[string][]byte{
		"gif named png": []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
		"text":          []byte("hello, world"),
		"svg":           []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
		"html":          []byte("<html><script>alert(1)</script></html>"),
	} {
		t.Run(name, func(t *testing.T) {
			check(t, upload(t, m.Client, "avatar", "x.png", data), http.StatusUnprocessableEntity, "invalid_file_type", badType)
		})
	}
	t.Run("no file", func(t *testing.T) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		w.WriteField("other", "x")
		w.Close()
		m.Do(http.MethodPut, mePath+"/avatar", &b, "Content-Type", w.FormDataContentType()).Expect(t, http.StatusUnprocessableEntity)
	})
	t.Run("anonymous", func(t *testing.T) {
		upload(t, app.Client(), "avatar", "a.png", fixtures.PNG(t, 4, 4)).Expect(t, http.StatusUnauthorized)
	})
	if storedPathOf(t, app, "zeca", "avatar_path") != "" {
		t.Fatal("a refused upload was stored")
	}
}
