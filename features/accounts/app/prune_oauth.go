package app

import (
	"context"
	"fmt"
	"time"

	"social/core/ports"
)

// How long what OAuth hands out is kept once it can no longer be used.
// Nothing that decides whether a code or a token is good needs a row
// after that: the token check (OAuth.AppViewer), a refresh and a
// revocation look a hash up, and a hash found nowhere is refused exactly
// as a revoked or expired one is; no node caches a token's answer.
const (
	// OAuthCodeKeep keeps a code this long past its expiry, used or not:
	// a code presented a second time ends the tokens it was traded for
	// (RFC 6749 section 4.1.2) only while its row says it was used. The
	// app whose code was taken presents it within its ten minutes, a slow
	// or retrying one a little later: a day covers them.
	OAuthCodeKeep = 24 * time.Hour
	// OAuthEndedKeep keeps a token this long after its end (revoked, or
	// both its access and refresh tokens expired), so that the operator
	// can still see why an app was signed out (revoked_reason, such as
	// code_reused) and the member's export still lists the app; then it
	// goes.
	OAuthEndedKeep = 7 * 24 * time.Hour
	// OAuthUnusedAppKeep is how long a registration no member ever
	// authorized, and that holds neither a code nor a token, is kept:
	// anyone may register without signing in.
	OAuthUnusedAppKeep = 24 * time.Hour
)

// OAuthPruner deletes, in batches of at most limit rows each in its own
// transaction, skipping rows another transaction holds, and answers how
// many rows went.
type OAuthPruner interface {
	// PruneCodes deletes codes that expired before before.
	PruneCodes(ctx context.Context, before time.Time, limit int) (int, error)
	// PruneTokens deletes tokens whose end (revocation, or the later of
	// the access and refresh expiries) is before before.
	PruneTokens(ctx context.Context, before time.Time, limit int) (int, error)
	// PruneApps deletes apps registered before before that no member ever
	// authorized and that hold no code and no token.
	PruneApps(ctx context.Context, before time.Time, limit int) (int, error)
}

// PruneOAuth deletes what OAuth no longer needs: codes a day past their
// expiry, tokens a week past their end, and registrations no member ever
// authorized, a day old, with nothing left. Running it again finds
// nothing more; each run does at most pruneOAuthBatches batches of each
// kind, and the next run goes on.
type PruneOAuth struct {
	Store OAuthPruner
	Clock ports.Clock
}

// PrunedOAuth says how many rows a run deleted.
type PrunedOAuth struct{ Codes, Tokens, Apps int }

const (
	pruneOAuthBatch   = 1000
	pruneOAuthBatches = 50
)

// Handle prunes codes, then tokens, then apps: an app's last token pruned
// in this run no longer holds it.
func (uc *PruneOAuth) Handle(ctx context.Context) (PrunedOAuth, error) {
	now := uc.Clock.Now()
	var out PrunedOAuth
	steps := []struct {
		name   string
		before time.Time
		prune  func(context.Context, time.Time, int) (int, error)
		count  *int
	}{
		{"codes", now.Add(-OAuthCodeKeep), uc.Store.PruneCodes, &out.Codes},
		{"tokens", now.Add(-OAuthEndedKeep), uc.Store.PruneTokens, &out.Tokens},
		{"apps", now.Add(-OAuthUnusedAppKeep), uc.Store.PruneApps, &out.Apps},
	}
	for _, s := range steps {
		for range pruneOAuthBatches {
			n, err := s.prune(ctx, s.before, pruneOAuthBatch)
			if err != nil {
				return out, fmt.Errorf("prune oauth %s: %w", s.name, err)
			}
			*s.count += n
			if n < pruneOAuthBatch {
				break
			}
		}
	}
	return out, nil
}
