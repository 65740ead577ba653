package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// Limits of looking up another server's account by its address: how many
// lookups that reach another server one member may make, and how long one
// may take (WebFinger and the actor's document together), so that a
// search never waits long on a slow server.
const (
	LookupsPerMember = 20
	LookupWindow     = time.Minute
	LookupTimeout    = 8 * time.Second
)

// WebFingerFetcher fetches a WebFinger answer (a JRD) through the
// SSRF-safe client.
type WebFingerFetcher interface {
	FetchJRD(ctx context.Context, uri string) ([]byte, error)
}

// KnownActors finds a remote actor by its remote account's handle
// (user@host); domain.ErrNotFound for none.
type KnownActors interface {
	ActorByHandle(ctx context.Context, handle string) (RemoteActor, error)
}

// ActorResolver fetches and keeps a remote actor (ResolveActor).
type ActorResolver interface {
	ByURI(ctx context.Context, uri string, fresh bool) (RemoteActor, error)
}

// LookUpAccount finds an account of another server by its address, as
// Mastodon's search with resolve does: a known account answers at once;
// an unknown one (or one kept longer than ActorLifetime) is asked of its
// server's WebFinger (acct:user@host, over https; plain http only for a
// loopback host in tests), whose self link is the actor, fetched and kept
// by ResolveActor's rules. It is the plugin's ports.RemoteAccountLookup.
type LookUpAccount struct {
	Known   KnownActors
	Finger  WebFingerFetcher
	Actors  ActorResolver
	Limiter ports.RateLimiter
	Clock   ports.Clock
	// LoopbackHTTP asks a loopback host's WebFinger over plain http
	// (federation.allow_loopback_http).
	LoopbackHTTP bool
	Log          *slog.Logger
}

var _ ports.RemoteAccountLookup = (*LookUpAccount)(nil)

// LookUp answers the profile of user@host. Whatever the other server
// answers (nothing, an error, a document refused), the account is simply
// not found; only this server's own failures are errors.
func (uc *LookUpAccount) LookUp(ctx context.Context, viewer domain.UserID, user, host string) (domain.UserID, bool, error) {
	handle, ok := domain.RemoteHandle(user, host)
	if !ok {
		return domain.UserID{}, false, nil
	}
	known, err := uc.Known.ActorByHandle(ctx, handle)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return domain.UserID{}, false, err
	}
	if err == nil && uc.Clock.Now().Sub(known.FetchedAt) <= ActorLifetime {
		return known.ProfileID, true, nil
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "federation_lookup", Key: viewer.String(),
		Limit: LookupsPerMember, Window: LookupWindow})
	if err != nil {
		return domain.UserID{}, false, err
	}
	if wait > 0 {
		// Over the limit, a known account is still found as it was kept.
		return known.ProfileID, !known.ProfileID.IsZero(), nil
	}
	a, err := uc.fetch(ctx, handle)
	if err != nil {
		uc.Log.InfoContext(ctx, "account lookup failed", "address", handle, "err", err)
		return known.ProfileID, !known.ProfileID.IsZero(), nil
	}
	return a.ProfileID, true, nil
}

// jrd is what is read of a WebFinger answer.
type jrd struct {
	Links []struct {
		Rel  string `json:"rel"`
		Type string `json:"type"`
		Href string `json:"href"`
	} `json:"links"`
}

// fetch asks handle's server for its actor and keeps it.
func (uc *LookUpAccount) fetch(ctx context.Context, handle string) (RemoteActor, error) {
	ctx, cancel := context.WithTimeout(ctx, LookupTimeout)
	defer cancel()
	host := handle[strings.IndexByte(handle, '@')+1:]
	scheme := "https"
	if uc.LoopbackHTTP && IsLoopback(hostname(host)) {
		scheme = "http"
	}
	finger := (&url.URL{Scheme: scheme, Host: host, Path: "/.well-known/webfinger",
		RawQuery: url.Values{"resource": {"acct:" + handle}}.Encode()}).String()
	body, err := uc.Finger.FetchJRD(ctx, finger)
	if err != nil {
		return RemoteActor{}, fmt.Errorf("webfinger: %w", err)
	}
	var d jrd
	if err := json.Unmarshal(body, &d); err != nil {
		return RemoteActor{}, fmt.Errorf("webfinger: %w", err)
	}
	for _, l := range d.Links {
		if l.Rel == "self" && isActivityType(l.Type) && l.Href != "" {
			return uc.Actors.ByURI(ctx, l.Href, true)
		}
	}
	return RemoteActor{}, errors.New("webfinger: no self link to an actor")
}

// isActivityType reports whether a link's media type is an ActivityStreams
// document's.
func isActivityType(t string) bool {
	t = strings.TrimSpace(strings.ToLower(t))
	return t == "application/activity+json" || strings.HasPrefix(t, "application/ld+json")
}

// hostname is host without its port.
func hostname(host string) string {
	if u, err := url.Parse("//" + host); err == nil {
		return u.Hostname()
	}
	return host
}
