package apiclient

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// wire speaks HTTP/1.1 to one server over kept-alive connections, each
// request written and its answer read on the caller's goroutine, as
// pgbench drives its connections. net/http's client hands every request to
// two goroutines of the connection and parses every header into maps: on
// the benchmark's profile read that was 90 µs of CPU per request, on the
// two cores the server under test shares with it.
type wire struct {
	addr, host string
	timeout    time.Duration

	mu   sync.Mutex
	idle []*wireConn
}

type wireConn struct {
	c   net.Conn
	r   *bufio.Reader
	req []byte // the request being written, its buffer reused
}

func newWire(base string, timeout time.Duration) (*wire, error) {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("apiclient: %q is not an http:// origin", base)
	}
	addr := u.Host
	if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	return &wire{addr: addr, host: u.Host, timeout: timeout}, nil
}

// answer is a response read whole: its body is kept only when asked for
// (keep), else read and dropped.
type answer struct {
	status int
	body   []byte
}

// do sends one request and reads its answer. A kept-alive connection the
// server closed meanwhile fails before any byte of the answer arrives; the
// request is then sent once more on a new connection, as net/http does.
func (w *wire) do(ctx context.Context, method, path, token string, body []byte, keep func(status int) bool) (answer, error) {
	for attempt := 0; ; attempt++ {
		if past(ctx) {
			return answer{}, ctxErr(ctx)
		}
		c, reused, err := w.take(ctx)
		if err != nil {
			if past(ctx) {
				err = ctxErr(ctx)
			}
			return answer{}, err
		}
		a, started, closeAfter, err := w.exchange(ctx, c, method, path, token, body, keep)
		if err != nil || closeAfter {
			_ = c.c.Close()
		} else {
			w.put(c)
		}
		if err != nil && past(ctx) {
			return a, ctxErr(ctx)
		}
		if err != nil && reused && !started && attempt == 0 {
			continue
		}
		return a, err
	}
}

// past reports whether ctx's deadline has come. The connection's deadline
// is ctx's: past it, reads and writes fail at once with a timeout.
func past(ctx context.Context) bool {
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// ctxErr is ctx's error once ctx says so. The timer behind a deadline may
// fire a moment after it, on a busy machine milliseconds after; a caller
// that asks ctx.Err() why a request failed (the load leaves requests cut by
// its step's end out of the figures) must hear the deadline, as net/http's
// client makes it hear.
func ctxErr(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

func (w *wire) take(ctx context.Context) (*wireConn, bool, error) {
	w.mu.Lock()
	if n := len(w.idle); n > 0 {
		c := w.idle[n-1]
		w.idle = w.idle[:n-1]
		w.mu.Unlock()
		return c, true, nil
	}
	w.mu.Unlock()
	d := net.Dialer{Timeout: w.timeout}
	c, err := d.DialContext(ctx, "tcp", w.addr)
	if err != nil {
		return nil, false, err
	}
	return &wireConn{c: c, r: bufio.NewReaderSize(c, 16<<10)}, false, nil
}

func (w *wire) put(c *wireConn) {
	w.mu.Lock()
	w.idle = append(w.idle, c)
	w.mu.Unlock()
}

// exchange writes the request and reads the answer. started is whether any
// byte of the answer arrived; closeAfter whether the connection cannot be
// used again.
func (w *wire) exchange(ctx context.Context, c *wireConn, method, path, token string, body []byte,
	keep func(status int) bool) (a answer, started, closeAfter bool, err error) {
	deadline := time.Now().Add(w.timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if err := c.c.SetDeadline(deadline); err != nil {
		return a, false, true, err
	}
	b := append(c.req[:0], method...)
	b = append(b, ' ')
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, w.host...)
	if token != "" {
		b = append(b, "\r\nAuthorization: Bearer "...)
		b = append(b, token...)
	}
	if body != nil {
		b = append(b, "\r\nContent-Type: application/json\r\nContent-Length: "...)
		b = strconv.AppendInt(b, int64(len(body)), 10)
	}
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)
	c.req = b
	if _, err := c.c.Write(b); err != nil {
		return a, false, true, err
	}

	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return a, len(line) > 0, true, err
	}
	started = true
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return a, true, true, fmt.Errorf("apiclient: malformed status line %q", line)
	}
	if a.status, err = strconv.Atoi(string(line[9:12])); err != nil {
		return a, true, true, fmt.Errorf("apiclient: malformed status line %q", line)
	}
	length, chunked := -1, false
	for {
		h, err := c.r.ReadSlice('\n')
		if err != nil {
			return a, true, true, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		name, value, ok := bytes.Cut(h, []byte(":"))
		if !ok {
			return a, true, true, fmt.Errorf("apiclient: malformed header %q", h)
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil || length < 0 {
				return a, true, true, fmt.Errorf("apiclient: Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			closeAfter = bytes.EqualFold(value, []byte("close"))
		}
	}
	var sink io.Writer = io.Discard
	var kept *bytes.Buffer
	if keep(a.status) {
		kept = &bytes.Buffer{}
		sink = kept
	}
	switch {
	case a.status/100 == 1 || a.status == 204 || a.status == 304 || method == "HEAD":
	case chunked:
		err = readChunked(c.r, sink)
	case length >= 0:
		err = copyN(sink, c.r, int64(length))
	default:
		// No length: the body runs to the connection's end.
		closeAfter = true
		_, err = io.Copy(sink, c.r)
	}
	if err != nil {
		return a, true, true, err
	}
	if kept != nil {
		a.body = kept.Bytes()
	}
	return a, true, closeAfter, nil
}

// readChunked copies a chunked body to sink and reads its trailer.
func readChunked(r *bufio.Reader, sink io.Writer) error {
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		size := bytes.TrimRight(line, "\r\n")
		if i := bytes.IndexByte(size, ';'); i >= 0 {
			size = size[:i]
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(size)), 16, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("apiclient: malformed chunk size %q", line)
		}
		if n == 0 {
			break
		}
		if err := copyN(sink, r, n); err != nil {
			return err
		}
		if crlf, err := r.ReadSlice('\n'); err != nil || len(bytes.TrimRight(crlf, "\r\n")) != 0 {
			return errors.Join(errors.New("apiclient: chunk not followed by CRLF"), err)
		}
	}
	for { // trailer, up to its blank line
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		if len(bytes.TrimRight(line, "\r\n")) == 0 {
			return nil
		}
	}
}

// copyN moves n bytes of r to sink; bytes for nobody are skipped in r's
// buffer, never copied.
func copyN(sink io.Writer, r *bufio.Reader, n int64) error {
	if sink == io.Discard {
		_, err := r.Discard(int(n))
		return err
	}
	_, err := io.CopyN(sink, r, n)
	return err
}
