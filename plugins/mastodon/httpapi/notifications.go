package httpapi

import (
	"context"
	"errors"
	"net/http"

	"social/core/domain"
	"social/core/errs"
	notifications "social/features/notifications/app"
)

// notificationsPage is Mastodon's default and largest notifications page.
const (
	notificationsPage    = 40
	notificationsPageMax = 80
)

// NotificationEndpoints are /api/v1/notifications: the member's list
// (the notifications feature's, with its rules), paged and filtered by
// type and sender; one notification; dismissing one or all (a deletion,
// as in Mastodon); and the unread count.
func NotificationEndpoints(statuses Statuses, uc notifications.UseCases) []Endpoint {
	n := notificationReader{statuses: statuses}
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/notifications", Scopes: domain.ScopeReadNotifications,
			Handle: func(r *Request) (any, error) {
				page, err := r.PageQuery(notificationsPage, notificationsPageMax)
				if err != nil {
					return nil, err
				}
				q := notifications.PageQuery{MaxID: page.MaxID, SinceID: page.SinceID, MinID: page.MinID, Limit: page.Limit,
					Types: ourTypes(r.Strings("types")), Exclude: ourTypes(r.Strings("exclude_types"))}
				// The service's notices have no Mastodon counterpart that
				// apps show without more entities (a moderation_warning
				// needs an AccountWarning): left out of the page itself, so
				// a page is never padded with rows that vanish.
				q.Exclude = append(q.Exclude, domain.NotifySystem)
				if len(r.Strings("types")) > 0 && len(q.Types) == 0 {
					// Only types this network never sends: none.
					return r.Paged([]Notification{}, "", ""), nil
				}
				if acct := r.String("account_id"); acct != "" {
					id, err := domain.ParseUserID(acct)
					if err != nil {
						return r.Paged([]Notification{}, "", ""), nil
					}
					q.Sender = &id
				}
				list, err := uc.Page.Handle(r.Context(), r.Viewer, q)
				if err != nil {
					return nil, err
				}
				out := make([]Notification, 0, len(list))
				for _, it := range list {
					m, ok, err := n.entity(r, it)
					if err != nil {
						return nil, err
					}
					if ok {
						out = append(out, m)
					}
				}
				// The links follow the page read, shown or not.
				if len(list) == 0 {
					return r.Paged(out, "", ""), nil
				}
				return r.Paged(out, list[0].ID.String(), list[len(list)-1].ID.String()), nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/notifications/unread_count", Scopes: domain.ScopeReadNotifications,
			Handle: func(r *Request) (any, error) {
				c, err := uc.Unread.Handle(r.Context(), r.Viewer)
				if err != nil {
					return nil, err
				}
				return map[string]int{"count": c}, nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/notifications/{id}", Scopes: domain.ScopeReadNotifications,
			Handle: func(r *Request) (any, error) {
				id, err := notificationID(r)
				if err != nil {
					return nil, err
				}
				it, err := uc.Get.Handle(r.Context(), r.Viewer, id)
				if err != nil {
					return nil, err
				}
				m, ok, err := n.entity(r, it)
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, errs.NotFound(CodeRecordNotFound, MsgRecordNotFound)
				}
				return m, nil
			}},
		{Method: http.MethodPost, Path: "/api/v1/notifications/{id}/dismiss", Scopes: domain.ScopeWriteNotifications,
			Handle: func(r *Request) (any, error) {
				id, err := notificationID(r)
				if err != nil {
					return nil, err
				}
				if _, err := uc.Dismiss.Handle(r.Context(), r.Viewer, id); err != nil {
					return nil, err
				}
				return struct{}{}, nil
			}},
		{Method: http.MethodPost, Path: "/api/v1/notifications/clear", Scopes: domain.ScopeWriteNotifications,
			Handle: func(r *Request) (any, error) {
				if err := uc.Clear.Handle(r.Context(), r.Viewer); err != nil {
					return nil, err
				}
				return struct{}{}, nil
			}},
	}
}

// notificationID reads the path's ID; one that is not ours is not found.
func notificationID(r *Request) (domain.NotificationID, error) {
	id, err := domain.ParseNotificationID(r.PathValue("id"))
	if err != nil {
		return id, errs.NotFound(CodeRecordNotFound, MsgRecordNotFound)
	}
	return id, nil
}

// ourTypes are our types for Mastodon's names; names we never send are
// left out.
func ourTypes(names []string) []domain.NotificationType {
	var out []domain.NotificationType
	for _, n := range names {
		out = append(out, NotificationTypes(n)...)
	}
	return out
}

type notificationReader struct {
	statuses Statuses
}

// entity is a listed notification as Mastodon's, its post read for the
// viewer (so that a post they may no longer read leaves the notification
// out). A comment's status is the comment as a reply to its post, with
// the text the notification keeps (its first 100 characters).
func (n notificationReader) entity(r *Request, it notifications.Listed) (Notification, bool, error) {
	return n.entityFor(r.Context(), r.Viewer, it)
}

// entityFor is entity for viewer, outside a request (the streaming API).
func (n notificationReader) entityFor(ctx context.Context, viewer domain.Viewer, it notifications.Listed) (Notification, bool, error) {
	s := n.statuses
	sender := s.Base.MemberAccount(ctx, s.Media, it.Sender)
	var status *Status
	if NeedsStatus(it.Type) && it.PostID != nil {
		post, err := s.Posts.Get.Handle(ctx, viewer, *it.PostID)
		if err != nil {
			// A refusal (a post gone or no longer readable) leaves the
			// notification out; an outage is an error.
			var refused *errs.Error
			if errors.As(err, &refused) {
				return Notification{}, false, nil
			}
			return Notification{}, false, err
		}
		one, err := s.FromPosts(ctx, []domain.FeedItem{post})
		if err != nil {
			return Notification{}, false, err
		}
		if it.Type == domain.NotifyComment && it.CommentID != nil {
			one[0] = s.Base.commentStatus(one[0], it, sender)
			if err := s.mention(ctx, one, []string{deref(it.Message)}); err != nil {
				return Notification{}, false, err
			}
		}
		status = &one[0]
	}
	m, ok := s.Base.Notification(it.NotificationItem, sender, status)
	return m, ok, nil
}

// commentStatus is a comment on post as a status: a reply by sender.
func (b Base) commentStatus(post Status, it notifications.Listed, sender Account) Status {
	text := ""
	if it.Message != nil {
		text = *it.Message
	}
	id := it.CommentID.String()
	return Status{ID: id, URI: post.URI, URL: post.URL, CreatedAt: it.CreatedAt.UTC(), Account: sender,
		Content: b.Content(text), Visibility: post.Visibility, MediaAttachments: []MediaAttachment{},
		Mentions: []Mention{}, Tags: b.tags(text), Emojis: []CustomEmoji{}, InReplyToID: ptr(post.ID),
		InReplyToAccountID: ptr(post.Account.ID), Language: ptr(memberLanguage), Filtered: []struct{}{}}
}

// StreamedNotifications renders the streaming API's notifications: one of
// the viewer's, as their list shows it (GetNotification), as Mastodon's
// entity.
func StreamedNotifications(statuses Statuses, uc notifications.UseCases) Notifications {
	n := notificationReader{statuses: statuses}
	return func(ctx context.Context, viewer domain.Viewer, id string) (any, bool) {
		nid, err := domain.ParseNotificationID(id)
		if err != nil {
			return nil, false
		}
		it, err := uc.Get.Handle(ctx, viewer, nid)
		if err != nil {
			return nil, false
		}
		m, ok, err := n.entityFor(ctx, viewer, it)
		if err != nil || !ok {
			return nil, false
		}
		return m, true
	}
}
