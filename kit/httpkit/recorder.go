package httpkit

import "net/http"

// StatusRecorder passes an answer through to the writer it wraps and
// remembers its status and size, for the middleware that looks at answers
// once they are written (the access log, metrics).
type StatusRecorder struct {
	http.ResponseWriter
	// Status is the answer's status; 0 while nothing is written, and
	// after a handler that wrote nothing or hijacked the connection.
	Status int
	// Bytes counts the body's bytes written.
	Bytes int
}

// WriteHeader remembers the first status written and passes it on. A later
// one is dropped: the first is already on its way and the client never
// sees another, but net/http logs each such call as a warning. Huma makes
// one whenever it fails to write a body to a client that has left (it sets
// 499 for its own records), so an overload's abandoned requests would fill
// the log. Informational statuses (1xx) come before the answer and pass.
func (r *StatusRecorder) WriteHeader(status int) {
	if status >= 100 && status < 200 {
		r.ResponseWriter.WriteHeader(status)
		return
	}
	if r.Status != 0 {
		return
	}
	r.Status = status
	r.ResponseWriter.WriteHeader(status)
}

// Write counts the body; a body written with no status first is a 200.
func (r *StatusRecorder) Write(b []byte) (int, error) {
	if r.Status == 0 {
		r.Status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.Bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach Flush and Hijack (WebSockets).
func (r *StatusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
