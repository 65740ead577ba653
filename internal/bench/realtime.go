package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
	"social/internal/bench/load"
)

// RealtimeResult is the WebSocket workload: sockets subscribed to
// feed:public and one post's topic, posts created and that post liked and
// unliked over HTTP, and every delivery timed from the publishing
// request's start (so it includes the write that causes the event), and
// from its answer. The write commits between the two, so the event's trip
// from the commit lies between the figure from the answer (an event that
// came before the answer counts as 0) and the figure from the start.
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
	ServerRSSMB    float64 `json:"server_rss_mb"`
	ServerCPU      float64 `json:"server_cpu_cores"`
	GeneratorCPU   float64 `json:"generator_cpu_cores"`
	Error          string  `json:"error,omitempty"`
}

func (r RealtimeResult) line() string {
	return fmt.Sprintf("%d/%d sockets, %d published, %d/%d delivered, lost %d, p50 %.1f ms p99 %.1f ms (from the answer: p50 %.1f ms p99 %.1f ms), server RSS %.0f MB",
		r.Connected, r.Sockets, r.Published, r.Received, r.Expected, r.Lost, r.P50, r.P99, r.P50FromAnswer, r.P99FromAnswer, r.ServerRSSMB)
}

// delivery is one event a socket received.
type delivery struct {
	key string
	at  time.Time
}

type wsClient struct {
	conn    *websocket.Conn
	got     []delivery
	dropped bool
}

// eventKey names an event so that a delivery finds its publication:
// a created post by its ID, a like count change by type and count.
func eventKey(typ string, data map[string]any) string {
	if typ == "post.created" {
		return typ + ":" + fmt.Sprint(data["id"])
	}
	return fmt.Sprintf("%s:%v", typ, data["like_count"])
}

func runRealtime(ctx context.Context, srv *server, c *client, f *fixture, cfg Config) RealtimeResult {
	res := RealtimeResult{Sockets: cfg.Sockets}
	target := f.posts[0]
	wsURL := "ws" + strings.TrimPrefix(srv.url, "http") + realtime.Path
	clients := make([]*wsClient, cfg.Sockets)
	var ready sync.WaitGroup
	var connected atomic.Int64
	start := time.Now()
	sem := make(chan struct{}, 32)
	var firstErr atomic.Value
	dialer := websocket.Dialer{HandshakeTimeout: 30 * time.Second}
	var readers sync.WaitGroup
	for i := range clients {
		sem <- struct{}{}
		ready.Add(1)
		go func(i int) {
			defer func() { <-sem }()
			v := f.viewers["all"][i%len(f.viewers["all"])]
			conn, _, err := dialer.DialContext(ctx, wsURL, realtime.ClientHeader(v.Token))
			if err != nil {
				firstErr.CompareAndSwap(nil, err.Error())
				ready.Done()
				return
			}
			wc := &wsClient{conn: conn}
			clients[i] = wc
			for _, topic := range []string{"feed:public", "post:" + target} {
				_ = conn.WriteJSON(map[string]string{"type": "subscribe", "topic": topic})
			}
			readers.Add(1)
			go wc.read(&ready, &readers)
			connected.Add(1)
		}(i)
	}
	ready.Wait()
	res.Connected = int(connected.Load())
	res.ConnectSeconds = time.Since(start).Seconds()
	if e, ok := firstErr.Load().(string); ok {
		res.Error = e
	}
	res.ServerRSSMB, _ = srv.memory()

	// Publish: a post, then a like toggle on the target post, every 250 ms.
	type publication struct {
		key          string
		at, answered time.Time
	}
	var pubs []publication
	liked := map[int]bool{}
	cpu0, gen0, t0 := srv.cpu(), cpuNow(), time.Now()
	for i := range cfg.Publishes * 2 {
		v := f.viewers["all"][(i/2)%len(f.viewers["all"])]
		at := time.Now()
		if i%2 == 0 {
			var post struct {
				ID string `json:"id"`
			}
			if err := c.Do(ctx, v.Token, http.MethodPost, "/posts", map[string]string{"text_content": f.postText(uniqueWord(f.seq.Add(1)))}, &post); err != nil {
				res.Error = err.Error()
				continue
			}
			pubs = append(pubs, publication{"post.created:" + post.ID, at, time.Now()})
		} else {
			method, typ := http.MethodPut, "post.liked"
			if liked[v.N] {
				method, typ = http.MethodDelete, "post.unliked"
			}
			var out struct {
				LikeCount int `json:"like_count"`
			}
			if err := c.Do(ctx, v.Token, method, "/posts/"+target+"/like", nil, &out); err != nil {
				res.Error = err.Error()
				continue
			}
			liked[v.N] = !liked[v.N]
			pubs = append(pubs, publication{fmt.Sprintf("%s:%d", typ, out.LikeCount), at, time.Now()})
		}
		if rss, _ := srv.memory(); rss > res.ServerRSSMB {
			res.ServerRSSMB = rss
		}
		time.Sleep(250 * time.Millisecond)
	}
	time.Sleep(3 * time.Second) // the last deliveries
	wall := time.Since(t0).Seconds()
	res.ServerCPU = (srv.cpu() - cpu0).Seconds() / wall
	res.GeneratorCPU = (cpuNow() - gen0).Seconds() / wall
	res.Published = len(pubs)
	for _, wc := range clients {
		if wc != nil {
			_ = wc.conn.Close()
		}
	}
	readers.Wait()

	// Match each socket's deliveries to publications, in order per key.
	byKey := map[string][]publication{}
	for _, p := range pubs {
		byKey[p.key] = append(byKey[p.key], p)
	}
	var lat, afterAnswer []time.Duration
	for _, wc := range clients {
		if wc == nil {
			continue
		}
		if wc.dropped {
			res.Dropped++
		}
		used := map[string]int{}
		for _, d := range wc.got {
			ps := byKey[d.key]
			if k := used[d.key]; k < len(ps) {
				used[d.key] = k + 1
				lat = append(lat, d.at.Sub(ps[k].at))
				afterAnswer = append(afterAnswer, max(0, d.at.Sub(ps[k].answered)))
			}
		}
	}
	slices.Sort(lat)
	slices.Sort(afterAnswer)
	res.Expected = int64(res.Published) * int64(res.Connected)
	res.Received = int64(len(lat))
	res.Lost = res.Expected - res.Received
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	res.P50, res.P99 = ms(load.Percentile(lat, 50)), ms(load.Percentile(lat, 99))
	res.P50FromAnswer, res.P99FromAnswer = ms(load.Percentile(afterAnswer, 50)), ms(load.Percentile(afterAnswer, 99))
	if len(lat) > 0 {
		res.Max = ms(lat[len(lat)-1])
	}
	return res
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
		_, b, err := wc.conn.ReadMessage()
		if err != nil {
			if websocket.IsCloseError(err, websocket.CloseTryAgainLater, websocket.ClosePolicyViolation, websocket.CloseGoingAway, 4429) {
				wc.dropped = true
			}
			return
		}
		at := time.Now()
		var m struct {
			Type  string `json:"type"`
			Event struct {
				Type string         `json:"type"`
				Data map[string]any `json:"data"`
			} `json:"event"`
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
			wc.got = append(wc.got, delivery{eventKey(m.Event.Type, m.Event.Data), at})
		}
	}
}

// cpuNow is this process's CPU time (the generator's).
func cpuNow() time.Duration { return load.ProcessCPU() }
