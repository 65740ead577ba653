package mastodon_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	at "social/tests/testkit/apptest"
)

// streamFrame is a frame of Mastodon's streaming API.
type streamFrame struct {
	Stream  []string `json:"stream"`
	Event   string   `json:"event"`
	Payload string   `json:"payload"`
	Error   string   `json:"error"`
	Status  int      `json:"status"`
}

type stream struct{ conn *websocket.Conn }

// dialStream opens /api/v1/streaming with query and header, as an app.
func dialStream(t *testing.T, app *at.App, query string, header http.Header) (*stream, *http.Response, error) {
	t.Helper()
	d := websocket.Dialer{HandshakeTimeout: 10 * time.Second}
	if p := header.Get("Sec-WebSocket-Protocol"); p != "" {
		d.Subprotocols = []string{p}
		header = header.Clone()
		header.Del("Sec-WebSocket-Protocol")
	}
	conn, resp, err := d.Dial("ws"+strings.TrimPrefix(app.URL, "http")+"/api/v1/streaming"+query, header)
	if err != nil {
		return nil, resp, err
	}
	t.Cleanup(func() { _ = conn.Close() })
	return &stream{conn: conn}, resp, nil
}

func mustStream(t *testing.T, app *at.App, query string, header http.Header) *stream {
	t.Helper()
	s, resp, err := dialStream(t, app, query, header)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial stream %s: %v (%d)", query, err, status)
	}
	return s
}

func (s *stream) next(t *testing.T, within time.Duration) (streamFrame, bool) {
	t.Helper()
	_ = s.conn.SetReadDeadline(time.Now().Add(within))
	var f streamFrame
	_, raw, err := s.conn.ReadMessage()
	if err != nil {
		return f, false
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatalf("frame %s: %v", raw, err)
	}
	return f, true
}

// until reads frames until one matches, failing after 5 seconds; it
// returns the frames read before it.
func (s *stream) until(t *testing.T, match func(streamFrame) bool) (streamFrame, []streamFrame) {
	t.Helper()
	var before []streamFrame
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		f, ok := s.next(t, time.Until(deadline))
		if !ok {
			break
		}
		if match(f) {
			return f, before
		}
		before = append(before, f)
	}
	t.Fatalf("no matching frame; got %+v", before)
	return streamFrame{}, nil
}

// statusOf is an update's status.
func statusOf(t *testing.T, f streamFrame) map[string]any {
	t.Helper()
	var st map[string]any
	if err := json.Unmarshal([]byte(f.Payload), &st); err != nil {
		t.Fatalf("payload %q: %v", f.Payload, err)
	}
	return st
}

func updateOf(id string) func(streamFrame) bool {
	return func(f streamFrame) bool {
		if f.Event != "update" {
			return false
		}
		var st struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal([]byte(f.Payload), &st)
		return st.ID == id
	}
}

// ready waits until the stream reads what m posts publicly: the socket's
// streams are followed once it is registered, just after the handshake.
func (s *stream) ready(t *testing.T, m *at.Member) {
	t.Helper()
	for range 10 {
		id := m.NewPost(t, "pronto", "public")
		deadline := time.Now().Add(time.Second)
		for time.Now().Before(deadline) {
			f, ok := s.next(t, time.Until(deadline))
			if ok && updateOf(id)(f) {
				return
			}
		}
	}
	t.Fatal("the stream never started")
}

func bearerHeader(token string) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	return h
}

// The user stream: the home timeline's new statuses (a followed member's,
// followers-only ones included, as the viewer sees them), never a blocked
// member's; a deletion and an edit of what it sent. Connected with the
// token in the query, the stream chosen at connect time.
func TestStreamingUserStream(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana, bia := app.Member("lia"), app.Member("ana"), app.Member("bia")
	lia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	lia.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	token := lia.AppClient(t, "read").Token
	s := mustStream(t, app, "?stream=user&access_token="+url.QueryEscape(token), nil)
	s.ready(t, lia)

	lia.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	hidden := bia.NewPost(t, "Não devia chegar", "public")
	friends := ana.NewPost(t, "Só para quem me segue #Praia", "friends_only")
	f, before := s.until(t, updateOf(friends))
	for _, b := range before {
		if updateOf(hidden)(b) {
			t.Fatal("a blocked member's status reached the stream")
		}
	}
	if len(f.Stream) != 1 || f.Stream[0] != "user" {
		t.Fatalf("stream %v", f.Stream)
	}
	st := statusOf(t, f)
	if st["visibility"] != "private" || !strings.Contains(st["content"].(string), "Só para quem me segue") {
		t.Fatalf("status %+v", st)
	}

	ana.Do(http.MethodPatch, "/api/v1/posts/"+friends, map[string]string{"text_content": "Editado"}).Expect(t, http.StatusOK)
	edit, _ := s.until(t, func(f streamFrame) bool { return f.Event == "status.update" })
	if st := statusOf(t, edit); st["id"] != friends || !strings.Contains(st["content"].(string), "Editado") {
		t.Fatalf("edit %+v", st)
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+friends, nil).Expect(t, http.StatusNoContent)
	del, _ := s.until(t, func(f streamFrame) bool { return f.Event == "delete" })
	if del.Payload != friends {
		t.Fatalf("delete %+v", del)
	}

	mine := lia.NewPost(t, "Meu post", "public")
	ana.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPut, "/api/v1/posts/"+mine+"/like", nil).Expect(t, http.StatusOK)
	for _, want := range []string{"follow", "favourite"} {
		n, _ := s.until(t, func(f streamFrame) bool { return f.Event == "notification" })
		var entity struct {
			Type    string `json:"type"`
			Account struct {
				Username string `json:"username"`
			} `json:"account"`
			Status *struct {
				ID string `json:"id"`
			} `json:"status"`
		}
		if err := json.Unmarshal([]byte(n.Payload), &entity); err != nil {
			t.Fatal(err)
		}
		if entity.Type != want || entity.Account.Username != "ana" || (want == "favourite" && (entity.Status == nil || entity.Status.ID != mine)) {
			t.Fatalf("notification %s: %+v", want, entity)
		}
	}
}

// A status the user stream sent that the member can no longer read is a
// delete there, as Mastodon takes it out of the home timeline: a
// followers-only status once its author is unfollowed. The same holds for
// a deletion whose event reaches the socket after the access check ended
// the post's subscription.
func TestStreamingUserStreamDeletesWhatTheMemberCanNoLongerRead(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	lia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	token := lia.AppClient(t, "read").Token
	s := mustStream(t, app, "?stream=user&access_token="+url.QueryEscape(token), nil)
	s.ready(t, lia)

	friends := ana.NewPost(t, "Só para quem me segue", "friends_only")
	s.until(t, updateOf(friends))
	lia.Do(http.MethodDelete, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	del, _ := s.until(t, func(f streamFrame) bool { return f.Event == "delete" })
	if del.Payload != friends || len(del.Stream) != 1 || del.Stream[0] != "user" {
		t.Fatalf("delete %+v", del)
	}
	// Told once: the post's own deletion later is not told again.
	ana.Do(http.MethodDelete, "/api/v1/posts/"+friends, nil).Expect(t, http.StatusNoContent)
	mine := lia.NewPost(t, "Depois", "public")
	_, before := s.until(t, updateOf(mine))
	for _, f := range before {
		if f.Event == "delete" {
			t.Fatalf("a second delete: %+v", f)
		}
	}
}

// The public and hashtag streams, asked for by subscribe messages on a
// socket opened with the token as its subprotocol (which is echoed).
func TestStreamingSubscribeMessages(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	token := lia.AppClient(t, "read:statuses").Token
	h := http.Header{}
	h.Set("Sec-WebSocket-Protocol", token)
	s, resp, err := dialStream(t, app, "", h)
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.Header.Get("Sec-WebSocket-Protocol"); got != token {
		t.Fatalf("subprotocol %q", got)
	}
	if err := s.conn.WriteJSON(map[string]string{"type": "subscribe", "stream": "hashtag", "tag": "praia"}); err != nil {
		t.Fatal(err)
	}
	if err := s.conn.WriteJSON(map[string]string{"type": "subscribe", "stream": "public:local"}); err != nil {
		t.Fatal(err)
	}
	s.ready(t, ana)

	other := ana.NewPost(t, "Sem hashtag", "public")
	tagged := ana.NewPost(t, "Dia de #Praia", "public")
	ana.NewPost(t, "Seguidores #praia", "friends_only")
	var streams [][]string
	for range 3 {
		f, _ := s.until(t, func(f streamFrame) bool { return f.Event == "update" })
		id := statusOf(t, f)["id"]
		if id != other && id != tagged {
			t.Fatalf("unexpected status %v on %v", id, f.Stream)
		}
		streams = append(streams, f.Stream)
	}
	hashtag := 0
	for _, st := range streams {
		if len(st) == 2 && st[0] == "hashtag" && st[1] == "praia" {
			hashtag++
		}
	}
	if hashtag != 1 {
		t.Fatalf("streams %v", streams)
	}

	if err := s.conn.WriteJSON(map[string]string{"type": "unsubscribe", "stream": "public:local"}); err != nil {
		t.Fatal(err)
	}
	if err := s.conn.WriteJSON(map[string]string{"type": "subscribe", "stream": "user:notification"}); err != nil {
		t.Fatal(err)
	}
	refused, _ := s.until(t, func(f streamFrame) bool { return f.Error != "" })
	if refused.Status != http.StatusForbidden {
		t.Fatalf("a stream the scopes do not cover: %+v", refused)
	}
	// An edit of a public status reaches the streams it belongs to.
	ana.AppClient(t, "write").Do(http.MethodPut, "/api/v1/statuses/"+tagged, map[string]string{"status": "Dia de #Praia e sol"}).
		Expect(t, http.StatusOK)
	edit, _ := s.until(t, func(f streamFrame) bool { return f.Event == "status.update" })
	if got := statusOf(t, edit); got["id"] != tagged || !strings.Contains(got["content"].(string), "e sol") ||
		len(edit.Stream) != 2 || edit.Stream[0] != "hashtag" {
		t.Fatalf("status.update %+v: %v", edit, got)
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+tagged, nil).Expect(t, http.StatusNoContent)
	del, _ := s.until(t, func(f streamFrame) bool { return f.Event == "delete" })
	if del.Payload != tagged || len(del.Stream) != 2 {
		t.Fatalf("delete %+v", del)
	}
	_ = lia
}

// No token, a wrong one, a token without a reading scope, an unknown
// stream: refused before the upgrade. A bearer header is accepted, and
// so is the member's own session. The health check answers OK.
func TestStreamingRefusals(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	r := app.Client().Do(http.MethodGet, "/api/v1/streaming/health", nil).Expect(t, http.StatusOK)
	if string(r.Body) != "OK" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("health: %q %s", r.Body, r.Header.Get("Content-Type"))
	}
	refused := func(query string, header http.Header, want int) {
		t.Helper()
		_, resp, err := dialStream(t, app, query, header)
		if err == nil || resp == nil || resp.StatusCode != want {
			t.Fatalf("%s: want %d, got %v %v", query, want, resp, err)
		}
	}
	refused("?stream=public", nil, http.StatusUnauthorized)
	refused("?stream=public&access_token=inventado", nil, http.StatusUnauthorized)
	write := lia.AppClient(t, "write").Token
	refused("?access_token="+url.QueryEscape(write), nil, http.StatusForbidden)
	notices := lia.AppClient(t, "read:notifications").Token
	refused("?stream=public&access_token="+url.QueryEscape(notices), nil, http.StatusForbidden)
	read := lia.AppClient(t, "read").Token
	refused("?stream=list&access_token="+url.QueryEscape(read), nil, http.StatusUnprocessableEntity)
	refused("?stream=hashtag&access_token="+url.QueryEscape(read), nil, http.StatusUnprocessableEntity)

	mustStream(t, app, "?stream=public", bearerHeader(read)).ready(t, lia)
	mustStream(t, app, "?stream=public", bearerHeader(lia.Token)).ready(t, lia)
}

// Revoking the app's token ends its stream at once; so does the member
// disconnecting the app.
func TestStreamingEndsWithTheToken(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	first := lia.AppClient(t, "read")
	s := mustStream(t, app, "?stream=public&access_token="+url.QueryEscape(first.Token), nil)
	s.ready(t, lia)
	var apps struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	lia.Do(http.MethodGet, "/api/v1/oauth/connected-apps", nil).Expect(t, http.StatusOK).JSON(t, &apps)
	if len(apps.Items) != 1 {
		t.Fatalf("connected apps %+v", apps)
	}
	lia.Do(http.MethodDelete, "/api/v1/oauth/connected-apps/"+apps.Items[0].ID, nil).Expect(t, http.StatusNoContent)
	if code := closeCode(t, s); code != websocket.ClosePolicyViolation {
		t.Fatalf("close %d", code)
	}
}

func closeCode(t *testing.T, s *stream) int {
	t.Helper()
	_ = s.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		_, _, err := s.conn.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if ok := asClose(err, &ce); ok {
			return ce.Code
		}
		t.Fatalf("stream still open or dropped: %v", err)
	}
}

func asClose(err error, ce **websocket.CloseError) bool {
	c, ok := err.(*websocket.CloseError)
	if ok {
		*ce = c
	}
	return ok
}

// A stream's token, in the query or as the subprotocol, appears in no log
// line (every request logged, at debug) and in no metric.
func TestStreamingTokenStaysOutOfLogsAndMetrics(t *testing.T) {
	t.Parallel()
	app, logs := at.StartLoggingAll(t)
	lia := app.Member("lia")
	token := lia.AppClient(t, "read").Token
	mustStream(t, app, "?stream=public&access_token="+url.QueryEscape(token), nil).ready(t, lia)
	h := http.Header{}
	h.Set("Sec-WebSocket-Protocol", token)
	mustStream(t, app, "?stream=public", h).ready(t, lia)
	_, _, _ = dialStream(t, app, "?stream=public&access_token=segredo-inventado", nil)
	metrics := string(app.Client().Do(http.MethodGet, "/metrics", nil).Expect(t, http.StatusOK).Body)
	lines := logs.String()
	if !strings.Contains(lines, "/api/v1/streaming") {
		t.Fatalf("the handshakes were not logged: %.400s", lines)
	}
	if !strings.Contains(metrics, `route="GET /api/v1/streaming"`) {
		t.Fatalf("the handshakes were not counted")
	}
	for _, secret := range []string{token, "segredo-inventado"} {
		if strings.Contains(lines, secret) {
			t.Errorf("a token is in the log")
		}
		if strings.Contains(metrics, secret) {
			t.Errorf("a token is in the metrics")
		}
	}
}
