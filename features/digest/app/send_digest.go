package app

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// maxScan bounds how many notifications of the list one digest reads.
const maxScan = 10 * notifications.MaxPage

// Page reads the member's notification list as the list shows it.
type Page interface {
	Handle(ctx context.Context, viewer domain.Viewer, q notifications.PageQuery) ([]notifications.Listed, error)
}

// SendDigest is one member's digest of one week: it claims the week's row
// and queues the e-mail in one transaction, so a second run (a retry,
// another node) finds the row and sends nothing.
type SendDigest struct {
	Tx      ports.Transactor
	Digests Digests
	List    Page
	Outbox  ports.Outbox
	Clock   ports.Clock
	// PublicURL is the site's address, for the e-mail's links (no
	// trailing slash).
	PublicURL string
}

// Handle sends member's digest of week, unless they got it already, may
// not get one (the digest off, e-mail unconfirmed, account suspended or
// deleted) or have nothing unread the list would show.
func (uc *SendDigest) Handle(ctx context.Context, member domain.UserID, week time.Time) error {
	to, found, err := uc.Digests.Recipient(ctx, member)
	if err != nil {
		return fmt.Errorf("digest recipient %s: %w", member, err)
	}
	if !found || !to.Eligible {
		return nil
	}
	now := uc.Clock.Now()
	since, ok, err := uc.Digests.LastSentBefore(ctx, member, week)
	if err != nil {
		return fmt.Errorf("last digest of %s: %w", member, err)
	}
	if !ok {
		since = now.Add(-Week)
	}
	token := newToken()
	d := Digest{Member: member, Week: week, TokenHash: hashToken(token), SentAt: now}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		claimed, err := uc.Digests.Claim(ctx, d)
		if err != nil || !claimed {
			return err
		}
		items, err := uc.unread(ctx, member, since)
		if err != nil {
			return err
		}
		if err := uc.Digests.SetItems(ctx, d, len(items)); err != nil || len(items) == 0 {
			return err
		}
		return uc.Outbox.Enqueue(ctx, compose(to, items, uc.PublicURL, token))
	})
	if err != nil {
		return fmt.Errorf("digest of %s for %s: %w", member, week.Format(time.DateOnly), err)
	}
	return nil
}

// unread reads member's unread notifications newer than since, newest
// first, page by page through the list's own use case.
func (uc *SendDigest) unread(ctx context.Context, member domain.UserID, since time.Time) ([]notifications.Listed, error) {
	viewer := domain.Viewer{UserID: member}
	var out []notifications.Listed
	q := notifications.PageQuery{Limit: notifications.MaxPage}
	for scanned := 0; scanned < maxScan; {
		page, err := uc.List.Handle(ctx, viewer, q)
		if err != nil {
			return nil, fmt.Errorf("notifications of %s: %w", member, err)
		}
		for _, it := range page {
			if !it.CreatedAt.After(since) {
				return out, nil
			}
			if !it.IsRead {
				out = append(out, it)
			}
		}
		if len(page) < q.Limit {
			return out, nil
		}
		scanned += len(page)
		q.MaxID = page[len(page)-1].ID.String()
	}
	return out, nil
}

// newToken is an unsubscribe token: 32 random bytes, URL-safe base64.
func newToken() string {
	var b [tokenBytes]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand panics on failure)
	return base64.RawURLEncoding.EncodeToString(b[:])
}
