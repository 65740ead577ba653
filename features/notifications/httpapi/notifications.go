package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	notifications "social/features/notifications/app"
	"social/kit/httpkit"
)

// Sender is who caused a notification; null for a notice from the
// service.
type Sender struct {
	_ struct{} `nullable:"true"`

	ID             string                `json:"id" format:"uuid"`
	DisplayName    string                `json:"display_name"`
	Handle         string                `json:"handle"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
}

// Notification is one row of the notifications screen.
type Notification struct {
	ID          string    `json:"id" format:"uuid"`
	RecipientID string    `json:"recipient_id" format:"uuid"`
	SenderID    *string   `json:"sender_id" format:"uuid" doc:"Who caused it; null for a notice from the service (type system)."`
	Type        string    `json:"type" enum:"like,comment,follow,mention,system"`
	Notice      *string   `json:"notice" enum:"export_ready,report_resolved,post_removed,new_sign_in" doc:"Which notice from the service (type system): the data export's archive is ready, a report you made was acted on, a moderator removed your post, a sign-in from a new device. Null for the other types."`
	Title       string    `json:"title" doc:"pt-BR title, rendered with the sender's current name (a notice's own title for system)."`
	Body        *string   `json:"body" doc:"pt-BR text of a notice from the service (what its push says); null for the other types."`
	Message     *string   `json:"message" doc:"Excerpt of the post or comment (at most 100 characters and '...'), or null. For system: the removed post's excerpt (post_removed) or the device signed in from (new_sign_in), else null."`
	PostID      *string   `json:"post_id" format:"uuid" doc:"The post it is about; null for follows and system."`
	IsRead      bool      `json:"is_read"`
	CreatedAt   time.Time `json:"created_at"`
	Sender      *Sender   `json:"sender" doc:"Null for a notice from the service (type system)."`
}

// Unread is the navigation badge's count.
type Unread struct {
	UnreadCount int `json:"unread_count"`
}

// signer presents answers with signed media links.
type signer struct{ media httpkit.MediaLinks }

func (s signer) notification(ctx context.Context, it notifications.Listed) Notification {
	out := Notification{ID: it.ID.String(), RecipientID: it.RecipientID.String(),
		Type: string(it.Type), Title: it.Title, Message: it.Message, IsRead: it.IsRead, CreatedAt: it.CreatedAt}
	if it.Type == domain.NotifySystem {
		notice, body := string(it.Notice), it.Body
		out.Notice, out.Body = &notice, &body
	} else {
		sender := it.SenderID.String()
		out.SenderID = &sender
		out.Sender = &Sender{ID: it.Sender.ID.String(), DisplayName: it.Sender.DisplayName, Handle: it.Sender.Handle,
			AvatarURL: s.media.URL(ctx, it.Sender.AvatarPath), AvatarVariants: s.media.PictureCopies(ctx, it.Sender.AvatarPath)}
	}
	if it.PostID != nil {
		p := it.PostID.String()
		out.PostID = &p
	}
	return out
}

type listOutput struct {
	Body struct {
		Items       []Notification `json:"items" doc:"The 50 newest, newest first."`
		UnreadCount int            `json:"unread_count"`
	}
}

func registerList(api huma.API, uc *notifications.ListNotifications, s signer) {
	huma.Register(api, huma.Operation{
		OperationID: "list-notifications", Method: http.MethodGet, Path: "/notifications/list",
		Summary: "The signed-in member's 50 newest notifications and unread count", Tags: []string{"notifications"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*listOutput, error) {
		page, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &listOutput{}
		out.Body.Items = make([]Notification, len(page.Items))
		for i, it := range page.Items {
			out.Body.Items[i] = s.notification(ctx, it)
		}
		out.Body.UnreadCount = page.Unread
		return out, nil
	})
}

func registerUnread(api huma.API, uc *notifications.CountUnread) {
	huma.Register(api, huma.Operation{
		OperationID: "count-unread-notifications", Method: http.MethodGet, Path: "/notifications/unread-count",
		Summary: "How many notifications the signed-in member has not read", Tags: []string{"notifications"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body Unread }, error) {
		n, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body Unread }{Body: Unread{UnreadCount: n}}, nil
	})
}

type notificationPath struct {
	ID string `path:"id" doc:"The notification's ID."`
}

func registerMarkRead(api huma.API, one *notifications.MarkRead, all *notifications.MarkAllRead) {
	huma.Register(api, huma.Operation{
		OperationID: "mark-notification-read", Method: http.MethodPost, Path: "/notifications/{id}/read",
		Summary: "Mark one notification read (idempotent)", Tags: []string{"notifications"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {notifications.CodeNotFound}}),
	}, func(ctx context.Context, in *notificationPath) (*struct{ Body Unread }, error) {
		id, err := domain.ParseNotificationID(in.ID)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, errs.NotFound(notifications.CodeNotFound, notifications.MsgNotFound))
		}
		n, err := one.Handle(ctx, domain.ViewerFrom(ctx), id)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body Unread }{Body: Unread{UnreadCount: n}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "mark-all-notifications-read", Method: http.MethodPost, Path: "/notifications/read-all",
		Summary: "Mark every notification of the signed-in member read", Tags: []string{"notifications"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body Unread }, error) {
		n, err := all.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body Unread }{Body: Unread{UnreadCount: n}}, nil
	})
}
