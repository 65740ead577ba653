package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"social/adapters/postgres/cluster"
	"social/tests/testkit"
	"social/tests/testkit/apptest"
	"social/tests/testkit/natsserver"
	"social/tests/testkit/output"
)

// productionExample is the shipped multi-node profile; the nodes below run
// with it, changed only where this machine differs (addresses, secrets).
var productionExample = filepath.Join("..", "..", "configs", "production.example.yaml")

// Two `social serve` processes with the production profile share one
// PostgreSQL, one NATS and one S3 server (versitygw on a folder, started
// here): what a member does through node B reaches a member connected to
// node A.
func TestTwoNodes(t *testing.T) {
	bin := buildBinary(t)
	natsURL := natsserver.Start(t).URL
	dbURL := testkit.NewDatabase(t)
	objectStore := startS3(t, "social-media")
	env := append(os.Environ(),
		"SOCIAL_AUTH_JWT_SECRET=two-nodes-share-this-signing-secret-0123",
		"SOCIAL_PUSH_VAPID_PRIVATE_KEY=yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
		"SOCIAL_DATABASE_URL="+dbURL,
		// The primary stands in for its replica.
		"SOCIAL_DATABASE_READ_URL="+dbURL,
		"SOCIAL_DATABASE_MAX_CONNS=10",
		"SOCIAL_REALTIME_NATS_URL="+natsURL,
		"SOCIAL_STORAGE_S3_ENDPOINT="+objectStore.URL,
		"SOCIAL_STORAGE_S3_ACCESS_KEY="+objectStore.access,
		"SOCIAL_STORAGE_S3_SECRET_KEY="+objectStore.secret,
		"SOCIAL_STORAGE_S3_USE_PATH_STYLE=true",
		"SOCIAL_DATA_DIR="+t.TempDir(),
		"SOCIAL_JOBS_WORKERS=4",
		// Room presence decides within moments here.
		"SOCIAL_ROOMS_PRESENCE_GRACE=1s",
		// The host of the room's track below.
		"SOCIAL_ROOMS_STREAM_HOSTS=musica.exemplo.com.br",
	)

	t.Run("a missing multi-node setting stops serve, named", func(t *testing.T) {
		cmd := exec.Command(bin, "serve", "--config", productionExample)
		cmd.Env = append(env, "SOCIAL_REALTIME_BUS=memory")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); err == nil || code != 1 ||
			!strings.Contains(stderr.String(), "realtime.bus: must be nats with deployment multi_node") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	})

	// The profile turns auto_migrate off: migrations run once, before the
	// nodes start, as in a rolling upgrade.
	cli := func(args ...string) {
		t.Helper()
		cmd := exec.Command(bin, append(args, "--config", productionExample)...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("social %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	cli("migrate", "up")
	cli("seed-demo", "--profiles", "4")

	a := startNode(t, bin, env, "A")
	b := startNode(t, bin, env, "B")
	t.Run("readiness includes the realtime bus", func(t *testing.T) {
		resp, err := http.Get(a.url + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"realtime":"ok"`) {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
	})

	const password = "Senha1234"
	ana := a.signIn(t, "membro_000001@exemplo.com.br", password)
	bia := b.signIn(t, "membro_000002@exemplo.com.br", password)

	t.Run("a like through B reaches a socket on A, with its notification", func(t *testing.T) {
		var post struct{ ID string }
		a.call(t, ana, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "primeiro post do nó A"}, http.StatusCreated, &post)
		sock := a.socket(t, ana, "post:"+post.ID, "user:"+ana.id+":notifications")
		b.call(t, bia, http.MethodPut, "/api/v1/posts/"+post.ID+"/like", nil, http.StatusOK, nil)
		liked := sock.event(t, "post:"+post.ID, "post.liked")
		if liked["like_count"] != float64(1) {
			t.Errorf("post.liked = %v", liked)
		}
		notice := sock.event(t, "user:"+ana.id+":notifications", "notification.created")
		if notice["unread_count"] != float64(1) {
			t.Errorf("notification.created = %v", notice)
		}
	})

	t.Run("room presence, chat and playback cross the nodes", func(t *testing.T) {
		var room struct{ ID string }
		b.call(t, bia, http.MethodPost, "/api/v1/rooms", map[string]any{
			"name": "Sala de dois nós", "track_preview_url": "https://musica.exemplo.com.br/faixa.mp3",
		}, http.StatusCreated, &room)
		topic := "room:" + room.ID
		host := b.socket(t, bia, topic)
		guest := a.socket(t, ana, topic)
		// ana's socket on A makes her a participant; the host on B sees it.
		// (Each socket joins in its own time: the count may say 1 or 2.)
		joined := host.eventWhere(t, topic, "room.participant_joined", func(d map[string]any) bool { return d["user_id"] == ana.id })
		if p, _ := joined["profile"].(map[string]any); p == nil || p["handle"] != "membro_000001" {
			t.Errorf("room.participant_joined = %v", joined)
		}
		b.call(t, bia, http.MethodPost, "/api/v1/rooms/"+room.ID+"/messages", map[string]string{"text": "olá do nó B"}, http.StatusCreated, nil)
		msg := guest.event(t, topic, "room.message")
		if m, _ := msg["message"].(map[string]any); m == nil || m["text"] != "olá do nó B" {
			t.Errorf("room.message = %v", msg)
		}
		b.call(t, bia, http.MethodPost, "/api/v1/rooms/"+room.ID+"/playback", map[string]any{"action": "pause", "position_seconds": 42}, http.StatusOK, nil)
		playback := guest.event(t, topic, "room.playback")
		if playback["action"] != "pause" || playback["position_seconds"] != float64(42) {
			t.Errorf("room.playback = %v", playback)
		}
	})

	t.Run("an unfollow ends a followers-only post's subscriptions on both nodes", func(t *testing.T) {
		b.call(t, bia, http.MethodPost, "/api/v1/profiles/membro_000001/follow", nil, http.StatusOK, nil)
		var post struct{ ID string }
		a.call(t, ana, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "só para quem me segue", "visibility": "friends_only"}, http.StatusCreated, &post)
		topic := "post:" + post.ID
		onA, onB := a.socket(t, bia, topic), b.socket(t, bia, topic)
		a.call(t, bia, http.MethodDelete, "/api/v1/profiles/membro_000001/follow", nil, http.StatusOK, nil)
		for _, s := range []*socket{onA, onB} {
			s.revoked(t, topic, time.Second)
		}
	})

	t.Run("a member's room presence counts once across the nodes", func(t *testing.T) {
		var stations struct {
			Stations []struct{ ID string } `json:"stations"`
		}
		a.call(t, ana, http.MethodGet, "/api/v1/rooms/stations", nil, http.StatusOK, &stations)
		if len(stations.Stations) == 0 {
			t.Fatal("no station")
		}
		var room struct{ ID string }
		a.call(t, ana, http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Sala de presença", "station_id": stations.Stations[0].ID}, http.StatusCreated, &room)
		topic := "room:" + room.ID
		onA, onB := a.socket(t, bia, topic), b.socket(t, bia, topic)
		participant := func() bool {
			var list struct {
				Items []struct {
					UserID string `json:"user_id"`
				} `json:"items"`
			}
			a.call(t, ana, http.MethodGet, "/api/v1/rooms/"+room.ID+"/participants", nil, http.StatusOK, &list)
			for _, p := range list.Items {
				if p.UserID == bia.id {
					return true
				}
			}
			return false
		}
		// The join runs after the "subscribed" answer (the gateway calls
		// the room's hook once the client knows), so it is waited for.
		for deadline := time.Now().Add(5 * time.Second); !participant(); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("bia is not a participant with two sockets")
			}
		}
		// Closing the socket on A: B still holds one, past the grace too.
		onA.Close()
		time.Sleep(3 * time.Second)
		if !participant() {
			t.Fatal("bia left the room although node B still holds her socket")
		}
		onB.Close()
		for deadline := time.Now().Add(10 * time.Second); participant(); time.Sleep(200 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("bia still a participant 10 s after her last socket closed")
			}
		}
	})

	t.Run("a suspension from the command line closes the member's sockets on both nodes", func(t *testing.T) {
		const email = "membro_000004@exemplo.com.br"
		dan := a.signIn(t, email, password)
		topic := "user:" + dan.id + ":notifications"
		onA, onB := a.socket(t, dan, topic), b.socket(t, dan, topic)
		cli("user", "suspend", email, "--reason", "spam em massa")
		for _, s := range []*socket{onA, onB} {
			if code := s.CloseCode(t, 5*time.Second); code != websocket.ClosePolicyViolation {
				t.Fatalf("close code %d, want 1008", code)
			}
		}
	})

	t.Run("a rate limit counts the attempts of both nodes", func(t *testing.T) {
		// Sign-in: 5 attempts per e-mail per 15 minutes, on whichever node.
		for i, n := range []*node{a, b, a, b, a} {
			if status := n.signInStatus(t, "membro_000003@exemplo.com.br", "senha-errada"); status != http.StatusUnauthorized {
				t.Fatalf("attempt %d on node %s: %d", i+1, n.name, status)
			}
		}
		if status := b.signInStatus(t, "membro_000003@exemplo.com.br", password); status != http.StatusTooManyRequests {
			t.Fatalf("sixth attempt on node B: %d, want 429", status)
		}
	})

	t.Run("a picture posted through B is read through A from the S3 server", func(t *testing.T) {
		var post struct{ ID string }
		b.upload(t, bia, "/api/v1/posts/media", "file", "quintal.png", testPNG(t), map[string]string{"text_content": "foto do quintal"}, &post)
		var got struct {
			MediaURL *string `json:"media_url"`
		}
		a.call(t, ana, http.MethodGet, "/api/v1/posts/"+post.ID, nil, http.StatusOK, &got)
		if got.MediaURL == nil || *got.MediaURL == "" {
			t.Fatalf("post %s has no media_url", post.ID)
		}
		resp, err := http.Get(*got.MediaURL)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "image/") || len(body) == 0 {
			t.Fatalf("GET %s: %d %s, %d bytes", *got.MediaURL, resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
		}
		// The file is in the server's folder, not in a node's.
		if n := countFiles(t, filepath.Join(objectStore.dir, "social-media")); n == 0 {
			t.Fatal("the S3 server's bucket folder holds no file")
		}
	})

	t.Run("a post made on A is found through B", func(t *testing.T) {
		a.call(t, ana, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "jabuticabeira florida no quintal"}, http.StatusCreated, nil)
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			var res struct {
				Items []struct{ Type, Title string }
			}
			b.call(t, bia, http.MethodGet, "/api/v1/search?q="+url.QueryEscape("jabuticabeira"), nil, http.StatusOK, &res)
			if len(res.Items) == 1 && res.Items[0].Type == "post" && strings.Contains(res.Items[0].Title, "jabuticabeira") {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("search through B never found the post: %+v", res.Items)
			}
		}
	})
}

type node struct {
	name string
	url  string
	logs *output.Buffer
}

type member struct{ id, token string }

// startNode runs `social serve` with the production profile on a free
// port and waits until /readyz says it is ready.
func startNode(t *testing.T, bin string, env []string, name string) *node {
	t.Helper()
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	n := &node{name: name, url: fmt.Sprintf("http://127.0.0.1:%d", port), logs: &output.Buffer{}}
	cmd := exec.Command(bin, "serve", "--config", productionExample)
	cmd.Env = append(env, fmt.Sprintf("SOCIAL_HTTP_ADDR=127.0.0.1:%d", port))
	cmd.Stdout, cmd.Stderr = n.logs, n.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("node %s logs:\n%s", name, n.logs.String())
		}
	})
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(n.url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return n
			}
		}
		select {
		case <-exited:
			t.Fatalf("node %s exited at start:\n%s", name, n.logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("node %s never became ready:\n%s", name, n.logs.String())
		}
	}
}

// call sends a JSON request as m and decodes the answer into out.
func (n *node) call(t *testing.T, m member, method, path string, body any, want int, out any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, n.url+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if m.token != "" {
		req.Header.Set("Authorization", "Bearer "+m.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s on node %s: read the answer: %v", method, path, n.name, err)
	}
	if resp.StatusCode != want {
		t.Fatalf("%s %s on node %s: %d, want %d: %s", method, path, n.name, resp.StatusCode, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
}

func (n *node) signInStatus(t *testing.T, email, password string) int {
	t.Helper()
	raw, _ := json.Marshal(map[string]string{"email": email, "password": password})
	resp, err := http.Post(n.url+"/api/v1/auth/sign-in", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func (n *node) signIn(t *testing.T, email, password string) member {
	t.Helper()
	var s struct {
		AccessToken string `json:"access_token"`
		User        struct{ ID string }
	}
	n.call(t, member{}, http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": email, "password": password}, http.StatusOK, &s)
	return member{id: s.User.ID, token: s.AccessToken}
}

// socket is a member's connection to one node's gateway.
type socket struct {
	*apptest.Socket
	// early holds events read while waiting for another: events of
	// different topics may arrive in any order.
	early []apptest.SocketMessage
}

// socket connects m to the node's gateway and subscribes to topics.
func (n *node) socket(t *testing.T, m member, topics ...string) *socket {
	t.Helper()
	return &socket{Socket: apptest.Dial(t, n.url, m.token, topics...)}
}

// event skips other frames until the event typ on topic arrives.
func (s *socket) event(t *testing.T, topic, typ string) map[string]any {
	t.Helper()
	return s.eventWhere(t, topic, typ, func(map[string]any) bool { return true })
}

func (s *socket) eventWhere(t *testing.T, topic, typ string, match func(map[string]any) bool) map[string]any {
	t.Helper()
	is := func(f apptest.SocketMessage) bool {
		return f.Type == "event" && f.Topic == topic && f.Event.Type == typ && match(f.Event.Data)
	}
	for i, f := range s.early {
		if is(f) {
			s.early = append(s.early[:i], s.early[i+1:]...)
			return f.Event.Data
		}
	}
	for {
		// Two processes over NATS: slower than one in-process server.
		f := s.NextWithin(t, 20*time.Second)
		if is(f) {
			return f.Event.Data
		}
		s.early = append(s.early, f)
	}
}

// revoked waits up to within for the server to end the subscription to
// topic.
func (s *socket) revoked(t *testing.T, topic string, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); ; {
		if f := s.NextWithin(t, time.Until(deadline)); f.Type == "revoked" && f.Topic == topic {
			return
		}
	}
}

// upload sends a multipart form with one file as m and decodes the 201 answer.
func (n *node) upload(t *testing.T, m member, path, field, name string, file []byte, fields map[string]string, out any) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fw.Write(file); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, n.url+path, &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+m.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST %s on node %s: %d: %s", path, n.name, resp.StatusCode, raw)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("POST %s: %v: %s", path, err, raw)
	}
}

// testPNG is a small picture with some colour in it.
func testPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// s3Server is a versitygw S3 gateway on a folder, for one test.
type s3Server struct {
	URL, access, secret, dir string
}

// startS3 runs the S3 server `make cluster` runs (versitygw, installed by
// scripts/cluster.sh from the Go module proxy when missing) on a free
// port over a temporary folder, with bucket made; it is stopped when t ends.
func startS3(t *testing.T, bucket string) *s3Server {
	t.Helper()
	out, err := exec.Command("bash", filepath.Join("..", "..", "scripts", "cluster.sh"), "s3-binary").Output()
	if err != nil {
		t.Fatalf("scripts/cluster.sh s3-binary: %v", err)
	}
	bin := strings.TrimSpace(string(out))
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	s := &s3Server{URL: fmt.Sprintf("http://127.0.0.1:%d", port), access: "twonodes" + strconv.Itoa(port),
		secret: "two-nodes-secret-of-the-s3-server", dir: t.TempDir()}
	var logs output.Buffer
	cmd := exec.Command(bin, "--port", fmt.Sprintf("127.0.0.1:%d", port), "posix", s.dir)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+s.access, "ROOT_SECRET_KEY="+s.secret)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("S3 server logs:\n%s", logs.String())
		}
	})
	client, err := minio.New(fmt.Sprintf("127.0.0.1:%d", port), &minio.Options{
		Creds: credentials.NewStaticV4(s.access, s.secret, ""), Region: "us-east-1"})
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		err = client.MakeBucket(context.Background(), bucket, minio.MakeBucketOptions{Region: "us-east-1"})
		if err == nil {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("make bucket %s on the S3 server: %v\n%s", bucket, err, logs.String())
		}
	}
}
