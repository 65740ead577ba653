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

type conversationListInput struct {
	Q      string `query:"q" maxLength:"200" doc:"Keeps conversations whose other participant's handle or name contains it, case and accents ignored."`
	Cursor string `query:"cursor" maxLength:"200" doc:"next_cursor of the previous page."`
}

type conversationListOutput struct {
	Body struct {
		Items      []Conversation `json:"items" doc:"Conversations with at least one message, latest message first; 50 a page."`
		NextCursor string         `json:"next_cursor,omitempty" doc:"Absent on the last page."`
	}
}

type conversationStartInput struct {
	Body struct {
		Handle string `json:"handle" maxLength:"100" doc:"The other member's handle (an @ before it is ignored)."`
	}
}

type dmConversationOutput struct {
	Status int
	Body   Conversation
}

func registerConversations(api huma.API, uc UseCases, p present) {
	huma.Register(api, huma.Operation{
		OperationID: "messages-list-conversations", Method: http.MethodGet, Path: "/conversations",
		Summary: "The viewer's conversations", Tags: []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{422: {app.CodeInvalid}}),
	}, func(ctx context.Context, in *conversationListInput) (*conversationListOutput, error) {
		page, err := uc.List.Handle(ctx, domain.ViewerFrom(ctx), in.Q, in.Cursor)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &conversationListOutput{}
		out.Body.Items = make([]Conversation, 0, len(page.Items))
		for _, c := range page.Items {
			out.Body.Items = append(out.Body.Items, p.conversation(ctx, c))
		}
		out.Body.NextCursor = page.Next
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "messages-start-conversation", Method: http.MethodPost, Path: "/conversations",
		Summary:     "Open the conversation with a member (201 when made now, 200 when it existed)",
		Description: "One conversation per pair: racing starts answer the same one. Refused for oneself (422 cannot_message_self) and, for a new conversation, when the member takes messages only from members they follow (403 messages_restricted) or a block keeps the two apart (403 member_blocked; a member blocked by the other cannot reopen their old conversation either), and when the member's account is suspended (403 recipient_suspended) or deleted (403 recipient_deleted).",
		Tags:        []string{"messages"}, DefaultStatus: http.StatusCreated,
		Responses: map[string]*huma.Response{"200": {Description: "The conversation existed already.",
			Content: map[string]*huma.MediaType{"application/json": {
				Schema: &huma.Schema{Ref: "#/components/schemas/Conversation"}}}}},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeRestricted, safety.CodeBlocked, app.CodeSuspended, app.CodeDeleted}, 404: {app.CodeProfileNotFound}, 422: {app.CodeSelf}}),
	}, func(ctx context.Context, in *conversationStartInput) (*dmConversationOutput, error) {
		c, made, err := uc.Start.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &dmConversationOutput{Status: http.StatusOK, Body: p.conversation(ctx, c)}
		if made {
			out.Status = http.StatusCreated
		}
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "messages-get-conversation", Method: http.MethodGet, Path: "/conversations/{id}",
		Summary: "One of the viewer's conversations (anyone else's is 404)", Tags: []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *ConversationPath) (*dmConversationOutput, error) {
		id, err := in.id()
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, unauthenticatedFirst(ctx, err))
		}
		c, err := uc.Get.Handle(ctx, domain.ViewerFrom(ctx), id)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &dmConversationOutput{Status: http.StatusOK, Body: p.conversation(ctx, c)}, nil
	})
}
