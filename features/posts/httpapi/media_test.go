package httpapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"social/adapters/videos/videotest"
	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	at "social/tests/testkit/apptest"
)

// Every file is made here: images by the standard encoders, EXIF by hand
// from its specification, whole videos by adapters/videos/videotest (by
// hand from the containers' specifications).

const gpsSecret = "SecretCam-GPS-Leak"

func testImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 24, 16))
	for y := range 16 {
		for x := range 24 {
			img.Set(x, y, color.NRGBA{R: uint8(x * 10), G: uint8(y * 15), B: 90, A: 255})
		}
	}
	return img
}

func pngFile(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, testImage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegFile(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// jpegWithGPS is a JPEG whose EXIF (APP1, right after SOI) names a camera
// and holds a GPS position.
func jpegWithGPS(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	be := binary.BigEndian
	w16 := func(v uint16) { _ = binary.Write(&b, be, v) }
	w32 := func(v uint32) { _ = binary.Write(&b, be, v) }
	entry := func(tag, typ uint16, count, value uint32) { w16(tag); w16(typ); w32(count); w32(value) }
	mk := gpsSecret + "\x00"
	makeOff := uint32(8 + 2 + 2*12 + 4)
	gpsOff := makeOff + uint32(len(mk))
	latOff := gpsOff + 2 + 2*12 + 4
	b.WriteString("MM")
	w16(42)
	w32(8)
	w16(2)
	entry(0x010F, 2, uint32(len(mk)), makeOff) // Make
	entry(0x8825, 4, 1, gpsOff)                // GPSInfo IFD
	w32(0)
	b.WriteString(mk)
	w16(2)
	entry(0x0001, 2, 2, uint32('S')<<24) // GPSLatitudeRef
	entry(0x0002, 5, 3, latOff)          // GPSLatitude
	w32(0)
	for _, v := range []uint32{23, 1, 33, 1, 1234, 100} {
		w32(v)
	}
	payload := append([]byte("Exif\x00\x00"), b.Bytes()...)
	n := len(payload) + 2
	seg := append([]byte{0xFF, 0xE1, byte(n >> 8), byte(n)}, payload...)
	plain := jpegFile(t)
	return append(append(append([]byte{}, plain[:2]...), seg...), plain[2:]...)
}

// frames are n video frames of a few hundred bytes that are not zeros.
func frames(n int) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		out[i] = bytes.Repeat([]byte{byte(i + 1), 0x9D, 0x01, 0x2A}, 60+i)
	}
	return out
}

func mp4File() []byte {
	return videotest.MP4(bytes.Join(frames(8), nil), videotest.MP4Options{})
}

func webmFile() []byte { return videotest.WebM(frames(6), videotest.WebMOptions{}) }

// liveWebMFile is what a browser's MediaRecorder writes: a Segment and
// Clusters of unknown size.
func liveWebMFile() []byte { return videotest.WebM(frames(6), videotest.WebMOptions{Live: true}) }

func oggFile() []byte { return videotest.Ogg(frames(4)) }

// mp4Sized is the head of a whole MP4 of size bytes, for uploadSized to
// complete with zeros.
func mp4Sized(size int) []byte { return videotest.MP4Head(size) }

// mediaForm streams a multipart form: the text fields, then (when name is
// not empty) a "file" part of size bytes, head followed by filler, with a
// declared type that says nothing true.
func mediaForm(fields map[string]string, name string, head []byte, size int) (io.Reader, string) {
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	go func() {
		for k, v := range fields {
			_ = w.WriteField(k, v)
		}
		if name != "" {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="%s"`, name))
			h.Set("Content-Type", "image/jpeg")
			part, _ := w.CreatePart(h)
			_, _ = part.Write(head)
			if rest := size - len(head); rest > 0 {
				_, _ = io.Copy(part, io.LimitReader(zeros{}, int64(rest)))
			}
		}
		pw.CloseWithError(w.Close())
	}()
	return pr, w.FormDataContentType()
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func uploadPost(c *at.Member, fields map[string]string, name string, data []byte) *at.Response {
	return uploadSized(c, fields, name, data, len(data))
}

func uploadSized(c *at.Member, fields map[string]string, name string, head []byte, size int) *at.Response {
	body, ct := mediaForm(fields, name, head, size)
	return c.Do(http.MethodPost, "/api/v1/posts/media", body, "Content-Type", ct)
}

// storedPostFiles are the files under posts/ in the app's disk store.
func storedPostFiles(t *testing.T, app *at.App) []string {
	t.Helper()
	var out []string
	root := filepath.Join(app.Config.Storage.Disk.Dir, "posts")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if !d.IsDir() && !strings.HasPrefix(d.Name(), ".") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func postRows(t *testing.T, app *at.App, m *at.Member) int {
	t.Helper()
	var n int
	if err := app.DB.NewRaw("SELECT count(*) FROM posts WHERE author_id = ?", m.ID).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func mediaPath(t *testing.T, app *at.App, id string) string {
	t.Helper()
	var p *string
	if err := app.DB.NewRaw("SELECT media_path FROM posts WHERE id = ?", id).Scan(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	if p == nil {
		return ""
	}
	return *p
}

type mediaPost struct {
	post
	MediaURL *string `json:"media_url"`
}

func download(t *testing.T, app *at.App, link string, header ...string) *at.Response {
	t.Helper()
	return app.Client().Do(http.MethodGet, strings.TrimPrefix(link, app.URL), nil, header...)
}

func TestMediaPostKinds(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	cases := []struct {
		name, file, contentType, typ string
		data                         []byte
	}{
		{"png", "foto.png", "image/png", "image", pngFile(t)},
		{"jpeg", "foto.jpeg", "image/jpeg", "image", jpegFile(t)},
		{"mp4", "clipe.mp4", "video/mp4", "video", mp4File()},
		{"webm named like a picture", "clipe.jpg", "video/webm", "video", webmFile()},
		{"ogg", "clipe.ogv", "video/ogg", "video", oggFile()},
		{"webm of a browser's recording", "gravacao.webm", "video/webm", "video", liveWebMFile()},
		{"mp4 with its moov last", "celular.mp4", "video/mp4", "video", videotest.MP4(bytes.Join(frames(5), nil), videotest.MP4Options{MoovLast: true})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p mediaPost
			uploadPost(ana, map[string]string{"text_content": "olha #midia", "visibility": "public"}, c.file, c.data).
				Expect(t, http.StatusCreated).JSON(t, &p)
			if p.Type != c.typ || p.MediaURL == nil || p.TextContent == nil || fmt.Sprint(p.Hashtags) != "[midia]" {
				t.Fatalf("post = %+v", p)
			}
			key := mediaPath(t, app, p.ID)
			if !strings.HasPrefix(key, "posts/"+ana.ID+"/") {
				t.Fatalf("stored at %q", key)
			}
			got := download(t, app, *p.MediaURL).Expect(t, http.StatusOK)
			if ct := got.Header.Get("Content-Type"); ct != c.contentType {
				t.Fatalf("Content-Type %q, want %q", ct, c.contentType)
			}
			if c.typ == "video" && !bytes.Equal(got.Body, c.data) {
				t.Fatal("video not stored as sent")
			}
			if c.typ == "image" && !bytes.Equal(got.Body[:4], c.data[:4]) {
				t.Fatal("image of another type")
			}
			// The feed shows the same link kind.
			var fresh mediaPost
			ana.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusOK).JSON(t, &fresh)
			if fresh.MediaURL == nil {
				t.Fatal("get-post without media_url")
			}
		})
	}

	t.Run("a byte range of a video", func(t *testing.T) {
		var p mediaPost
		uploadPost(ana, map[string]string{"type": "video"}, "v.mp4", mp4File()).Expect(t, http.StatusCreated).JSON(t, &p)
		if p.TextContent != nil {
			t.Fatalf("blank text stored: %q", *p.TextContent)
		}
		got := download(t, app, *p.MediaURL, "Range", "bytes=100-199").Expect(t, http.StatusPartialContent)
		if !bytes.Equal(got.Body, mp4File()[100:200]) || got.Header.Get("Content-Type") != "video/mp4" {
			t.Fatalf("range: %d bytes, %q", len(got.Body), got.Header.Get("Content-Type"))
		}
	})

	t.Run("EXIF and GPS are stripped", func(t *testing.T) {
		data := jpegWithGPS(t)
		if !bytes.Contains(data, []byte(gpsSecret)) {
			t.Fatal("fixture without its secret")
		}
		var p mediaPost
		uploadPost(ana, map[string]string{"visibility": "friends_only"}, "gps.jpg", data).Expect(t, http.StatusCreated).JSON(t, &p)
		got := download(t, app, *p.MediaURL).Expect(t, http.StatusOK)
		// The GPSInfo pointer (tag 0x8825) may not survive in the headers
		// before the scan data.
		headers := got.Body[:max(bytes.Index(got.Body, []byte{0xFF, 0xDA}), 0)]
		if bytes.Contains(got.Body, []byte(gpsSecret)) || bytes.Contains(headers, []byte{0x88, 0x25}) {
			t.Fatal("stored picture still carries its EXIF")
		}
		if _, err := jpeg.Decode(bytes.NewReader(got.Body)); err != nil {
			t.Fatalf("stored picture does not decode: %v", err)
		}
	})
}

func TestMediaPostRefusals(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	bia := app.Member("bia")
	check := func(t *testing.T, r *at.Response, status int, code, title, detail string) {
		t.Helper()
		p := r.Expect(t, status).Problem(t)
		if p.Code != code || p.Detail != detail || (title != "" && p.Title != title) {
			t.Fatalf("problem = %+v", p)
		}
	}
	const (
		badTitle = "Tipo de arquivo inválido"
		badType  = "Por favor, selecione um arquivo de imagem ou vídeo válido."
		big      = "Arquivo muito grande"
	)
	for name, c := range map[string]struct {
		file string
		data []byte
	}{
		"gif":              {"a.gif", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")},
		"html named .jpg":  {"foto.jpg", []byte("<html><script>alert(1)</script></html>")},
		"text":             {"nota.txt", []byte("só um texto")},
		"jpeg that is not": {"x.jpg", append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{1}, 100)...)},
	} {
		t.Run(name, func(t *testing.T) {
			check(t, uploadPost(bia, map[string]string{"text_content": "oi"}, c.file, c.data),
				http.StatusUnprocessableEntity, posts.CodeMediaType, badTitle, badType)
		})
	}
	t.Run("type mismatch", func(t *testing.T) {
		check(t, uploadPost(bia, map[string]string{"type": "video"}, "a.png", pngFile(t)),
			http.StatusUnprocessableEntity, posts.CodeMediaType, badTitle, badType)
		check(t, uploadPost(bia, map[string]string{"type": "image"}, "a.mp4", mp4File()),
			http.StatusUnprocessableEntity, posts.CodeMediaType, badTitle, badType)
	})
	t.Run("image 10 MB + 1", func(t *testing.T) {
		check(t, uploadSized(bia, nil, "big.jpg", jpegFile(t), 10<<20+1),
			http.StatusRequestEntityTooLarge, posts.CodeMediaTooLarge, big, "O arquivo deve ter no máximo 10MB.")
	})
	// A video cut short (an upload that broke off, a file copied in part)
	// or with bytes after its end is no whole video, so it is refused.
	cut := func(data []byte, n int) []byte { return data[:len(data)-n] }
	badCRC := oggFile()
	badCRC[len(badCRC)-3] ^= 0x40
	for name, c := range map[string]struct {
		file string
		data []byte
	}{
		"truncated mp4":              {"cortado.mp4", cut(mp4File(), 100)},
		"mp4 cut by one byte":        {"cortado.mp4", cut(mp4File(), 1)},
		"mp4 without its moov":       {"celular.mp4", cut(videotest.MP4(bytes.Join(frames(5), nil), videotest.MP4Options{MoovLast: true}), 300)},
		"truncated webm":             {"cortado.webm", cut(webmFile(), 50)},
		"truncated recording (webm)": {"gravacao.webm", cut(liveWebMFile(), 7)},
		"truncated ogg":              {"cortado.ogv", cut(oggFile(), 40)},
		"ogg with a damaged page":    {"danificado.ogv", badCRC},
		"html after an mp4":          {"clipe.mp4", append(mp4File(), "<html><script>alert(1)</script></html>"...)},
	} {
		t.Run(name, func(t *testing.T) {
			check(t, uploadPost(bia, map[string]string{"type": "video", "text_content": "vídeo"}, c.file, c.data),
				http.StatusUnprocessableEntity, posts.CodeMediaType, badTitle, badType)
			check(t, uploadPost(bia, nil, c.file, c.data),
				http.StatusUnprocessableEntity, posts.CodeMediaType, badTitle, badType)
		})
	}
	t.Run("video 50 MB + 1", func(t *testing.T) {
		check(t, uploadSized(bia, nil, "big.mp4", mp4Sized(50<<20+1), 50<<20+1),
			http.StatusRequestEntityTooLarge, posts.CodeMediaTooLarge, big, "O arquivo deve ter no máximo 50MB.")
	})
	t.Run("cut while reading", func(t *testing.T) {
		check(t, uploadSized(bia, nil, "huge.mp4", mp4Sized(51<<20), 51<<20),
			http.StatusRequestEntityTooLarge, posts.CodeMediaTooLarge, big, "O arquivo deve ter no máximo 50MB.")
	})
	t.Run("text over 280 with a file", func(t *testing.T) {
		check(t, uploadPost(bia, map[string]string{"text_content": strings.Repeat("a", 281)}, "a.png", pngFile(t)),
			http.StatusUnprocessableEntity, posts.CodeTooLong, "", domain.MsgPostTooLong)
	})
	t.Run("neither text nor file", func(t *testing.T) {
		check(t, uploadPost(bia, map[string]string{"text_content": "  "}, "", nil),
			http.StatusUnprocessableEntity, posts.CodeEmpty, "", "Por favor, adicione algum conteúdo ao post.")
		check(t, uploadPost(bia, map[string]string{"text_content": " "}, "vazio.png", nil),
			http.StatusUnprocessableEntity, posts.CodeEmpty, "", "Por favor, adicione algum conteúdo ao post.")
	})
	t.Run("anonymous", func(t *testing.T) {
		body, ct := mediaForm(nil, "a.png", pngFile(t), len(pngFile(t)))
		check(t, app.Client().Do(http.MethodPost, "/api/v1/posts/media", body, "Content-Type", ct),
			http.StatusUnauthorized, posts.CodeUnauthenticated, "", posts.MsgNoUser)
	})
	if n := postRows(t, app, bia); n != 0 {
		t.Fatalf("%d posts after refusals", n)
	}
	if files := storedPostFiles(t, app); len(files) != 0 {
		t.Fatalf("files left after refusals: %v", files)
	}

	// The file is stored before the transaction; a failed one deletes it.
	if _, err := app.DB.NewRaw("DELETE FROM profiles WHERE id = ?", bia.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	check(t, uploadPost(bia, nil, "a.png", pngFile(t)), http.StatusForbidden, posts.CodeNoProfile, "", posts.MsgNoProfile)
	if files := storedPostFiles(t, app); len(files) != 0 {
		t.Fatalf("file of a failed post left: %v", files)
	}
}

type linkResults struct {
	Results []struct {
		URL   string `json:"url"`
		Error string `json:"error"`
	} `json:"results"`
}

func TestMediaLinksFollowPosts(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	var pub, priv, other mediaPost
	uploadPost(ana, nil, "a.png", pngFile(t)).Expect(t, http.StatusCreated).JSON(t, &pub)
	uploadPost(ana, map[string]string{"visibility": "friends_only"}, "b.png", pngFile(t)).Expect(t, http.StatusCreated).JSON(t, &priv)
	uploadPost(bia, map[string]string{"visibility": "friends_only"}, "c.mp4", mp4File()).Expect(t, http.StatusCreated).JSON(t, &other)
	pubKey, privKey, otherKey := mediaPath(t, app, pub.ID), mediaPath(t, app, priv.ID), mediaPath(t, app, other.ID)
	ctx := context.Background()
	avatar := "avatars/" + ana.ID + "/avatar-1.png"
	if err := app.Blobs.Put(ctx, avatar, bytes.NewReader(pngFile(t)), int64(len(pngFile(t))), "image/png"); err != nil {
		t.Fatal(err)
	}
	reqs := []map[string]string{
		{"post_id": priv.ID, "path": privKey},           // own friends_only: link
		{"post_id": other.ID, "path": otherKey},         // someone else's friends_only: error
		{"post_id": pub.ID, "path": privKey},            // path of another post: error
		{"path": pubKey},                                // no post named: error
		{"post_id": pub.ID, "path": pubKey},             // public: link
		{"path": avatar},                                // avatars still resolve
		{"story_id": pub.ID, "path": "stories/x/y.png"}, // stories come later
		{"post_id": "nao-e-id", "path": pubKey},
	}
	want := []bool{true, false, false, false, true, true, false, false}
	var ans linkResults
	ana.Do(http.MethodPost, "/api/v1/media/links", map[string]any{"requests": reqs}).Expect(t, http.StatusOK).JSON(t, &ans)
	if len(ans.Results) != len(want) {
		t.Fatalf("results %+v", ans.Results)
	}
	for i, ok := range want {
		r := ans.Results[i]
		if ok != (r.URL != "") || (!ok && r.Error != "Failed to load media") {
			t.Errorf("request %d (%v) = %+v", i, reqs[i], r)
		}
	}
	download(t, app, ans.Results[0].URL).Expect(t, http.StatusOK)
	// Bia reads her own friends_only file, not ana's.
	ans = linkResults{}
	bia.Do(http.MethodPost, "/api/v1/media/links", map[string]any{"requests": reqs[:2]}).Expect(t, http.StatusOK).JSON(t, &ans)
	if ans.Results[0].URL != "" || ans.Results[1].URL == "" {
		t.Fatalf("bia's results %+v", ans.Results)
	}
}

func TestDeleteMediaPost(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	var p mediaPost
	uploadPost(ana, map[string]string{"text_content": "tchau"}, "v.webm", webmFile()).Expect(t, http.StatusCreated).JSON(t, &p)
	key := mediaPath(t, app, p.ID)

	socket := bia.Realtime(t, "feed:public", "post:"+p.ID)
	ana.Do(http.MethodDelete, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusNoContent)
	seen := map[string]bool{}
	for range 2 {
		m := socket.Next(t)
		if m.Event.Type != "post.deleted" || m.Event.Data["id"] != p.ID {
			t.Fatalf("event = %+v", m)
		}
		seen[m.Topic] = true
	}
	if !seen["feed:public"] || !seen["post:"+p.ID] {
		t.Fatalf("post.deleted went to %v", seen)
	}

	// The app's worker removes the file once the job runs.
	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, _, err := app.Blobs.Open(ctx, key)
		if errors.Is(err, ports.ErrBlobNotFound) {
			break
		}
		if err == nil {
			if time.Now().After(deadline) {
				t.Fatal("file still stored after the delete job's time")
			}
			time.Sleep(100 * time.Millisecond)
			continue
		}
		t.Fatal(err)
	}
	var jobs int
	if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'posts.delete_media' AND args->>'key' = ?`, key).
		Scan(ctx, &jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 {
		t.Fatalf("%d delete jobs", jobs)
	}
	// Idempotent: a file already gone is success; a key outside posts/ is final.
	w := &postsstore.DeletePostMediaWorker{Delete: &posts.DeletePostMedia{Blobs: app.Blobs}}
	if err := w.Work(ctx, &river.Job[postsstore.DeletePostMediaArgs]{Args: postsstore.DeletePostMediaArgs{Key: key}}); err != nil {
		t.Fatalf("second run: %v", err)
	}
	var cancel *river.JobCancelError
	if err := w.Work(ctx, &river.Job[postsstore.DeletePostMediaArgs]{Args: postsstore.DeletePostMediaArgs{Key: "avatars/x/a.png"}}); !errors.As(err, &cancel) {
		t.Fatalf("foreign key: %v, want a cancel", err)
	}
	if _, err := os.Stat(filepath.Join(app.Config.Storage.Disk.Dir, filepath.FromSlash(key))); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("file on disk: %v", err)
	}
}

func TestEditResyncsHashtagsAndPreview(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	ctx := context.Background()
	p := create(t, ana, text("#a #b começo"))
	create(t, bia, text("também #b"))
	// A preview of the old text, as the job would have left it.
	if _, err := app.DB.NewRaw(`UPDATE posts SET link_preview_url = 'https://velho.example/', link_preview_title = 't',
		link_preview_description = 'd', link_preview_image_path = 'posts/velho/1-preview.png', link_preview_site_name = 's'
		WHERE id = ?`, p.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	socket := ana.Realtime(t, "post:"+p.ID)

	var got post
	ana.Do(http.MethodPatch, "/api/v1/posts/"+p.ID, text("#B #c veja https://exemplo.com.br/x")).Expect(t, http.StatusOK).JSON(t, &got)
	if m := socket.Next(t); m.Event.Type != "post.updated" || m.Event.Data["id"] != p.ID {
		t.Fatalf("event = %+v", m)
	}
	if usage(t, app, "a") != 0 || usage(t, app, "b") != 2 || usage(t, app, "c") != 1 {
		t.Fatalf("usage a %d b %d c %d", usage(t, app, "a"), usage(t, app, "b"), usage(t, app, "c"))
	}
	var tags []string
	if err := app.DB.NewRaw(`SELECT h.tag FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
		WHERE ph.post_id = ? ORDER BY h.tag`, p.ID).Scan(ctx, &tags); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(tags) != "[b c]" {
		t.Fatalf("post_hashtags = %v", tags)
	}
	if got.LinkPreviewURL != nil || got.LinkPreviewTitle != nil || got.LinkPreviewDescription != nil ||
		got.LinkPreviewImageURL != nil || got.LinkPreviewSiteName != nil {
		t.Fatalf("old preview kept: %+v", got)
	}
	jobs := func() int {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'posts.fill_link_preview' AND args->>'post_id' = ?`, p.ID).
			Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if jobs() != 1 {
		t.Fatalf("%d preview jobs after an edit adding a URL", jobs())
	}
	// Dropping every tag never takes a count below zero; no URL, no job.
	ana.Do(http.MethodPatch, "/api/v1/posts/"+p.ID, text("sem nada")).Expect(t, http.StatusOK)
	if usage(t, app, "a") != 0 || usage(t, app, "b") != 1 || usage(t, app, "c") != 0 || jobs() != 1 {
		t.Fatalf("usage a %d b %d c %d, jobs %d", usage(t, app, "a"), usage(t, app, "b"), usage(t, app, "c"), jobs())
	}
	// Deleting afterwards counts only the links the post still has.
	ana.Do(http.MethodDelete, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusNoContent)
	if usage(t, app, "b") != 1 {
		t.Fatalf("usage b %d after delete", usage(t, app, "b"))
	}
}
