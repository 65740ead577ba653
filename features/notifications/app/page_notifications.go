package app

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// MaxPage is the most notifications one page of PageNotifications holds.
const MaxPage = 80

// Position is a notification's place in the list: its time and ID.
type Position struct {
	CreatedAt time.Time
	ID        domain.NotificationID
}

// PageFilter chooses a page of the list: only Types (all when empty),
// none of Exclude, only from Sender (when set); older than Older, newer
// than Newer, and with Forward the ones just newer than Newer (read
// oldest first). A page is answered newest first either way.
type PageFilter struct {
	Types, Exclude []domain.NotificationType
	Sender         *domain.UserID
	Older, Newer   *Position
	Forward        bool
}

// Pager reads pages of the list under its rules (blocks, mutes, muted
// words, suspended and deleted senders), and a notification's time.
type Pager interface {
	Page(ctx context.Context, recipient domain.UserID, f PageFilter, limit int) ([]domain.NotificationItem, error)
	CreatedAt(ctx context.Context, recipient domain.UserID, id domain.NotificationID) (time.Time, bool, error)
}

// PageQuery is a page by notification IDs, as Mastodon's apps page:
// older than MaxID, newer than SinceID (the newest of them), or just
// newer than MinID (the oldest of them).
type PageQuery struct {
	Types, Exclude        []domain.NotificationType
	Sender                *domain.UserID
	MaxID, SinceID, MinID string
	Limit                 int
}

// PageNotifications reads the viewer's list page by page, both ways,
// filtered by type and sender: the list the notifications screen shows
// (ListNotifications, its newest 50), for readers that page.
type PageNotifications struct{ Store Pager }

// Handle answers at most Limit (1 to MaxPage) notifications, newest first.
func (uc *PageNotifications) Handle(ctx context.Context, viewer domain.Viewer, q PageQuery) ([]Listed, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	f := PageFilter{Types: q.Types, Exclude: q.Exclude, Sender: q.Sender}
	var err error
	if f.Older, err = uc.position(ctx, viewer.UserID, "max_id", q.MaxID); err != nil {
		return nil, err
	}
	newer, newerID := "since_id", q.SinceID
	if q.MinID != "" {
		newer, newerID, f.Forward = "min_id", q.MinID, true
	}
	if f.Newer, err = uc.position(ctx, viewer.UserID, newer, newerID); err != nil {
		return nil, err
	}
	limit := q.Limit
	if limit <= 0 || limit > MaxPage {
		limit = MaxPage
	}
	items, err := uc.Store.Page(ctx, viewer.UserID, f, limit)
	if err != nil {
		return nil, fmt.Errorf("page notifications of %s: %w", viewer.UserID, err)
	}
	out := make([]Listed, len(items))
	for i, it := range items {
		out[i] = listed(it)
	}
	return out, nil
}

// position is where notification id sits in the viewer's list. One that
// is gone (dismissed) or another member's still names a place, its ID's
// time (a UUIDv7), and reveals nothing.
func (uc *PageNotifications) position(ctx context.Context, recipient domain.UserID, param, raw string) (*Position, error) {
	if raw == "" {
		return nil, nil
	}
	id, err := domain.ParseNotificationID(raw)
	if err != nil || uuid.UUID(id).Version() != 7 {
		return nil, errs.Invalid(CodeInvalid, errs.MsgFixErrors, map[string]string{param: MsgInvalidID})
	}
	at, ok, err := uc.Store.CreatedAt(ctx, recipient, id)
	if err != nil {
		return nil, fmt.Errorf("position of %s: %w", id, err)
	}
	if !ok {
		sec, nsec := uuid.UUID(id).Time().UnixTime()
		at = time.Unix(sec, nsec).UTC()
	}
	return &Position{CreatedAt: at, ID: id}, nil
}
