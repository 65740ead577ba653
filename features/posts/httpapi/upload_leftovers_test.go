package httpapi_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"social/config"
	posts "social/features/posts/app"
	at "social/tests/testkit/apptest"
)

// filesUnder lists the regular files under dir whose name starts with prefix.
func filesUnder(t *testing.T, dir, prefix string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), prefix) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// failingAfter is a request body that breaks off after n bytes of r, as a
// client that hangs up in the middle of an upload.
type failingAfter struct {
	r io.Reader
	n int64
}

func (f *failingAfter) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("client went away")
	}
	if int64(len(p)) > f.n {
		p = p[:f.n]
	}
	n, err := f.r.Read(p)
	f.n -= int64(n)
	return n, err
}

// Uploads past the form's 1 MiB in memory wait in temporary files: none of
// them outlives its request, whether the post is made, refused, too large
// or abandoned by the client; the store keeps only the accepted file. A
// 50 MB video goes through without the server holding it in memory. Not
// parallel: it points TMPDIR at its own folder and reads the process's
// allocation counter.
func TestUploadsLeaveNoTemporaryFilesAndStream(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	app := at.Start(t, nil)
	bia := app.Member("bia")
	leftovers := func(t *testing.T) []string {
		t.Helper()
		// Go's multipart reader names its spill files "multipart-*".
		return filesUnder(t, tmp, "multipart-")
	}

	uploadSized(bia, map[string]string{"text_content": "vídeo"}, "ok.mp4", mp4Sized(5<<20), 5<<20).Expect(t, http.StatusCreated)
	uploadSized(bia, nil, "nota.txt", []byte("só texto"), 3<<20).Expect(t, http.StatusUnprocessableEntity)
	uploadSized(bia, nil, "big.jpg", jpegFile(t), 10<<20+1).Expect(t, http.StatusRequestEntityTooLarge)
	p := uploadSized(bia, nil, "huge.mp4", mp4Sized(51<<20), 51<<20).Expect(t, http.StatusRequestEntityTooLarge).Problem(t)
	if p.Code != posts.CodeMediaTooLarge {
		t.Fatalf("problem = %+v", p)
	}
	if files := leftovers(t); len(files) != 0 {
		t.Fatalf("temporary files left after answered uploads: %v", files)
	}

	// A client that hangs up after 3 MiB: its request never gets an answer,
	// so wait (bounded) for the server to let go of the spill file.
	body, ct := mediaForm(map[string]string{"text_content": "meio"}, "cut.mp4", mp4Sized(8<<20), 8<<20)
	req, err := http.NewRequest(http.MethodPost, app.URL+"/api/v1/posts/media", &failingAfter{r: body, n: 3 << 20})
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+bia.Session.AccessToken)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("an abandoned upload was answered %d", resp.StatusCode)
	}
	deadline := time.Now().Add(time.Minute)
	for len(leftovers(t)) != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if files := leftovers(t); len(files) != 0 {
		t.Fatalf("temporary files left after an abandoned upload: %v", files)
	}

	// Memory: the largest video allowed, 50 MB, is streamed to a temporary
	// file and then to the store; the whole request allocates a fraction of it.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	uploadSized(bia, map[string]string{"text_content": "grande"}, "max.mp4", mp4Sized(50<<20), 50<<20).Expect(t, http.StatusCreated)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 24<<20 {
		t.Fatalf("a 50 MB upload allocated %d MiB", alloc>>20)
	}
	if files := leftovers(t); len(files) != 0 {
		t.Fatalf("temporary files left: %v", files)
	}

	// The store holds exactly the two accepted videos, and no half-written file.
	var all []string
	for _, f := range filesUnder(t, app.Config.Storage.Disk.Dir, "") {
		if !strings.HasPrefix(filepath.Base(f), ".") || !strings.HasSuffix(f, ".type") {
			all = append(all, f)
		}
	}
	if len(all) != 2 || len(storedPostFiles(t, app)) != 2 {
		t.Fatalf("store holds %v", all)
	}
}

// A client that sends its upload a byte at a time (holding a connection and
// a spill file as long as it likes) is cut off once http.read_timeout has
// passed: the server answers or hangs up while the client still has most
// of its body to send.
func TestSlowUploadIsCutOff(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.HTTP.ReadTimeout = 2 * time.Second })
	slowUpload(t, app, 300, 200*time.Millisecond) // a minute in all
}

// slowUpload sends a video post's form head, then one byte per every, up to
// trickle bytes, and fails unless the server answers or hangs up first.
func slowUpload(t *testing.T, app *at.App, trickle int, every time.Duration) {
	t.Helper()
	bia := app.Member("bia")
	conn, err := net.Dial("tcp", strings.TrimPrefix(app.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const boundary = "lentolentolento"
	head := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"lento.mp4\"\r\n" +
		"Content-Type: video/mp4\r\n\r\n" + string(mp4File()[:24])
	_, err = fmt.Fprintf(conn, "POST /api/v1/posts/media HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n"+
		"X-Forwarded-For: %s\r\nContent-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n%s",
		strings.TrimPrefix(app.URL, "http://"), bia.Session.AccessToken, bia.IP, boundary, len(head)+trickle+1000, head)
	if err != nil {
		t.Fatal(err)
	}
	answered := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(conn).ReadString('\n')
		answered <- line
	}()
	for sent := 0; sent < trickle; sent++ {
		select {
		case line := <-answered:
			t.Logf("cut off after %d of %d slow bytes: %q", sent, trickle, strings.TrimSpace(line))
			if postRows(t, app, bia) != 0 {
				t.Fatal("a post was made from a cut-off upload")
			}
			return
		case <-time.After(every):
		}
		if _, err := conn.Write([]byte{7}); err != nil {
			t.Logf("cut off after %d of %d slow bytes: %v", sent, trickle, err)
			return
		}
	}
	t.Fatal("the server kept reading a slow upload past http.read_timeout")
}
