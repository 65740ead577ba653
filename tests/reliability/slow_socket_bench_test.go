package reliability_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/tests/testkit/apptest"
)

// BenchmarkSlowSocketDelivery measures how soon a post's event reaches
// sockets that keep reading (make bench-micro): p95-ms from sending the
// creation request to the event's arrival on four sockets (the event is
// published before the answer, so it often arrives first). "floor" has only those
// sockets; "stalled" adds one that reads nothing, so the ratio of the two
// p95 figures is what a slow client costs the others.
// TestSlowSocketIsClosedAndResyncs checks that they get every event.
func BenchmarkSlowSocketDelivery(b *testing.B) {
	app := apptest.Start(b, nil)
	authors := newMembers(b, app, "autor", 4)
	slowMembers := 0
	for _, name := range []string{"floor", "stalled"} {
		b.Run(name, func(b *testing.B) {
			if name == "stalled" {
				slowMembers++
				lenta := app.Member(fmt.Sprintf("lenta%02d", slowMembers))
				slow, err := dialRealtime(app.URL, lenta.Token, "feed:public", tinyBuffers)
				if err != nil {
					b.Fatal(err)
				}
				defer slow.Close()
			}
			readers := make([]*eventArrivals, len(authors))
			for i, m := range authors {
				conn, err := dialRealtime(app.URL, m.Token, "feed:public", nil)
				if err != nil {
					b.Fatal(err)
				}
				readers[i] = readEventArrivals(conn)
			}
			answered := map[string]time.Time{} // post ID: when its request was sent
			for b.Loop() {
				sent := time.Now()
				m := authors[len(answered)%len(authors)]
				a := callAPI(app.URL, m.Token, http.MethodPost, "/api/v1/posts",
					map[string]string{"text_content": fmt.Sprintf("medida %d", len(answered)), "visibility": "public"})
				var p struct {
					ID string `json:"id"`
				}
				if a.err != nil || a.status != http.StatusCreated || json.Unmarshal(a.body, &p) != nil {
					b.Fatalf("create post: %s", a)
				}
				answered[p.ID] = sent
			}
			var latencies []time.Duration
			for i, r := range readers {
				at := r.stop(len(answered), 10*time.Second)
				for id, sent := range answered {
					got, ok := at[id]
					if !ok {
						b.Fatalf("socket %d missed post %s", i, id)
					}
					latencies = append(latencies, got.Sub(sent))
				}
			}
			p50, p95, _ := percentiles(latencies)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
		})
	}
}

// eventArrivals records when each post.created event reached one socket.
type eventArrivals struct {
	conn *websocket.Conn
	seen atomic.Int32
	at   map[string]time.Time // written by the reading goroutine until done
	done sync.WaitGroup
}

func readEventArrivals(conn *websocket.Conn) *eventArrivals {
	r := &eventArrivals{conn: conn, at: map[string]time.Time{}}
	r.done.Add(1)
	go func() {
		defer r.done.Done()
		for {
			var msg apptest.SocketMessage
			if err := conn.ReadJSON(&msg); err != nil {
				return // the socket was closed by stop
			}
			if id, _ := msg.Event.Data["id"].(string); msg.Type == "event" && msg.Event.Type == "post.created" && id != "" {
				r.at[id] = time.Now()
				r.seen.Add(1)
			}
		}
	}()
	return r
}

// stop waits up to wait for want events, closes the socket and returns
// the arrivals.
func (r *eventArrivals) stop(want int, wait time.Duration) map[string]time.Time {
	for deadline := time.Now().Add(wait); int(r.seen.Load()) < want && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	r.conn.Close()
	r.done.Wait()
	return r.at
}
