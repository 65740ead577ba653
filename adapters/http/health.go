package http

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/adapters/jobs"
	"social/core/errs"
	"social/kit/httpkit"
)

// healthz says the process is up; it checks nothing else.
func healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz says whether this node can serve: the database answers, the job
// client runs, and every contributed check passes. Load balancers take a
// node out while it is not ready.
func readyz(pool *pgxpool.Pool, status *jobs.Status, extra []httpkit.ReadyCheck) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		checks := map[string]string{"database": "ok", "jobs": "ok"}
		ready := true
		if err := pool.Ping(ctx); err != nil {
			checks["database"], ready = "unavailable", false
		}
		if !status.Ready() {
			checks["jobs"], ready = "not started", false
		}
		for _, c := range extra {
			checks[c.Name] = "ok"
			if err := c.Check(ctx); err != nil {
				checks[c.Name], ready = err.Error(), false
			}
		}
		if !ready {
			p := httpkit.ProblemFrom(r.Context(), errs.Unavailable("not_ready", errs.MsgUnavailable, nil))
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(p.Status)
			_ = json.NewEncoder(w).Encode(struct {
				*httpkit.Problem
				Checks map[string]string `json:"checks"`
			}{p, checks})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "checks": checks})
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
