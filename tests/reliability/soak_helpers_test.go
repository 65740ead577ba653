//go:build long

package reliability_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/adapters/realtime"
	"social/bench/apiclient"
)

// soakMember is a signed-in member of the soak.
type soakMember struct {
	Handle string
	ID     string // from the access token's subject
	Token  string
}

// tokenSubject reads the member's ID from an access token's subject: the
// notifications topic is named by it.
func tokenSubject(token string) (string, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", errors.New("access token is not a JWT")
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	var claims struct {
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(payload, &claims); err != nil {
		return "", err
	}
	return claims.Sub, nil
}

// soakClient speaks to the server under soak. Its connections are capped
// so the server's socket count has a known ceiling (see the fd bound).
type soakClient struct {
	api *apiclient.Client
	// refused counts answers the API defines as refusals (429: a rate
	// limit): not failures of the server, kept apart in the report.
	refused atomic.Int64
}

// soakMaxConns caps the client's connections to the server.
const soakMaxConns = 32

func newSoakClient(base string) *soakClient {
	return &soakClient{api: apiclient.New(base, &http.Client{
		// A request unanswered in 10 s counts as a failure (timeout).
		Timeout: 10 * time.Second,
		Transport: &http.Transport{MaxIdleConns: soakMaxConns, MaxIdleConnsPerHost: soakMaxConns,
			MaxConnsPerHost: soakMaxConns, IdleConnTimeout: time.Minute},
	})}
}

// do sends one request; a 2xx answer is decoded into out (when not nil),
// a 429 counts as a refusal, any other status is an
// *apiclient.StatusError: one the operation never answers when the
// server is healthy.
func (c *soakClient) do(ctx context.Context, token, method, path string, body, out any) error {
	err := c.api.Do(ctx, token, method, path, body, out)
	var answer *apiclient.StatusError
	if errors.As(err, &answer) && answer.Status == http.StatusTooManyRequests {
		c.refused.Add(1)
		return nil
	}
	return err
}

// soakMix is the soak's request mix, close to the benchmark's "mixed"
// workload widened to every kind of request a member makes: about three
// quarters reads (feeds, profiles, search, notifications) and a quarter
// writes (posts, likes, follows, comments). Writes that add rows are
// paired with deletes so the data set stays about the same size over the
// whole soak: what grows then is the server's doing, not the data's.
type soakMix struct {
	c       *soakClient
	members []soakMember
	posts   []string // public posts of the seeded data, liked and commented on
	seq     atomic.Int64

	mu       sync.Mutex
	posted   map[int][]string // soak posts per member, oldest first
	comments map[int][]string // soak comments per member, oldest first

	counts [len(soakOps)]atomic.Int64
	errs   [len(soakOps)]atomic.Int64
}

// soakOwnedPerMember is how many posts (and comments) the soak keeps per
// member: past it, the member's next write of that kind deletes the oldest.
const soakOwnedPerMember = 3

// soakOps are the kinds of request with their weights (out of 100).
var soakOps = [...]struct {
	name   string
	weight int
}{
	{"feed_public", 22}, {"feed_following", 22}, {"profile", 12}, {"profile_posts", 8}, {"search", 8},
	{"notifications", 4}, {"post_create_delete", 8}, {"like_toggle", 8}, {"follow_toggle", 4},
	{"comment_create_delete", 4},
}

// soakSearchWords are words of the seeded posts (matched accent-folded) and
// a handle prefix.
var soakSearchWords = []string{"café", "trilha", "praia", "feijoada", "violão", "membro_0000"}

func newSoakMix(c *soakClient, members []soakMember, posts []string) *soakMix {
	return &soakMix{c: c, members: members, posts: posts, posted: map[int][]string{}, comments: map[int][]string{}}
}

// op is the load generator's operation: one request of the mix.
func (m *soakMix) op(ctx context.Context, _ int) error {
	r, k := rand.IntN(100), 0
	for ; r >= soakOps[k].weight; k++ {
		r -= soakOps[k].weight
	}
	m.counts[k].Add(1)
	err := m.run(ctx, k)
	if err != nil && ctx.Err() == nil {
		m.errs[k].Add(1)
	}
	return err
}

func (m *soakMix) run(ctx context.Context, k int) error {
	i := rand.IntN(len(m.members))
	v := m.members[i]
	get := func(path string) error { return m.c.do(ctx, v.Token, http.MethodGet, path, nil, nil) }
	other := m.members[(i+1+rand.IntN(len(m.members)-1))%len(m.members)]
	post := m.posts[rand.IntN(len(m.posts))]
	switch soakOps[k].name {
	case "feed_public":
		return get("/feed?algorithm=chronological")
	case "feed_following":
		return get("/feed?algorithm=following")
	case "profile":
		return get("/profiles/" + other.Handle)
	case "profile_posts":
		return get("/profiles/" + other.Handle + "/posts")
	case "search":
		return get("/search?q=" + url.QueryEscape(soakSearchWords[rand.IntN(len(soakSearchWords))]))
	case "notifications":
		return get("/notifications/list")
	case "post_create_delete":
		if id, ok := m.oldest(m.posted, i); ok {
			return m.c.do(ctx, v.Token, http.MethodDelete, "/posts/"+id, nil, nil)
		}
		// A mention, so the mentioned member's notifications topic gets
		// events too; no link, whose preview job would fetch the internet.
		var out struct {
			ID string `json:"id"`
		}
		text := fmt.Sprintf("Soak %d: um café com @%s #resistencia", m.seq.Add(1), other.Handle)
		if err := m.c.do(ctx, v.Token, http.MethodPost, "/posts", map[string]string{"text_content": text}, &out); err != nil {
			return err
		}
		m.keep(m.posted, i, out.ID)
	case "like_toggle":
		method := http.MethodPut
		if rand.IntN(2) == 0 {
			method = http.MethodDelete
		}
		return m.c.do(ctx, v.Token, method, "/posts/"+post+"/like", nil, nil)
	case "follow_toggle":
		method := http.MethodPost
		if rand.IntN(2) == 0 {
			method = http.MethodDelete
		}
		return m.c.do(ctx, v.Token, method, "/profiles/"+other.Handle+"/follow", nil, nil)
	case "comment_create_delete":
		if id, ok := m.oldest(m.comments, i); ok {
			return m.c.do(ctx, v.Token, http.MethodDelete, "/comments/"+id, nil, nil)
		}
		var out struct {
			ID string `json:"id"`
		}
		text := fmt.Sprintf("Comentário %d do soak", m.seq.Add(1))
		if err := m.c.do(ctx, v.Token, http.MethodPost, "/posts/"+post+"/comments", map[string]string{"text_content": text}, &out); err != nil {
			return err
		}
		m.keep(m.comments, i, out.ID)
	}
	return nil
}

// oldest takes member i's oldest soak item of a kind once the member
// holds soakOwnedPerMember of them.
func (m *soakMix) oldest(owned map[int][]string, i int) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(owned[i]) < soakOwnedPerMember {
		return "", false
	}
	id := owned[i][0]
	owned[i] = owned[i][1:]
	return id, true
}

func (m *soakMix) keep(owned map[int][]string, i int, id string) {
	if id == "" {
		return // a refusal (429) has no ID
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	owned[i] = append(owned[i], id)
}

// soakSocketSet is members' WebSockets subscribed to the public feed and
// their own notifications, reading all the time and dialling again when
// the server closes them, as the SPA does.
type soakSocketSet struct {
	url       string // ws://.../api/v1/realtime
	dials     atomic.Int64
	dialErrs  atomic.Int64
	drops     atomic.Int64 // closed by the server while the soak ran
	events    atomic.Int64
	connected atomic.Int64
	firstErr  atomic.Value
	wg        sync.WaitGroup
}

func startSoakSockets(ctx context.Context, base string, members []soakMember, n int) *soakSocketSet {
	s := &soakSocketSet{url: "ws" + strings.TrimPrefix(base, "http") + realtime.Path}
	for i := range n {
		s.wg.Add(1)
		go s.keep(ctx, members[i%len(members)])
	}
	return s
}

// keep holds one member's socket open until ctx ends.
func (s *soakSocketSet) keep(ctx context.Context, v soakMember) {
	defer s.wg.Done()
	dialer := websocket.Dialer{HandshakeTimeout: 10 * time.Second}
	for ctx.Err() == nil {
		s.dials.Add(1)
		conn, _, err := dialer.DialContext(ctx, s.url, realtime.ClientHeader(v.Token))
		if err != nil {
			if ctx.Err() == nil {
				s.dialErrs.Add(1)
				s.firstErr.CompareAndSwap(nil, "dial: "+err.Error())
				soakSleep(ctx, time.Second)
			}
			continue
		}
		s.connected.Add(1)
		stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
		for _, topic := range []string{"feed:public", "user:" + v.ID + ":notifications"} {
			_ = conn.WriteJSON(map[string]string{"type": "subscribe", "topic": topic})
		}
		for {
			// Reading answers the server's pings (gorilla's default handler).
			_, b, err := conn.ReadMessage()
			if err != nil {
				if ctx.Err() == nil {
					s.drops.Add(1)
					s.firstErr.CompareAndSwap(nil, "read: "+err.Error())
				}
				break
			}
			switch {
			case bytes.Contains(b, []byte(`"type":"event"`)):
				s.events.Add(1)
			case bytes.Contains(b, []byte(`"type":"error"`)):
				s.firstErr.CompareAndSwap(nil, "server: "+string(b))
			}
		}
		stop()
		_ = conn.Close()
		s.connected.Add(-1)
		soakSleep(ctx, time.Second)
	}
}

func soakSleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// soakSample is the server process and its database at one moment.
type soakSample struct {
	At         time.Duration // since the soak began
	RSSKiB     int64
	FDs        int // every descriptor
	FDSockets  int // of which sockets
	FDFiles    int // of which regular files (index segments, logs)
	Threads    int
	Goroutines int     // from /metrics; -1 when unreadable
	HeapMiB    float64 // go_memstats_heap_inuse_bytes
	Sockets    int     // social_realtime_sockets
	PGConns    int     // pg_stat_activity rows of the server's database
	JobsQueued int     // River jobs not yet done (available, running, retryable)
}

func (s soakSample) line() string {
	return fmt.Sprintf("%6.0fs rss %6.1f MiB  heap %6.1f MiB  fds %4d (sockets %4d, files %3d)  threads %3d  goroutines %5d  ws %3d  pg %3d  jobs %4d",
		s.At.Seconds(), float64(s.RSSKiB)/1024, s.HeapMiB, s.FDs, s.FDSockets, s.FDFiles, s.Threads, s.Goroutines,
		s.Sockets, s.PGConns, s.JobsQueued)
}

// soakSampler reads the server's /proc entries, its /metrics and its
// database's activity.
type soakSampler struct {
	pid     int
	metrics string // the server's /metrics address
	pool    *pgxpool.Pool
	dbName  string
}

func (sp *soakSampler) take(ctx context.Context, at time.Duration) (soakSample, error) {
	s := soakSample{At: at, Goroutines: -1}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", sp.pid))
	if err != nil {
		return s, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "VmRSS:":
			s.RSSKiB, _ = strconv.ParseInt(f[1], 10, 64)
		case "Threads:":
			s.Threads, _ = strconv.Atoi(f[1])
		}
	}
	dir := fmt.Sprintf("/proc/%d/fd", sp.pid)
	fds, err := os.ReadDir(dir)
	if err != nil {
		return s, err
	}
	s.FDs = len(fds)
	for _, fd := range fds {
		target, err := os.Readlink(dir + "/" + fd.Name())
		switch {
		case err != nil:
		case strings.HasPrefix(target, "socket:"):
			s.FDSockets++
		case strings.HasPrefix(target, "/"):
			s.FDFiles++
		}
	}
	if m, err := readSoakMetrics(ctx, sp.metrics); err == nil {
		s.Goroutines = int(m["go_goroutines"])
		s.HeapMiB = m["go_memstats_heap_inuse_bytes"] / (1 << 20)
		s.Sockets = int(m["social_realtime_sockets"])
	}
	if err := sp.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'social'`, sp.dbName).Scan(&s.PGConns); err != nil {
		return s, err
	}
	err = sp.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'retryable')`).Scan(&s.JobsQueued)
	return s, err
}

// readSoakMetrics reads the unlabelled series of a Prometheus text page.
func readSoakMetrics(ctx context.Context, addr string) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", addr, resp.Status)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") || strings.Contains(name, "{") {
			continue
		}
		if v, err := strconv.ParseFloat(value, 64); err == nil {
			out[name] = v
		}
	}
	return out, sc.Err()
}
