package soak

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"

	"social/adapters/realtime"
)

// watcher is a member on a WebSocket, subscribed to the post of theirs
// that others comment on. When the socket drops it reconnects, subscribes
// again and reads the comments (the catch-up read an app makes), so that
// what it missed while away counts as seen; anything acknowledged but
// never seen, live or by that read, is a missed event.
type watcher struct {
	m    *member
	post string

	mu         sync.Mutex
	seen       map[string]bool
	reconnects []float64 // seconds from the drop to subscribed again
	sockets    []socketSpan
}

// socketSpan is one of the watcher's connections: the node HAProxy put it
// on (its X-Served-By header) and when it was subscribed until it dropped
// (to zero while open).
type socketSpan struct {
	node     string
	from, to time.Time
}

// nodeAt names the node the watcher's socket was on at t, or why none.
func (w *watcher) nodeAt(t time.Time) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.sockets {
		if !t.Before(s.from) && (s.to.IsZero() || t.Before(s.to)) {
			return s.node
		}
	}
	return "no socket (reconnecting)"
}

type sentComment struct {
	watcher *watcher
	id      string
	// sent is when the create was first sent, acked when it was
	// acknowledged: its live event left between the two.
	sent, acked time.Time
}

func (w *watcher) topic() string { return "post:" + w.post }

func (w *watcher) run(ctx context.Context, s *soak) {
	first := true
	for ctx.Err() == nil {
		dropped := time.Now()
		conn, node, err := w.dial(ctx, s.cfg.BaseURL)
		if err != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(200 * time.Millisecond):
			}
			continue
		}
		if !first {
			w.mu.Lock()
			w.reconnects = append(w.reconnects, time.Since(dropped).Seconds())
			w.mu.Unlock()
			s.timeline.reconnect()
			w.catchUp(ctx, s)
		}
		first = false
		w.mu.Lock()
		w.sockets = append(w.sockets, socketSpan{node: node, from: time.Now()})
		open := len(w.sockets) - 1
		w.mu.Unlock()
		w.read(ctx, s, conn)
		_ = conn.Close()
		w.mu.Lock()
		w.sockets[open].to = time.Now()
		w.mu.Unlock()
	}
}

// dial connects through HAProxy, retrying for up to 30 s, and subscribes;
// it returns the node HAProxy chose.
func (w *watcher) dial(ctx context.Context, base string) (*websocket.Conn, string, error) {
	deadline := time.Now().Add(30 * time.Second)
	pause := 100 * time.Millisecond
	for {
		d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
		conn, resp, err := d.DialContext(ctx, "ws"+strings.TrimPrefix(base, "http")+realtime.Path, realtime.ClientHeader(w.m.token))
		node := "?"
		if resp != nil && resp.Header.Get("X-Served-By") != "" {
			node = resp.Header.Get("X-Served-By")
		}
		if err == nil {
			if err = conn.WriteJSON(map[string]string{"type": "subscribe", "topic": w.topic()}); err == nil {
				_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
				var msg frame
				if err = conn.ReadJSON(&msg); err == nil && msg.Type == "subscribed" {
					_ = conn.SetReadDeadline(time.Time{})
					return conn, node, nil
				}
				if err == nil {
					err = fmt.Errorf("subscribe: %+v", msg)
				}
			}
			_ = conn.Close()
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			return nil, "", err
		}
		time.Sleep(pause)
		pause = min(pause*2, time.Second)
	}
}

type frame struct {
	Type  string `json:"type"`
	Topic string `json:"topic"`
	Event struct {
		Type string         `json:"type"`
		Data map[string]any `json:"data"`
	} `json:"event"`
}

func (w *watcher) read(ctx context.Context, s *soak, conn *websocket.Conn) {
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			_ = conn.Close()
		case <-done:
		}
	}()
	for {
		var f frame
		if err := conn.ReadJSON(&f); err != nil {
			return
		}
		if f.Type != "event" || f.Event.Type != "comment.created" {
			continue
		}
		id, _ := f.Event.Data["comment_id"].(string)
		w.mu.Lock()
		fresh := !w.seen[id]
		w.seen[id] = true
		w.mu.Unlock()
		if fresh {
			s.eventSeen(id)
		}
	}
}

// catchUp reads the post's comments, as an app does after reconnecting.
func (w *watcher) catchUp(ctx context.Context, s *soak) {
	cursor := ""
	for page := 0; page < 50; page++ {
		var out struct {
			Items []struct {
				ID string `json:"id"`
			} `json:"items"`
			NextCursor string `json:"next_cursor"`
		}
		path := "/posts/" + w.post + "/comments"
		if cursor != "" {
			path += "?cursor=" + cursor
		}
		if err := s.retry(ctx, "", func(ctx context.Context) error {
			return s.api.Do(ctx, w.m.token, http.MethodGet, path, nil, &out)
		}); err != nil {
			return
		}
		w.mu.Lock()
		for _, c := range out.Items {
			w.seen[c.ID] = true
		}
		w.mu.Unlock()
		if out.NextCursor == "" {
			return
		}
		cursor = out.NextCursor
	}
}

// comments has a member who watches nothing comment on a watcher's post
// every CommentEvery, under an Idempotency-Key, retried until acknowledged.
func (s *soak) comments(ctx context.Context) {
	tick := time.NewTicker(s.cfg.CommentEvery)
	defer tick.Stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		w := s.watchers[rand.IntN(len(s.watchers))]
		author := s.members[len(s.watchers)+rand.IntN(len(s.members)-len(s.watchers))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := uuid.NewString()
			sent := time.Now()
			var out struct{ ID string }
			err := s.retry(withKey(ctx, key), key, func(ctx context.Context) error {
				return s.api.Do(ctx, author.token, http.MethodPost, "/posts/"+w.post+"/comments",
					map[string]string{"text_content": "comentário " + key[:8]}, &out)
			})
			if err != nil {
				s.mu.Lock()
				switch {
				case isApplied(err):
					s.applied = append(s.applied, ackedWrite{Kind: "comment", Key: key})
				case isInProgress(err):
					s.inDoubt = append(s.inDoubt, ackedWrite{Kind: "comment", Key: key})
				}
				s.mu.Unlock()
				return
			}
			s.mu.Lock()
			s.acked = append(s.acked, ackedWrite{Kind: "comment", ID: out.ID, Key: key})
			s.sent[out.ID] = sentComment{watcher: w, id: out.ID, sent: sent, acked: time.Now()}
			s.mu.Unlock()
			s.eventSent(out.ID)
		}()
	}
}
