package httpapi

import (
	"context"
	"time"

	"social/core/domain"
	postwire "social/features/posts/wire"
	"social/kit/httpkit"
)

// Notification is Mastodon's Notification entity.
type Notification struct {
	ID string `json:"id"`
	// Type is Mastodon's: follow, favourite, mention.
	Type string `json:"type"`
	// GroupKey: notifications are not grouped (each is its own group).
	GroupKey  string    `json:"group_key"`
	CreatedAt time.Time `json:"created_at"`
	Account   Account   `json:"account"`
	// Status is the post or comment the notification is about; absent
	// for a follow.
	Status *Status `json:"status,omitempty"`
}

// Mastodon's notification types this network's map onto.
const (
	NotificationFollow    = "follow"
	NotificationFavourite = "favourite"
	NotificationMention   = "mention"
)

// NotificationType is the Mastodon type of one of ours, "" for none:
// a follow is a follow, a like a favourite, a mention a mention, and a
// comment on the member's post a mention too, its status the comment (a
// reply to the post): Mastodon has no type for a reply, which apps show
// under mentions.
func NotificationType(t domain.NotificationType) string {
	switch t {
	case domain.NotifyFollow:
		return NotificationFollow
	case domain.NotifyLike:
		return NotificationFavourite
	case domain.NotifyMention, domain.NotifyComment:
		return NotificationMention
	}
	return ""
}

// NotificationTypes are ours that each Mastodon type stands for (the
// types[] and exclude_types[] filters).
func NotificationTypes(mastodon string) []domain.NotificationType {
	switch mastodon {
	case NotificationFollow:
		return []domain.NotificationType{domain.NotifyFollow}
	case NotificationFavourite:
		return []domain.NotificationType{domain.NotifyLike}
	case NotificationMention:
		return []domain.NotificationType{domain.NotifyMention, domain.NotifyComment}
	}
	return nil
}

// NeedsStatus tells whether a notification of type t is about a post or
// a comment, without which it cannot be shown.
func NeedsStatus(t domain.NotificationType) bool { return t != domain.NotifyFollow }

// Notification is one of ours as Mastodon's; ok is false when its type
// has no Mastodon counterpart, or when it is about a post or comment and
// status (read for the viewer, so refused when they may not read it) is
// nil: apps cannot show a favourite without its status.
func (b Base) Notification(n domain.NotificationItem, sender Account, status *Status) (Notification, bool) {
	typ := NotificationType(n.Type)
	if typ == "" || (NeedsStatus(n.Type) && status == nil) {
		return Notification{}, false
	}
	if !NeedsStatus(n.Type) {
		status = nil
	}
	id := n.ID.String()
	return Notification{ID: id, Type: typ, GroupKey: "ungrouped-" + id, CreatedAt: n.CreatedAt.UTC(),
		Account: sender, Status: status}, true
}

// MemberAccount is a member's card (a notification's sender) as an
// Account, its avatar a signed link.
func (b Base) MemberAccount(ctx context.Context, media httpkit.MediaLinks, c domain.MemberCard) Account {
	return b.AuthorAccount(postwire.Author{ID: c.ID.String(), Handle: c.Handle, DisplayName: c.DisplayName,
		AvatarURL: media.URL(ctx, c.AvatarPath)})
}
