package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/kit/httpkit"
	"social/plugins/messages/app"
)

type messagePageInput struct {
	ConversationPath
	Cursor string `query:"cursor" maxLength:"200" doc:"next_cursor of the previous page (older messages)."`
}

type messagePageOutput struct {
	Body struct {
		Items      []app.DirectMessage `json:"items" doc:"Newest first; 50 a page."`
		NextCursor string              `json:"next_cursor,omitempty" doc:"Absent on the page with the first message."`
	}
}

type directMessageInput struct {
	ConversationPath
	Body struct {
		Text string `json:"text" required:"false" maxLength:"10000" doc:"Trimmed; 1 to 1000 characters."`
	}
}

type dmMessageOutput struct{ Body app.DirectMessage }

type conversationReadOutput struct {
	Body struct {
		LastRead    *ReadMarker `json:"last_read" doc:"The viewer's marker (null in a conversation without messages)."`
		UnreadCount int         `json:"unread_count" doc:"The viewer's unread messages over every conversation."`
	}
}

type messagesUnreadOutput struct {
	Body struct {
		UnreadCount int `json:"unread_count" doc:"The viewer's unread messages over every conversation."`
	}
}

func registerMessages(api huma.API, uc UseCases) {
	huma.Register(api, huma.Operation{
		OperationID: "messages-list-messages", Method: http.MethodGet, Path: "/conversations/{id}/messages",
		Summary: "A conversation's messages, newest first", Tags: []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound}, 422: {app.CodeInvalid}}),
	}, func(ctx context.Context, in *messagePageInput) (*messagePageOutput, error) {
		id, err := in.id()
		var page app.Page
		if err == nil {
			page, err = uc.Messages.Handle(ctx, domain.ViewerFrom(ctx), id, in.Cursor)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, unauthenticatedFirst(ctx, err))
		}
		out := &messagePageOutput{}
		out.Body.Items = make([]app.DirectMessage, 0, len(page.Items))
		for _, m := range page.Items {
			out.Body.Items = append(out.Body.Items, app.EventMessageOf(m))
		}
		out.Body.NextCursor = page.Next
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "messages-send", Method: http.MethodPost, Path: "/conversations/{id}/messages", DefaultStatus: http.StatusCreated,
		Summary:     "Send a message; both participants get message.created",
		Description: "30 a minute per member (429 rate_limited). Refused with 403 messages_restricted when the other participant takes messages only from members they follow and does not follow the sender, with 403 member_blocked across a block, and with 403 recipient_suspended or recipient_deleted when the other participant's account is suspended or deleted.",
		Tags:        []string{"messages"},
		Security:    httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeRestricted, safety.CodeBlocked, app.CodeSuspended, app.CodeDeleted}, 404: {app.CodeNotFound}, 422: {app.CodeEmpty, app.CodeTooLong}, 429: {app.CodeRateLimited}}),
	}, func(ctx context.Context, in *directMessageInput) (*dmMessageOutput, error) {
		id, err := in.id()
		var m app.Message
		if err == nil {
			m, err = uc.Send.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Text)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, unauthenticatedFirst(ctx, err))
		}
		return &dmMessageOutput{Body: app.EventMessageOf(m)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "messages-mark-read", Method: http.MethodPost, Path: "/conversations/{id}/read",
		Summary:  "Mark a conversation read up to its newest message; both participants get conversation.read",
		Tags:     []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *ConversationPath) (*conversationReadOutput, error) {
		id, err := in.id()
		var r app.Read
		if err == nil {
			r, err = uc.Read.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, unauthenticatedFirst(ctx, err))
		}
		out := &conversationReadOutput{}
		out.Body.LastRead, out.Body.UnreadCount = readMarker(r.Marker), r.UnreadCount
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "messages-unread-count", Method: http.MethodGet, Path: "/unread-count",
		Summary: "The viewer's unread messages (the navigation badge)", Tags: []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*messagesUnreadOutput, error) {
		n, err := uc.Unread.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &messagesUnreadOutput{}
		out.Body.UnreadCount = n
		return out, nil
	})
}
