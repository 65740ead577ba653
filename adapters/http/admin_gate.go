package http

import (
	"context"
	"fmt"
	"net/http"

	"go.uber.org/fx"

	"social/adapters/http/auth"
	"social/config"
	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/kit/httpkit"
)

// Messages and codes of the admin gate.
const (
	MsgAdminOnly  = "Apenas administradores podem fazer isso."
	CodeAdminOnly = "admins_only"
	// CodeAdminClosed answers members: the console is for staff only.
	CodeAdminClosed = "admin_access_closed"
	// CodeSecondStepRequired answers staff without a second step of
	// signing in, in production: the console waits until they have one.
	CodeSecondStepRequired = "second_step_required"
	MsgSecondStepRequired  = "Para usar o console, ative a verificação em duas etapas (aplicativo autenticador ou passkey) em Configurações."
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
//
// SecondStep, set in production, refuses moderators and administrators
// without a second step of signing in (403 second_step_required) until
// they turn one on in /settings; in development the console stays open.
type RoleAdminGate struct {
	DevOutbox  bool
	SecondStep ports.SecondFactor
}

type adminGateParams struct {
	fx.In
	Config     *config.Config
	SecondStep ports.SecondFactor `optional:"true"` // the twofactor feature
}

// NewRoleAdminGate reads admin.open_access and the mode.
func NewRoleAdminGate(p adminGateParams) AdminGate {
	g := RoleAdminGate{DevOutbox: p.Config.Admin.OpenAccess && p.Config.Mode != config.ModeProduction}
	if p.Config.Mode == config.ModeProduction {
		g.SecondStep = p.SecondStep
	}
	return g
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
	if g.SecondStep != nil {
		has, err := g.SecondStep.Has(ctx, v.UserID)
		if err != nil {
			return fmt.Errorf("second step of %s: %w", v.UserID, err)
		}
		if !has {
			return errs.Forbidden(CodeSecondStepRequired, MsgSecondStepRequired)
		}
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
