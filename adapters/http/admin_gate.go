package http

import (
	"context"
	"net/http"

	"social/core/errs"
	"social/internal/config"
)

// ConfigAdminGate opens the admin API only when admin.open_access is on.
// Until member accounts carry roles this is the only way in; it is refused
// in production by config validation.
type ConfigAdminGate struct{ Open bool }

// NewConfigAdminGate reads admin.open_access.
func NewConfigAdminGate(cfg *config.Config) AdminGate {
	return ConfigAdminGate{Open: cfg.Admin.OpenAccess}
}

func (g ConfigAdminGate) Allow(context.Context, *http.Request) error {
	if g.Open {
		return nil
	}
	return errs.Forbidden("admin_access_closed", errs.MsgAdminClosed)
}

// guardHandler puts a plain handler (the job dashboard) behind the gate.
func guardHandler(gate AdminGate, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := gate.Allow(r.Context(), r); err != nil {
			WriteProblem(w, ProblemFrom(r.Context(), err))
			return
		}
		next.ServeHTTP(w, r)
	})
}
