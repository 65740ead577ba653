package http

import (
	"context"
	"net/http"
	"time"
)

// changeAfterClientLeft bounds how long a change goes on once its client
// has gone away.
const changeAfterClientLeft = 30 * time.Second

// withChangesKeptWhenClientLeaves lets a change (any method but GET, HEAD
// and OPTIONS) finish when its client disconnects after sending it.
// net/http cancels a request's context when its connection closes, and a
// transaction cancelled that way rolls back what the app had already shown
// as done: a member who taps "Seguir" and at once reloads or closes the tab
// would not follow, though the button said so. A change runs instead on a
// context that keeps the request's values and ends bound after the client
// left (and at once when the handler returns). Reads still stop when their
// client leaves: nobody is waiting for their answer.
func withChangesKeptWhenClientLeaves(bound time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		change, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
		defer cancel()
		// r.Context() also ends when ServeHTTP returns, after these deferred
		// calls: stopWatching keeps that end from starting the bound. A bound
		// started while the change runs may fire after it ended, cancelling
		// nothing.
		stopWatching := context.AfterFunc(r.Context(), func() { time.AfterFunc(bound, cancel) })
		defer stopWatching()
		next.ServeHTTP(w, r.WithContext(change))
	})
}
