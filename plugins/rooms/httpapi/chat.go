package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/kit/httpkit"
	"social/plugins/rooms/app"
)

type messagesOutput struct {
	Body struct {
		Items []app.EventMessage `json:"items" doc:"The latest 100, oldest first."`
	}
}

type sendInput struct {
	RoomPath
	Body struct {
		Text string `json:"text" required:"false" maxLength:"5000" doc:"Trimmed; 1 to 500 characters."`
	}
}

type messageOutput struct{ Body app.EventMessage }

func registerChat(api huma.API, uc UseCases, p present) {
	huma.Register(api, huma.Operation{
		OperationID: "rooms-messages", Method: http.MethodGet, Path: "/{id}/messages",
		Summary: "An active room's chat", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeBanned}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *RoomPath) (*messagesOutput, error) {
		id, err := in.id()
		var list []app.Message
		if err == nil {
			list, err = uc.Messages.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &messagesOutput{}
		out.Body.Items = make([]app.EventMessage, 0, len(list))
		for _, m := range list {
			out.Body.Items = append(out.Body.Items, p.message(ctx, m))
		}
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "rooms-send-message", Method: http.MethodPost, Path: "/{id}/messages", DefaultStatus: http.StatusCreated,
		Summary: "Send a chat message (participants and the host); the room gets room.message", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeParticipantsOnly, app.CodeBanned}, 404: {app.CodeNotFound}, 422: {app.CodeMessageEmpty, app.CodeMessageTooLong}}),
	}, func(ctx context.Context, in *sendInput) (*messageOutput, error) {
		id, err := in.id()
		var m app.Message
		if err == nil {
			m, err = uc.Send.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Text)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &messageOutput{Body: p.message(ctx, m)}, nil
	})
}
