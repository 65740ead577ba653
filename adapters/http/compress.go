package http

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Answers smaller than this go as they are: gzip's header and trailer and
// the work would outweigh what a few hundred bytes gain.
const compressFrom = 1024

// The level trades the server's time for bytes on the wire. JSON repeats
// its field names on every item, so the fastest level already keeps most of
// the gain (a feed page of 20 worst-case posts, 22.7 KB, went in 2.7 KB
// with its headers) at a fraction of the default level's time.
const compressLevel = gzip.BestSpeed

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, compressLevel)
	return w
}}

// withCompressedReads gzips the JSON answers of reads (GET) for clients that
// accept it. A phone on a slow network waits for every byte of a feed page
// before it can draw it.
//
// Only reads are compressed: the answers that carry a secret (a session's
// token, an application's credentials) are those of writes, and leaving them
// out keeps a compression side channel (BREACH) from guessing one. The
// sign-in and OAuth paths are left out as well, whatever their method.
// Everything else passes untouched: pictures and the app's files (stored
// compressed already), WebSockets, event streams, answers already encoded
// and clients that did not ask.
func withCompressedReads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !mayCompress(r) {
			next.ServeHTTP(w, r)
			return
		}
		cw := &compressingWriter{ResponseWriter: w}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// mayCompress tells whether r's answer may be compressed, before it is made.
func mayCompress(r *http.Request) bool {
	if r.Method != http.MethodGet || r.Header.Get("Upgrade") != "" {
		return false
	}
	p := r.URL.Path
	if strings.HasPrefix(p, "/api/v1/auth/") || strings.HasPrefix(p, "/oauth/") {
		return false
	}
	return acceptsGzip(r.Header.Values("Accept-Encoding"))
}

// acceptsGzip reads Accept-Encoding (RFC 9110, 12.5.3): gzip, x-gzip or *,
// unless given a weight of 0.
func acceptsGzip(values []string) bool {
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(item), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "gzip" && name != "x-gzip" && name != "*" {
				continue
			}
			if q, ok := weight(params); ok && q == 0 {
				continue
			}
			return true
		}
	}
	return false
}

// weight reads a q parameter; ok is false when there is none or it is malformed.
func weight(params string) (float64, bool) {
	for _, p := range strings.Split(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return q, err == nil
	}
	return 0, false
}

// compressibleType tells whether an answer of this Content-Type is JSON.
func compressibleType(contentType string) bool {
	mediaType, _, _ := strings.Cut(contentType, ";")
	mediaType = strings.ToLower(strings.TrimSpace(mediaType))
	return mediaType == "application/json" || (strings.HasPrefix(mediaType, "application/") && strings.HasSuffix(mediaType, "+json"))
}

// compressingWriter decides at the answer's status whether its body is
// compressed, and holds the first bytes back until it knows the body is
// long enough to be worth it.
type compressingWriter struct {
	http.ResponseWriter
	status int
	// decided is set once the body is known to go plain or compressed.
	decided bool
	// candidate: a JSON answer not yet long enough to compress.
	candidate bool
	held      bytes.Buffer
	gz        *gzip.Writer
}

func (w *compressingWriter) WriteHeader(status int) {
	if w.status != 0 {
		return
	}
	w.status = status
	h := w.Header()
	w.candidate = status == http.StatusOK && h.Get("Content-Encoding") == "" && compressibleType(h.Get("Content-Type"))
	if w.candidate {
		h.Add("Vary", "Accept-Encoding")
		if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < compressFrom {
			w.candidate = false
		}
	}
	if !w.candidate {
		w.decided = true
		w.ResponseWriter.WriteHeader(status)
	}
}

func (w *compressingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	switch {
	case w.gz != nil:
		return w.gz.Write(b)
	case w.decided:
		return w.ResponseWriter.Write(b)
	}
	w.held.Write(b)
	if w.held.Len() >= compressFrom {
		if err := w.startCompressing(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// startCompressing sends the headers of a compressed answer and the bytes held so far.
func (w *compressingWriter) startCompressing() error {
	w.decided = true
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	w.ResponseWriter.WriteHeader(w.status)
	w.gz = gzipWriters.Get().(*gzip.Writer)
	w.gz.Reset(w.ResponseWriter)
	_, err := w.gz.Write(w.held.Bytes())
	w.held.Reset()
	return err
}

// sendHeld sends an answer too short to compress as it is.
func (w *compressingWriter) sendHeld() {
	w.decided = true
	w.Header().Set("Content-Length", strconv.Itoa(w.held.Len()))
	w.ResponseWriter.WriteHeader(w.status)
	_, _ = w.ResponseWriter.Write(w.held.Bytes())
	w.held.Reset()
}

// Flush sends what the handler wrote so far: an answer that flushes is
// streamed, so it is compressed from here if it is JSON.
func (w *compressingWriter) Flush() {
	if w.status != 0 && !w.decided {
		_ = w.startCompressing()
	}
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// finish ends the body once the handler is done.
func (w *compressingWriter) finish() {
	switch {
	case w.gz != nil:
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzipWriters.Put(w.gz)
		w.gz = nil
	case w.status != 0 && !w.decided:
		w.sendHeld()
	}
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *compressingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
