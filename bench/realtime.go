package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
	"social/bench/floor"
	"social/bench/load"
)

// RealtimeResult is the WebSocket workload: sockets subscribed to
// feed:public and one post's topic, posts created and that post liked and
// unliked over HTTP, and every delivery timed three ways: from the
// event's published_at, which the server stamps right after the write
// commits (the generator and the server share the machine's clock); from
// the publishing request's start (so it includes the write itself); and
// from its answer (an event that came before the answer counts as 0).
type RealtimeResult struct {
	Sockets        int     `json:"sockets"`
	Connected      int     `json:"connected"`
	ConnectSeconds float64 `json:"connect_seconds"`
	Published      int     `json:"published"`
	Expected       int64   `json:"expected"`
	Received       int64   `json:"received"`
	Lost           int64   `json:"lost"`
	Dropped        int64   `json:"sockets_dropped"`
	P50            float64 `json:"p50_ms"`
	P99            float64 `json:"p99_ms"`
	Max            float64 `json:"max_ms"`
	P50FromAnswer  float64 `json:"p50_from_answer_ms"`
	P99FromAnswer  float64 `json:"p99_from_answer_ms"`
	P50FromCommit  float64 `json:"p50_from_commit_ms"`
	P99FromCommit  float64 `json:"p99_from_commit_ms"`
	MaxFromCommit  float64 `json:"max_from_commit_ms"`
	// P99FromCommitByType splits the figure by event: a created post's
	// fan-out shares the cores with the jobs the post starts (timelines,
	// search), a like's does not.
	P99FromCommitByType map[string]float64 `json:"p99_from_commit_by_type_ms,omitempty"`
	// The server's own account (social_realtime_delivery_seconds): from
	// the publication to the frame written to the socket, before the
	// generator reads it; bucketed, so interpolated inside a bucket.
	ServerP50 float64 `json:"server_p50_ms"`
	ServerP99 float64 `json:"server_p99_ms"`
	// GeneratorNice is the generator's nice value while it read (0: the
	// server's own).
	GeneratorNice int     `json:"generator_nice,omitempty"`
	ServerRSSMB   float64 `json:"server_rss_mb"`
	ServerCPU     float64 `json:"server_cpu_cores"`
	GeneratorCPU  float64 `json:"generator_cpu_cores"`
	// Floor is the same workload on a bare WebSocket fan-out, and
	// P99VsFloor the p99 from the commit over the floor's p99.
	Floor      *RealtimeFloor `json:"floor,omitempty"`
	P99VsFloor float64        `json:"p99_vs_floor,omitempty"`
	Error      string         `json:"error,omitempty"`
}

func (r RealtimeResult) line() string {
	line := r.productLine()
	if r.Floor != nil {
		line += fmt.Sprintf("; %s; p99 %.2f× the floor's", r.Floor.line(), r.P99VsFloor)
	}
	return line
}

func (r RealtimeResult) productLine() string {
	return fmt.Sprintf("%d/%d sockets, %d published, %d/%d delivered, lost %d, from the commit p50 %.1f ms p99 %.1f ms max %.1f ms (from the request's start: p50 %.1f ms p99 %.1f ms; from its answer: p50 %.1f ms p99 %.1f ms), by event %v, server's own p50 %.1f ms p99 %.1f ms, server RSS %.0f MB, CPU server %.2f generator %.2f cores",
		r.Connected, r.Sockets, r.Published, r.Received, r.Expected, r.Lost, r.P50FromCommit, r.P99FromCommit, r.MaxFromCommit,
		r.P50, r.P99, r.P50FromAnswer, r.P99FromAnswer, r.P99FromCommitByType, r.ServerP50, r.ServerP99, r.ServerRSSMB, r.ServerCPU, r.GeneratorCPU)
}

// delivery is one event a socket received.
type delivery struct {
	key       string
	at        time.Time
	published time.Time
}

// received is a message as read: its bytes in the client's arena, decoded
// once the sockets are closed so that the generator spends as little as it
// can while events arrive.
type received struct {
	start, end int
	at         time.Time
}

type wsClient struct {
	conn    *websocket.Conn
	arena   []byte // every message read, back to back
	got     []received
	dropped bool
}

// readMessage appends the next message to the arena and returns it.
func (wc *wsClient) readMessage() ([]byte, error) {
	_, r, err := wc.conn.NextReader()
	if err != nil {
		return nil, err
	}
	start := len(wc.arena)
	for {
		if len(wc.arena) == cap(wc.arena) {
			wc.arena = slices.Grow(wc.arena, 4<<10)
		}
		n, err := r.Read(wc.arena[len(wc.arena):cap(wc.arena)])
		wc.arena = wc.arena[:len(wc.arena)+n]
		if err == io.EOF {
			return wc.arena[start:], nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// deliveries decodes the events wc received.
func (wc *wsClient) deliveries() []delivery {
	out := make([]delivery, 0, len(wc.got))
	for _, r := range wc.got {
		raw := wc.arena[r.start:r.end]
		var m struct {
			Type        string `json:"type"`
			PublishedAt string `json:"published_at"`
			Event       struct {
				Type string         `json:"type"`
				Data map[string]any `json:"data"`
			} `json:"event"`
		}
		if json.Unmarshal(raw, &m) != nil || m.Type != "event" {
			continue
		}
		published, _ := time.Parse(realtime.PublishedAtLayout, m.PublishedAt)
		out = append(out, delivery{eventKey(m.Event.Type, m.Event.Data), r.at, published})
	}
	return out
}

// eventKey names an event so that a delivery finds its publication:
// a created post by its ID, a like count change by type and count.
func eventKey(typ string, data map[string]any) string {
	if typ == "post.created" || typ == floor.WebSocketEventType {
		return typ + ":" + fmt.Sprint(data["id"])
	}
	return fmt.Sprintf("%s:%v", typ, data["like_count"])
}

// sockets is the generator's side of a run: sockets dialled and read until
// closed.
type sockets struct {
	clients   []*wsClient
	readers   sync.WaitGroup
	connected int
	seconds   float64 // to connect them all
	err       string  // the first dial error
}

// dialSockets opens n sockets to url, header(i) opening the i-th, and
// returns once each is ready: subscribed to topics, or failed.
func dialSockets(ctx context.Context, n int, url string, header func(i int) http.Header, topics []string) *sockets {
	s := &sockets{clients: make([]*wsClient, n)}
	var ready sync.WaitGroup
	var connected atomic.Int64
	var firstErr atomic.Value
	start := time.Now()
	sem := make(chan struct{}, 32)
	dialer := websocket.Dialer{HandshakeTimeout: 30 * time.Second}
	for i := range s.clients {
		sem <- struct{}{}
		ready.Add(1)
		go func(i int) {
			defer func() { <-sem }()
			conn, _, err := dialer.DialContext(ctx, url, header(i))
			if err != nil {
				firstErr.CompareAndSwap(nil, err.Error())
				ready.Done()
				return
			}
			wc := &wsClient{conn: conn}
			s.clients[i] = wc
			for _, topic := range topics {
				_ = conn.WriteJSON(map[string]string{"type": "subscribe", "topic": topic})
			}
			s.readers.Add(1)
			go wc.read(&ready, &s.readers)
			connected.Add(1)
		}(i)
	}
	ready.Wait()
	s.connected = int(connected.Load())
	s.seconds = time.Since(start).Seconds()
	if e, ok := firstErr.Load().(string); ok {
		s.err = e
	}
	return s
}

// close closes every socket and waits until its reader is done.
func (s *sockets) close() {
	for _, wc := range s.clients {
		if wc != nil {
			_ = wc.conn.Close()
		}
	}
	s.readers.Wait()
}

// publication is an event the generator caused: its key, when the request
// that caused it started, and when it was answered.
type publication struct {
	key          string
	at, answered time.Time
}

// matched is every delivery matched to its publication.
type matched struct {
	fromStart, fromAnswer, fromCommit []time.Duration // sorted
	fromCommitByType                  map[string][]time.Duration
	dropped                           int64
	meanBytes                         int // of an event as read
}

// match pairs each socket's deliveries with the publications, in order
// per key.
func (s *sockets) match(pubs []publication) matched {
	byKey := map[string][]publication{}
	for _, p := range pubs {
		byKey[p.key] = append(byKey[p.key], p)
	}
	m := matched{fromCommitByType: map[string][]time.Duration{}}
	var bytes, events int
	for _, wc := range s.clients {
		if wc == nil {
			continue
		}
		if wc.dropped {
			m.dropped++
		}
		for _, r := range wc.got {
			bytes, events = bytes+r.end-r.start, events+1
		}
		used := map[string]int{}
		for _, d := range wc.deliveries() {
			ps := byKey[d.key]
			if k := used[d.key]; k < len(ps) {
				used[d.key] = k + 1
				m.fromStart = append(m.fromStart, d.at.Sub(ps[k].at))
				m.fromAnswer = append(m.fromAnswer, max(0, d.at.Sub(ps[k].answered)))
				if !d.published.IsZero() {
					m.fromCommit = append(m.fromCommit, d.at.Sub(d.published))
					typ, _, _ := strings.Cut(d.key, ":")
					m.fromCommitByType[typ] = append(m.fromCommitByType[typ], d.at.Sub(d.published))
				}
			}
		}
	}
	slices.Sort(m.fromStart)
	slices.Sort(m.fromAnswer)
	slices.Sort(m.fromCommit)
	for _, ds := range m.fromCommitByType {
		slices.Sort(ds)
	}
	if events > 0 {
		m.meanBytes = bytes / events
	}
	return m
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// runRealtime runs the workload; profile, when set, is called as the
// publishing starts with how long it will last.
func runRealtime(ctx context.Context, srv *server, c *client, f *fixture, cfg Config, profile func(time.Duration)) (RealtimeResult, matched) {
	res := RealtimeResult{Sockets: cfg.Sockets}
	target := f.posts[0]
	socks := dialSockets(ctx, cfg.Sockets, "ws"+strings.TrimPrefix(srv.url, "http")+realtime.Path, func(i int) http.Header {
		return realtime.ClientHeader(f.viewers["all"][i%len(f.viewers["all"])].Token)
	}, []string{"feed:public", "post:" + target})
	res.Connected, res.ConnectSeconds, res.Error = socks.connected, socks.seconds, socks.err
	res.ServerRSSMB, _ = srv.memory()

	// Publish: a post, then a like toggle on the target post, every 250 ms.
	var pubs []publication
	liked := map[int]bool{}
	if cfg.GeneratorNice > 0 {
		if err := niceThreads(cfg.GeneratorNice); err != nil {
			res.Error = "generator nice: " + err.Error()
		}
		res.GeneratorNice = cfg.GeneratorNice
	}
	if profile != nil {
		profile(time.Duration(cfg.Publishes*2) * 250 * time.Millisecond)
	}
	hist0, histErr := srv.scrapeHistogram(ctx, "social_realtime_delivery_seconds")
	var publishErr error
	res.ServerCPU, res.GeneratorCPU, publishErr = publishPaced(srv, cfg.Publishes*2, false, &res.ServerRSSMB, func(i int) error {
		v := f.viewers["all"][(i/2)%len(f.viewers["all"])]
		at := time.Now()
		if i%2 == 0 {
			var post struct {
				ID string `json:"id"`
			}
			if err := c.Do(ctx, v.Token, http.MethodPost, "/posts", map[string]string{"text_content": f.postText(uniqueWord(f.seq.Add(1)))}, &post); err != nil {
				return err
			}
			pubs = append(pubs, publication{"post.created:" + post.ID, at, time.Now()})
			return nil
		}
		method, typ := http.MethodPut, "post.liked"
		if liked[v.N] {
			method, typ = http.MethodDelete, "post.unliked"
		}
		var out struct {
			LikeCount int `json:"like_count"`
		}
		if err := c.Do(ctx, v.Token, method, "/posts/"+target+"/like", nil, &out); err != nil {
			return err
		}
		liked[v.N] = !liked[v.N]
		pubs = append(pubs, publication{fmt.Sprintf("%s:%d", typ, out.LikeCount), at, time.Now()})
		return nil
	})
	if publishErr != nil {
		res.Error = publishErr.Error()
	}
	if hist1, err := srv.scrapeHistogram(ctx, "social_realtime_delivery_seconds"); err == nil && histErr == nil {
		h := hist1.since(hist0)
		res.ServerP50, res.ServerP99 = h.quantile(0.5)*1000, h.quantile(0.99)*1000
	} else if res.Error == "" {
		res.Error = fmt.Sprintf("delivery histogram: %v %v", histErr, err)
	}
	res.Published = len(pubs)
	socks.close()

	m := socks.match(pubs)
	res.Dropped = m.dropped
	res.Expected = int64(res.Published) * int64(res.Connected)
	res.Received = int64(len(m.fromStart))
	res.Lost = res.Expected - res.Received
	res.P50, res.P99 = ms(load.Percentile(m.fromStart, 50)), ms(load.Percentile(m.fromStart, 99))
	res.P50FromAnswer, res.P99FromAnswer = ms(load.Percentile(m.fromAnswer, 50)), ms(load.Percentile(m.fromAnswer, 99))
	res.P50FromCommit, res.P99FromCommit = ms(load.Percentile(m.fromCommit, 50)), ms(load.Percentile(m.fromCommit, 99))
	if len(m.fromStart) > 0 {
		res.Max = ms(m.fromStart[len(m.fromStart)-1])
	}
	res.P99FromCommitByType = map[string]float64{}
	for typ, ds := range m.fromCommitByType {
		res.P99FromCommitByType[typ] = ms(load.Percentile(ds, 99))
	}
	if len(m.fromCommit) > 0 {
		res.MaxFromCommit = ms(m.fromCommit[len(m.fromCommit)-1])
	}
	return res, m
}

// read records events until the socket closes; ready is released once
// both subscriptions are confirmed (or the socket failed).
func (wc *wsClient) read(ready, readers *sync.WaitGroup) {
	defer readers.Done()
	subscribed, released := 0, false
	release := func() {
		if !released {
			released = true
			ready.Done()
		}
	}
	defer release()
	for {
		b, err := wc.readMessage()
		if err != nil {
			if websocket.IsCloseError(err, websocket.CloseTryAgainLater, websocket.ClosePolicyViolation, websocket.CloseGoingAway, 4429) {
				wc.dropped = true
			}
			return
		}
		at := time.Now()
		msg := received{len(wc.arena) - len(b), len(wc.arena), at}
		if released {
			wc.got = append(wc.got, msg)
			continue
		}
		var m struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		switch m.Type {
		case "subscribed", "error":
			if subscribed++; subscribed == 2 {
				release()
			}
		case "event":
			wc.got = append(wc.got, msg)
		}
	}
}

// niceThreads gives every thread of this process the nice value n; the
// threads it starts later inherit it. (On Linux a nice value belongs to a
// thread, not to the process.)
func niceThreads(n int) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, n); err != nil {
			return fmt.Errorf("thread %d: %w", tid, err)
		}
	}
	return nil
}

// publishPaced is the publishing both realtime workloads share: n calls of
// publish, 250 ms apart, then 3 s for the last deliveries. It keeps the
// server's peak RSS in *peakRSS and returns the CPU cores the server and this
// process used over that whole time. A failed call is not paced: the next
// follows at once, or the loop ends there when stopOnError; the last failure
// is returned.
func publishPaced(srv *server, n int, stopOnError bool, peakRSS *float64, publish func(i int) error) (serverCPU, generatorCPU float64, err error) {
	cpu0, gen0, t0 := srv.cpu(), cpuNow(), time.Now()
	for i := range n {
		if e := publish(i); e != nil {
			err = e
			if stopOnError {
				break
			}
			continue
		}
		if rss, _ := srv.memory(); rss > *peakRSS {
			*peakRSS = rss
		}
		time.Sleep(250 * time.Millisecond)
	}
	time.Sleep(3 * time.Second) // the last deliveries
	wall := time.Since(t0).Seconds()
	return (srv.cpu() - cpu0).Seconds() / wall, (cpuNow() - gen0).Seconds() / wall, err
}

// cpuNow is this process's CPU time (the generator's).
func cpuNow() time.Duration { return load.ProcessCPU() }
