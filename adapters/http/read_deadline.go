package http

import (
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// withReadDeadlineEndingWithBody ends every read deadline on a request's
// connection once its body has been read whole (at once for a request
// without a body), and ignores one set after that.
//
// While a handler runs, net/http reads ahead on the kept-alive connection
// for the client's next request, and takes any error of that read for the
// connection's end: it cancels the connection's context, from which every
// later request on the connection takes its own. A deadline left over from
// reading the body (the 5 s Huma gives each operation's body, or
// http.read_timeout for the whole request) fires in that read when the
// handler takes longer. The client, still waiting, gets its answer and
// sends its next request on the same connection, and that request starts
// cancelled: its session cannot be checked, so it is refused 503, and so is
// every request after it until the client drops the connection. Once the
// body is in, a deadline has nothing left to guard; net/http sets the next
// request's own when it starts reading it.
//
// Huma sets its deadline through the response writer (huma.SetReadDeadline
// walks the writers' Unwrap), so this wrapper sits next to the mux, inside
// every other: it is the first writer Huma finds that can set one.
func withReadDeadlineEndingWithBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dw := &deadlineWriter{ResponseWriter: w, conn: http.NewResponseController(w)}
		if r.Body == nil || r.Body == http.NoBody {
			dw.bodyRead()
		} else {
			r.Body = &deadlineBody{ReadCloser: r.Body, w: dw}
		}
		next.ServeHTTP(dw, r)
	})
}

// deadlineWriter passes read deadlines to the connection until the body
// has been read.
type deadlineWriter struct {
	http.ResponseWriter
	conn *http.ResponseController
	read atomic.Bool // the body has been read whole
}

// SetReadDeadline sets the connection's read deadline while the body is
// still coming; after that, only clearing one is passed on.
func (w *deadlineWriter) SetReadDeadline(deadline time.Time) error {
	if w.read.Load() && !deadline.IsZero() {
		return nil
	}
	return w.conn.SetReadDeadline(deadline)
}

// bodyRead clears the connection's deadline, once.
func (w *deadlineWriter) bodyRead() {
	if w.read.Swap(true) {
		return
	}
	// A connection that cannot take deadlines (a test's recorder) has none to clear.
	_ = w.conn.SetReadDeadline(time.Time{})
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// deadlineBody tells its writer when the body has been read to its end.
// A body closed unread keeps its deadline: net/http reads what is left of
// it after the handler, under that deadline, before the next request.
type deadlineBody struct {
	io.ReadCloser
	w *deadlineWriter
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.w.bodyRead()
	}
	return n, err
}
