package domain

import "context"

// Role is what a member may do beyond their own things.
type Role string

const (
	RoleMember    Role = "member"
	RoleModerator Role = "moderator"
	RoleAdmin     Role = "admin"
)

// Viewer is who is acting in a request: a signed-in member, or nobody.
type Viewer struct {
	UserID    UserID
	Role      Role
	SessionID string // the refresh-token family the access token belongs to
	// AppID is the OAuth app acting with the member's authorization (or
	// alone, with UserID zero, by its client credentials); empty for the
	// member's own session. Scopes bound what an app may do.
	AppID  string
	Scopes Scopes
}

// FirstParty reports whether v acts through the member's own session (our
// apps), which no scope limits.
func (v Viewer) FirstParty() bool { return v.AppID == "" }

// Allows reports whether v may run an operation that any of need lets run:
// always for the member's own session, else when v's scopes cover one.
func (v Viewer) Allows(need Scopes) bool { return v.FirstParty() || v.Scopes.Covers(need) }

// SignedIn reports whether a member is acting.
func (v Viewer) SignedIn() bool { return !v.UserID.IsZero() }

// Operator is the person at the server's command line: an administrator
// without an account, recorded as such in the audit log.
func Operator() Viewer { return Viewer{Role: RoleAdmin} }

// IsOperator reports whether v is the command line rather than a member.
func (v Viewer) IsOperator() bool { return v.UserID.IsZero() && v.Role == RoleAdmin }

// Staff reports whether v moderates: a moderator, an administrator or the
// operator.
func (v Viewer) Staff() bool {
	return (v.SignedIn() || v.IsOperator()) && (v.Role == RoleModerator || v.Role == RoleAdmin)
}

// Admin reports whether v administers: an administrator or the operator.
func (v Viewer) Admin() bool { return (v.SignedIn() || v.IsOperator()) && v.Role == RoleAdmin }

// AtLeast reports whether role r carries everything role min does.
func (r Role) AtLeast(min Role) bool { return roleRank[r] >= roleRank[min] && roleRank[min] > 0 }

var roleRank = map[Role]int{RoleMember: 1, RoleModerator: 2, RoleAdmin: 3}

type viewerKey struct{}

// WithViewer returns ctx carrying v (set by the HTTP auth middleware).
func WithViewer(ctx context.Context, v Viewer) context.Context {
	return context.WithValue(ctx, viewerKey{}, v)
}

// ViewerFrom is the viewer of ctx; the zero Viewer when nobody signed in.
func ViewerFrom(ctx context.Context) Viewer {
	v, _ := ctx.Value(viewerKey{}).(Viewer)
	return v
}
