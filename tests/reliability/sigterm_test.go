package reliability_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// sigtermShutdownTimeout is the serve process's http.shutdown_timeout.
const sigtermShutdownTimeout = 10 * time.Second

// popularFollowers follow the author whose post's fan-out is running when
// the signal comes: two batches, so the job is certainly mid-way.
const popularFollowers = 8_000

// postsPerWriter caps the posts each of the four writers makes.
const postsPerWriter = 40

// `social serve` sent SIGTERM under load: requests it had accepted finish
// with a complete 2xx answer (a slow upload still arriving included),
// every socket gets close code 1001, the process exits 0 in time, no job
// is left marked running, and once a new process drained the queue every
// post answered 201 is stored, in the public feed, found by search and in
// its followers' 'Seguindo' timelines.
func TestSigtermUnderLoad(t *testing.T) {
	ctx := context.Background()
	began := time.Now()
	rig := newProcessRig(t)
	rig.Env = append(rig.Env, writeEveryTimeline)
	shutdown := "SOCIAL_HTTP_SHUTDOWN_TIMEOUT=" + sigtermShutdownTimeout.String()
	first := rig.Serve(t, shutdown)

	authors := []rigMember{rig.Member(t, first, "autora_1"), rig.Member(t, first, "autora_2"), rig.Member(t, first, "autora_3")}
	readers := []rigMember{rig.Member(t, first, "leitor_1"), rig.Member(t, first, "leitor_2"), rig.Member(t, first, "leitor_3")}
	popular := rig.Member(t, first, "popular")
	addBulkFollowers(t, rig.DB, popular.ID, popularFollowers)
	// Two readers follow before the load; the third while it runs (its
	// timeline is then filled by backfill jobs and fan-outs together).
	for _, r := range readers[:2] {
		for _, a := range authors {
			first.MustCall(t, r.Token, http.MethodPost, "/api/v1/profiles/"+a.Handle+"/follow", nil, http.StatusOK, nil)
		}
	}

	// Every socket is read from the start: one left unread would fill its
	// queue and be closed as a slow client (1013) instead.
	type closed struct {
		who          string
		code, events int
		text         string
		err          error
	}
	closes := make(chan closed, 4)
	for _, m := range []rigMember{authors[0], authors[1], readers[0], readers[1]} {
		s := first.Socket(t, m.Token, "feed:public", "user:"+m.ID+":notifications")
		go func() {
			code, text, events, err := s.CloseCode(2 * time.Minute)
			closes <- closed{m.Handle, code, events, text, err}
		}()
	}

	load := &sigtermLoad{p: first, signalled: make(chan struct{}), uploadStarted: make(chan struct{})}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := authors[g%len(authors)]
			for i := 0; load.running(); i++ {
				// Posts are capped, so that the queue the next process
				// drains stays small; reads keep requests in flight.
				if i < postsPerWriter {
					load.post(a, fmt.Sprintf("carga %d-%d", g, i))
				} else {
					load.do(a.Token, http.MethodGet, "/api/v1/feed?limit=10", nil, "")
				}
				time.Sleep(60 * time.Millisecond)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; load.running(); i++ {
			r := readers[i%2]
			if id := load.recentPost(i); id != "" {
				load.do(r.Token, http.MethodPut, "/api/v1/posts/"+id+"/like", nil, "")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, a := range authors {
			load.do(readers[2].Token, http.MethodPost, "/api/v1/profiles/"+a.Handle+"/follow", nil, "")
		}
	}()

	t.Logf("load started %v after the test's start", time.Since(began).Round(100*time.Millisecond))
	time.Sleep(1500 * time.Millisecond)
	upload := make(chan sigtermRequest, 1)
	go func() { upload <- load.slowUpload(t, authors[2]) }()
	<-load.uploadStarted
	var popularPost struct {
		ID string `json:"id"`
	}
	first.MustCall(t, popular.Token, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "muita gente vai ler isto"}, http.StatusCreated, &popularPost)
	popularJob := jobID(t, rig.DB, "timelines.fan_out", "post_id", popularPost.ID)
	waitUntil(t, 30*time.Second, "the popular post's fan-out is running", func() bool { return jobState(t, rig.DB, popularJob) == "running" })

	runningAtSignal := queryInt(t, rig.DB, `SELECT count(*) FROM river_job WHERE state = 'running'`)
	signalAt := time.Now()
	first.Signal(t, syscall.SIGTERM)
	close(load.signalled)
	exitCode, err := first.Wait(sigtermShutdownTimeout + 15*time.Second)
	exitedAfter := time.Since(signalAt)
	load.stop()
	wg.Wait()
	up := <-upload
	if err != nil {
		t.Fatal(err)
	}
	if exitCode != 0 {
		t.Errorf("exit code %d, want 0", exitCode)
	}
	t.Logf("exited %v after SIGTERM; %d jobs were running at the signal", exitedAfter.Round(time.Millisecond), runningAtSignal)

	t.Run("accepted requests got complete answers", func(t *testing.T) {
		served := servedRequestIDs(first.Logs())
		var answered, inFlight, refused, unserved int
		for _, r := range load.all() {
			switch {
			case r.err == nil && r.status >= 200 && r.status < 300:
				answered++
				if r.start.Before(signalAt) && r.end.After(signalAt) {
					inFlight++
				}
			case r.err == nil:
				t.Errorf("%s %s: status %d: %s", r.method, r.path, r.status, r.body)
			case r.refused && r.start.After(signalAt):
				refused++
			case r.noAnswer && r.start.After(signalAt.Add(-acceptQueueLag)) && !served[r.id]:
				// Connected while the listener was closing: the kernel's
				// queue was reset, the server never read the request. A
				// request sent just before the signal can still be in
				// that queue when the listener closes.
				unserved++
			default:
				t.Errorf("%s %s (sent at %+v from the signal): %v", r.method, r.path, r.start.Sub(signalAt).Round(time.Millisecond), r.err)
			}
		}
		if up.err != nil || up.status != http.StatusCreated || !up.start.Before(signalAt) || !up.end.After(signalAt) {
			t.Errorf("slow upload across the signal: status %d, err %v, from %+v to %+v from the signal",
				up.status, up.err, up.start.Sub(signalAt), up.end.Sub(signalAt))
		}
		t.Logf("%d answered 2xx (%d in flight at the signal), %d refused after it, %d reset unread around it",
			answered, inFlight, refused, unserved)
	})

	t.Run("every socket got 1001", func(t *testing.T) {
		for range 4 {
			c := <-closes
			if c.code != websocket.CloseGoingAway {
				t.Errorf("%s's socket: close code %d %q after %d frames (%v), want 1001", c.who, c.code, c.text, c.events, c.err)
			}
		}
	})

	t.Run("no job is left running", func(t *testing.T) {
		if n := queryInt(t, rig.DB, `SELECT count(*) FROM river_job WHERE state = 'running'`); n != 0 {
			t.Fatalf("%d jobs still marked running after the exit", n)
		}
		rows, err := rig.DB.Query(ctx, `SELECT state::text, count(*) FROM river_job GROUP BY 1 ORDER BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var states []string
		for rows.Next() {
			var s string
			var n int
			if err := rows.Scan(&s, &n); err != nil {
				t.Fatal(err)
			}
			states = append(states, fmt.Sprintf("%s %d", s, n))
		}
		t.Logf("jobs at exit: %s", strings.Join(states, ", "))
	})

	restarted := time.Now()
	second := rig.Serve(t, shutdown)
	waitUntil(t, 60*time.Second, "the queue drained", func() bool {
		return queryInt(t, rig.DB, `SELECT count(*) FROM river_job
			WHERE kind IN ('timelines.fan_out', 'timelines.backfill') AND state <> 'completed'`) == 0 &&
			queryInt(t, rig.DB, `SELECT count(*) FROM search_queue`) == 0
	})
	t.Logf("restarted and drained in %v", time.Since(restarted).Round(100*time.Millisecond))

	created := append(load.createdPosts(), up.postID)
	byAuthor := load.createdByAuthor()
	byAuthor[authors[2].ID] = append(byAuthor[authors[2].ID], up.postID)

	t.Run("every post answered 201 is stored", func(t *testing.T) {
		stored := queryInt(t, rig.DB, `SELECT count(*) FROM posts WHERE id::text = ANY($1)`, created)
		if stored != len(created) || len(created) < 20 {
			t.Fatalf("%d posts answered 201, %d of them stored", len(created), stored)
		}
		t.Logf("%d posts created", len(created))
	})

	t.Run("every post is in the public feed", func(t *testing.T) {
		inFeed := feedIDs(t, second, readers[0].Token, "chronological")
		for _, id := range created {
			if !inFeed[id] {
				t.Errorf("post %s is not in the public feed", id)
			}
		}
	})

	t.Run("every post is found by search", func(t *testing.T) {
		for _, id := range created {
			var text string
			if err := rig.DB.QueryRow(ctx, `SELECT text_content FROM posts WHERE id = $1`, id).Scan(&text); err != nil {
				t.Fatal(err)
			}
			word := searchWord.FindString(text)
			var res struct {
				Items []struct{ Type, ID string }
			}
			second.MustCall(t, readers[0].Token, http.MethodGet, "/api/v1/search?q="+url.QueryEscape(word), nil, http.StatusOK, &res)
			found := false
			for _, it := range res.Items {
				found = found || (it.Type == "post" && it.ID == id)
			}
			if !found {
				t.Errorf("search %q does not find post %s: %+v", word, id, res.Items)
			}
		}
	})

	t.Run("every post is in its followers' Seguindo timelines", func(t *testing.T) {
		for _, r := range readers {
			timeline := feedIDs(t, second, r.Token, "following")
			for _, a := range authors {
				for _, id := range byAuthor[a.ID] {
					if !timeline[id] {
						t.Errorf("%s's timeline lacks %s's post %s", r.Handle, a.Handle, id)
					}
				}
			}
		}
		if n := queryInt(t, rig.DB, `SELECT count(*) FROM timelines WHERE post_id = $1`, popularPost.ID); n != popularFollowers+1 {
			t.Errorf("the popular post is in %d timelines, want %d", n, popularFollowers+1)
		}
	})

	if n := queryInt(t, rig.DB, `SELECT count(*) FROM river_job WHERE state = 'discarded'`); n != 0 {
		t.Errorf("%d jobs discarded", n)
	}
}

// searchWord is the word only one load post holds.
var searchWord = regexp.MustCompile(`zq[a-z]+`)

// sigtermLoad is the load of the test and what became of each request.
type sigtermLoad struct {
	p             *serveProcess
	signalled     chan struct{}
	uploadStarted chan struct{}
	mu            sync.Mutex
	stopped       bool
	seq           int
	reqs          []sigtermRequest
	posts         []string            // ids answered 201, in order
	postsBy       map[string][]string // author id -> post ids
}

// sigtermRequest is one request and its outcome.
type sigtermRequest struct {
	id, method, path string
	start, end       time.Time
	status           int
	body             string
	postID           string
	err              error
	refused          bool // the connection was refused: the listener was closed
	noAnswer         bool // connected, then nothing of an answer arrived
}

func (l *sigtermLoad) running() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.stopped
}

func (l *sigtermLoad) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopped = true
}

// acceptQueueLag bounds how long a connection the kernel has completed
// waits in the listen queue before the server accepts it, on a busy
// two-core machine under the race detector. One that is still there when
// the listener closes is reset without the server reading it: no answer,
// nothing done (the server never logged it).
const acceptQueueLag = 250 * time.Millisecond

// A fresh connection per request: every request either is refused at
// connect (listener closed) or reaches the server, never an idle
// keep-alive connection the server was closing.
var sigtermClient = &http.Client{Timeout: time.Minute, Transport: &http.Transport{DisableKeepAlives: true}}

// post creates a public post whose text carries a word of its own.
func (l *sigtermLoad) post(author rigMember, text string) {
	l.mu.Lock()
	l.seq++
	word := "zq" + consonants(l.seq)
	l.mu.Unlock()
	r := l.do(author.Token, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": text + " " + word, "visibility": "public"}, "")
	if r.err == nil && r.status == http.StatusCreated {
		l.mu.Lock()
		l.posts = append(l.posts, r.postID)
		if l.postsBy == nil {
			l.postsBy = map[string][]string{}
		}
		l.postsBy[author.ID] = append(l.postsBy[author.ID], r.postID)
		l.mu.Unlock()
	}
}

// consonants spells n in a base of consonants: a word the Portuguese
// stemmer leaves whole, so that no two posts share one.
func consonants(n int) string {
	const digits = "bcdfghjklmnpqrtvxz"
	var b []byte
	for ; n > 0; n /= len(digits) {
		b = append([]byte{digits[n%len(digits)]}, b...)
	}
	return string(b)
}

// recentPost is one of the last posts created, or "" before any.
func (l *sigtermLoad) recentPost(i int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.posts) == 0 {
		return ""
	}
	return l.posts[len(l.posts)-1-i%min(len(l.posts), 10)]
}

// do sends one request and records it; contentType "" sends body as JSON.
func (l *sigtermLoad) do(token, method, path string, body any, contentType string) sigtermRequest {
	var r io.Reader
	if rd, ok := body.(io.Reader); ok {
		r = rd
	} else if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
		contentType = "application/json"
	}
	l.mu.Lock()
	l.seq++
	id := fmt.Sprintf("sigterm-%06d", l.seq)
	l.mu.Unlock()
	rec := sigtermRequest{id: id, method: method, path: path, start: time.Now()}
	req, _ := http.NewRequest(method, l.p.URL+path, r)
	if n, ok := body.(interface{ Len() int }); ok && contentType != "application/json" {
		req.ContentLength = int64(n.Len())
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Request-ID", id)
	resp, err := sigtermClient.Do(req)
	if err == nil {
		var raw []byte
		raw, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		rec.status, rec.body = resp.StatusCode, string(raw)
		var created struct {
			ID string `json:"id"`
		}
		if rec.status == http.StatusCreated && json.Unmarshal(raw, &created) == nil {
			rec.postID = created.ID
		}
	} else {
		var op *net.OpError
		rec.refused = errors.As(err, &op) && op.Op == "dial"
		rec.noAnswer = !rec.refused
	}
	rec.end, rec.err = time.Now(), err
	l.mu.Lock()
	l.reqs = append(l.reqs, rec)
	l.mu.Unlock()
	return rec
}

// slowUpload posts an image whose body arrives in two halves: the first
// before the signal, the second a second after it.
func (l *sigtermLoad) slowUpload(t *testing.T, author rigMember) sigtermRequest {
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	_ = w.WriteField("text_content", "foto enviada devagar zqdvgr")
	part, _ := w.CreateFormFile("file", "foto.png")
	_, _ = part.Write(pngImage(t))
	_ = w.Close()
	raw := form.Bytes()
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write(raw[:len(raw)/2])
		close(l.uploadStarted)
		<-l.signalled
		time.Sleep(time.Second)
		_, _ = pw.Write(raw[len(raw)/2:])
		_ = pw.Close()
	}()
	return l.do(author.Token, http.MethodPost, "/api/v1/posts/media", sizedReader{pr, len(raw)}, w.FormDataContentType())
}

// sizedReader gives a streamed body its length (no chunked encoding).
type sizedReader struct {
	io.Reader
	n int
}

func (s sizedReader) Len() int { return s.n }

func pngImage(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 90, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func (l *sigtermLoad) all() []sigtermRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]sigtermRequest(nil), l.reqs...)
}

func (l *sigtermLoad) createdPosts() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.posts...)
}

func (l *sigtermLoad) createdByAuthor() map[string][]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string][]string{}
	for k, v := range l.postsBy {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// servedRequestIDs are the request ids the server's access log names.
func servedRequestIDs(logs string) map[string]bool {
	out := map[string]bool{}
	for _, m := range loggedRequestID.FindAllStringSubmatch(logs, -1) {
		out[m[1]] = true
	}
	return out
}

var loggedRequestID = regexp.MustCompile(`request_id=(sigterm-\d+)`)

// feedIDs walks every page of a feed and returns the posts' ids.
func feedIDs(t *testing.T, p *serveProcess, token, algorithm string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	cursor := ""
	for page := 0; page < 100; page++ {
		var res struct {
			Items []struct {
				ID string `json:"id"`
			} `json:"items"`
			NextCursor string `json:"next_cursor"`
		}
		p.MustCall(t, token, http.MethodGet, "/api/v1/feed?limit=50&algorithm="+algorithm+"&cursor="+url.QueryEscape(cursor), nil, http.StatusOK, &res)
		for _, it := range res.Items {
			ids[it.ID] = true
		}
		if res.NextCursor == "" {
			return ids
		}
		cursor = res.NextCursor
	}
	t.Fatalf("%s feed: more than 100 pages", algorithm)
	return nil
}
