package http

import (
	"context"
	"net/http"

	"social/adapters/http/auth"
	"social/core/domain"
	"social/core/errs"
	"social/internal/config"
	"social/kit/httpkit"
)

// Messages and codes of the admin gate.
const (
	MsgAdminOnly  = "Apenas administradores podem fazer isso."
	CodeAdminOnly = "admins_only"
	// CodeAdminClosed answers members: the console is for staff only.
	CodeAdminClosed = "admin_access_closed"
)

// AdminRequest is what the gate decides on.
type AdminRequest struct {
	Resource string      // "mail", "reports"... ("jobs" for the job dashboard)
	Need     domain.Role // moderator or admin
	Method   string
}

// RoleAdminGate admits the signed-in viewer whose live role (read from the
// account on every request by the authenticator, never trusted from the
// token) reaches the operation's need: nobody gets 401, members 403,
// moderators 403 on operations for administrators.
//
// DevOutbox (admin.open_access, refused in production by config
// validation) lets a client on this machine's loopback read the mail
// outbox resource without signing in, so a local machine and the
// end-to-end journeys can read confirmation links; it opens nothing else.
// The outbox holds password-reset links: a peer on the network (a café's
// Wi-Fi) gets 401 like anywhere else unless it signs in as staff.
type RoleAdminGate struct{ DevOutbox bool }

// NewRoleAdminGate reads admin.open_access.
func NewRoleAdminGate(cfg *config.Config) AdminGate {
	return RoleAdminGate{DevOutbox: cfg.Admin.OpenAccess && cfg.Mode != config.ModeProduction}
}

// Allow returns nil or the problem to answer with.
func (g RoleAdminGate) Allow(ctx context.Context, req AdminRequest) error {
	v := domain.ViewerFrom(ctx)
	if g.DevOutbox && req.Resource == "mail" && (req.Method == http.MethodGet || req.Method == http.MethodHead) &&
		auth.FromLoopback(ctx) {
		return nil
	}
	if !v.SignedIn() {
		return errs.Unauthenticated("unauthenticated", errs.MsgUnauthenticated)
	}
	if !v.Role.AtLeast(domain.RoleModerator) {
		return errs.Forbidden(CodeAdminClosed, errs.MsgAdminClosed)
	}
	if !v.Role.AtLeast(req.Need) {
		return errs.Forbidden(CodeAdminOnly, MsgAdminOnly)
	}
	return nil
}

// guardHandler puts a plain handler (the job dashboard) behind the gate,
// for administrators.
func guardHandler(gate AdminGate, resource string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := AdminRequest{Resource: resource, Need: domain.RoleAdmin, Method: r.Method}
		if err := gate.Allow(r.Context(), req); err != nil {
			httpkit.WriteProblem(w, httpkit.ProblemFrom(r.Context(), err))
			return
		}
		next.ServeHTTP(w, r)
	})
}
