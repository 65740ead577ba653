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

// WriteHeader remembers the first status written.
func (r *StatusRecorder) WriteHeader(status int) {
	if r.Status == 0 {
		r.Status = status
	}
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
