package communities_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"social/adapters/videos/videotest"
	at "social/tests/testkit/apptest"
)

// A community post's video passes the same structural check as a feed
// post's: whole, it is stored and served as its type; cut short, it is
// refused with the posts' message and leaves no post and no file.
func TestCommunityVideoPosts(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	c := create(t, ana, "Vídeos", "open")
	upload := func(name string, data []byte) *at.Response {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		_ = w.WriteField("type", "video")
		_ = w.WriteField("audience_id", c.ID)
		fw, _ := w.CreateFormFile("file", name)
		_, _ = fw.Write(data)
		_ = w.Close()
		return ana.Do(http.MethodPost, "/api/v1/posts/media", &body, "Content-Type", w.FormDataContentType())
	}
	frames := [][]byte{bytes.Repeat([]byte{1, 2, 3}, 90), bytes.Repeat([]byte{4, 5}, 70), bytes.Repeat([]byte{6}, 80), bytes.Repeat([]byte{7, 8}, 60)}
	webm := videotest.WebM(frames, videotest.WebMOptions{Live: true})
	mp4 := videotest.MP4(bytes.Join(frames, nil), videotest.MP4Options{MoovLast: true})
	rows := func() int {
		var n int
		if err := app.DB.NewRaw("SELECT count(*) FROM posts WHERE audience_id = ?", c.ID).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	for name, data := range map[string][]byte{"cortado.webm": webm[:len(webm)-9], "cortado.mp4": mp4[:len(mp4)-1]} {
		r := upload(name, data)
		r.Expect(t, http.StatusUnprocessableEntity)
		if pr := r.Problem(t); pr.Code != "media_type_invalid" || pr.Detail != "Por favor, selecione um arquivo de imagem ou vídeo válido." {
			t.Fatalf("%s: %+v", name, pr)
		}
	}
	if n := rows(); n != 0 {
		t.Fatalf("%d posts after refused videos", n)
	}
	if keys := storedUnder(t, filepath.Join(app.Config.Storage.Disk.Dir, "posts")); len(keys) != 0 {
		t.Fatalf("files left by refused videos: %v", keys)
	}

	var p struct {
		ID       string  `json:"id"`
		Type     string  `json:"type"`
		MediaURL *string `json:"media_url"`
	}
	upload("gravacao.webm", webm).Expect(t, http.StatusCreated).JSON(t, &p)
	if p.Type != "video" || p.MediaURL == nil {
		t.Fatalf("video post: %+v", p)
	}
	var key string
	if err := app.DB.NewRaw("SELECT media_path FROM posts WHERE id = ?", p.ID).Scan(context.Background(), &key); err != nil {
		t.Fatal(err)
	}
	f, info, err := app.Blobs.Open(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got bytes.Buffer
	if _, err := got.ReadFrom(f); err != nil {
		t.Fatal(err)
	}
	if info.ContentType != "video/webm" || !bytes.Equal(got.Bytes(), webm) {
		t.Fatalf("stored %d bytes as %q", got.Len(), info.ContentType)
	}
}

// storedUnder lists the stored files under dir of the disk store (its
// dot-files hold the types beside them).
func storedUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), ".") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
