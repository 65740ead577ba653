package httpkit

import (
	"context"

	"social/core/domain"
)

type appGrantKey struct{}

// WithAppGrant puts in ctx the viewer of an OAuth app's access token. It
// is not the request's viewer (domain.ViewerFrom): an operation sees it
// only when it names scopes (Scoped) the token covers, so a route that
// says nothing of scopes never acts for an app.
func WithAppGrant(ctx context.Context, v domain.Viewer) context.Context {
	return context.WithValue(ctx, appGrantKey{}, v)
}

// AppGrant is the viewer of the app token the request carries, if any.
func AppGrant(ctx context.Context) (domain.Viewer, bool) {
	v, ok := ctx.Value(appGrantKey{}).(domain.Viewer)
	return v, ok
}

// MetaScopes is the key of huma.Operation.Metadata naming the scopes that
// each let an app's token run the operation.
const MetaScopes = "social.scopes"

// Scoped opens an operation to apps' tokens carrying any of need (a
// member's own session is never limited by scopes); m is its other
// Metadata (Refuses...).
func Scoped(need domain.Scopes, m map[string]any) map[string]any {
	m[MetaScopes] = need
	return m
}

// ScopesOf is what an operation's Metadata opens it to; 0 when apps'
// tokens may not run it.
func ScopesOf(meta map[string]any) domain.Scopes {
	s, _ := meta[MetaScopes].(domain.Scopes)
	return s
}
