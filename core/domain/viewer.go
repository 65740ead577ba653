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
}

// SignedIn reports whether a member is acting.
func (v Viewer) SignedIn() bool { return !v.UserID.IsZero() }

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
