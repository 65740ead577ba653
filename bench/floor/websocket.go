package floor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
)

// WebSocketCommand, as socialbench's first argument, makes it the realtime
// floor's server (ServeWebSocket) instead of the benchmark: a process of
// its own, as the server it is compared with is.
const WebSocketCommand = "websocket-floor"

// WebSocketEventType is the type of the floor's events.
const WebSocketEventType = "floor"

// ServeWebSocket is the realtime floor: the least a server can do to put
// one event on every open socket of this machine. A bare gorilla/websocket
// server (the library under the gateway) that signs no one in and keeps no
// topics: GET /ws opens a socket (answered with two "subscribed" frames,
// so that a client reads what it reads from the real gateway), and POST
// /publish?key=K&bytes=N stamps an event of about N bytes with
// published_at and writes it to every socket, one goroutine per core,
// without queues or a writer per socket. It prints its address on out and
// serves until ctx ends.
func ServeWebSocket(ctx context.Context, out io.Writer) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	f := &fanOut{upgrader: websocket.Upgrader{WriteBufferPool: &sync.Pool{}}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", f.open)
	mux.HandleFunc("POST /publish", f.publish)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintln(out, ln.Addr().String())
	go func() {
		<-ctx.Done()
		_ = srv.Close()
		f.closeAll()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

type fanOut struct {
	upgrader websocket.Upgrader
	mu       sync.Mutex
	sockets  []*websocket.Conn
}

func (f *fanOut) open(w http.ResponseWriter, r *http.Request) {
	c, err := f.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	// The socket joins the list in the same hold of the lock as its
	// greeting, so every publication after a client read "subscribed"
	// reaches it, as the real gateway's subscriptions do.
	f.mu.Lock()
	for range 2 {
		if c.WriteMessage(websocket.TextMessage, []byte(`{"type":"subscribed"}`)) != nil {
			f.mu.Unlock()
			_ = c.Close()
			return
		}
	}
	f.sockets = append(f.sockets, c)
	f.mu.Unlock()
	// Reading answers the client's pings and notices its close; a socket
	// that closed stays in the list, and a write to it fails at once.
	go func() {
		for {
			if _, _, err := c.NextReader(); err != nil {
				return
			}
		}
	}()
}

func (f *fanOut) publish(w http.ResponseWriter, r *http.Request) {
	size, _ := strconv.Atoi(r.URL.Query().Get("bytes"))
	key := r.URL.Query().Get("key")
	f.mu.Lock()
	sockets := f.sockets
	f.mu.Unlock()
	msg, err := websocket.NewPreparedMessage(websocket.TextMessage, event(key, size, time.Now()))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			deadline := time.Now().Add(10 * time.Second)
			for i := w; i < len(sockets); i += workers {
				_ = sockets[i].SetWriteDeadline(deadline)
				_ = sockets[i].WritePreparedMessage(msg)
			}
		}()
	}
	wg.Wait()
	w.WriteHeader(http.StatusNoContent)
}

// event is the gateway's event envelope, padded to about size bytes.
func event(key string, size int, published time.Time) []byte {
	head := fmt.Sprintf(`{"type":"event","topic":"floor","published_at":%q,"event":{"type":%q,"data":{"id":%q,"pad":"`,
		published.UTC().Format(realtime.PublishedAtLayout), WebSocketEventType, key)
	const tail = `"}}}`
	return []byte(head + strings.Repeat("x", max(size-len(head)-len(tail), 0)) + tail)
}

func (f *fanOut) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.sockets {
		_ = c.Close()
	}
}
