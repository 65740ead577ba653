package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
	"social/plugins/rooms/app"
)

type countOutput struct {
	Body struct {
		ParticipantCount int `json:"participant_count"`
	}
}

type participantsOutput struct {
	Body struct {
		Items []RoomParticipant `json:"items" doc:"Earliest first."`
	}
}

func registerPresence(api huma.API, uc UseCases, p present) {
	count := func(ctx context.Context, in *RoomPath, do func(context.Context, domain.Viewer, uuid.UUID) (int, error)) (*countOutput, error) {
		id, err := in.id()
		n := 0
		if err == nil {
			n, err = do(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &countOutput{}
		out.Body.ParticipantCount = n
		return out, nil
	}
	huma.Register(api, huma.Operation{
		OperationID: "rooms-join", Method: http.MethodPost, Path: "/{id}/join",
		Summary: "Join an active room (subscribing to room:{id} joins too); joining twice is harmless; a member the host removed comes back, a banned one is refused", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeBanned}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *RoomPath) (*countOutput, error) { return count(ctx, in, uc.Join.Handle) })
	huma.Register(api, huma.Operation{
		OperationID: "rooms-leave", Method: http.MethodPost, Path: "/{id}/leave",
		Summary: "Leave a room at once ('Sair')", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *RoomPath) (*countOutput, error) { return count(ctx, in, uc.Leave.Handle) })
	huma.Register(api, huma.Operation{
		OperationID: "rooms-participants", Method: http.MethodGet, Path: "/{id}/participants",
		Summary: "Who is in an active room (but members in a block relation with the viewer)", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeBanned}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *RoomPath) (*participantsOutput, error) {
		id, err := in.id()
		var list []app.Participant
		var room app.Room
		if err == nil {
			room, err = uc.Get.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err == nil {
			list, err = uc.Participants.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &participantsOutput{}
		out.Body.Items = make([]RoomParticipant, 0, len(list))
		for _, it := range list {
			out.Body.Items = append(out.Body.Items, RoomParticipant{UserID: it.UserID.String(), IsHost: it.UserID == room.HostID,
				JoinedAt: it.JoinedAt, Profile: p.profile(ctx, it.Profile)})
		}
		return out, nil
	})
}

// ParticipantPath names one participant of a room.
type ParticipantPath struct {
	RoomPath
	UserID string `path:"user_id" doc:"The participant's member ID."`
}

func (p ParticipantPath) ids() (uuid.UUID, domain.UserID, error) {
	id, err := p.id()
	if err != nil {
		return id, domain.UserID{}, err
	}
	user, err := uuid.Parse(p.UserID)
	if err != nil {
		return id, domain.UserID{}, errs.NotFound(app.CodeNotParticipant, app.MsgNotParticipant)
	}
	return id, domain.UserID(user), nil
}

func registerRemovals(api huma.API, uc UseCases) {
	remove := func(ctx context.Context, in *ParticipantPath, ban bool) (*countOutput, error) {
		id, user, err := in.ids()
		n := 0
		if err == nil {
			n, err = uc.Remove.Handle(ctx, domain.ViewerFrom(ctx), id, user, ban)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &countOutput{}
		out.Body.ParticipantCount = n
		return out, nil
	}
	refusals := httpkit.Refuses(httpkit.Refusals{403: {app.CodeHostOnly}, 404: {app.CodeNotFound, app.CodeNotParticipant},
		422: {app.CodeCannotRemoveHost}})
	huma.Register(api, huma.Operation{
		OperationID: "rooms-remove-participant", Method: http.MethodPost, Path: "/{id}/participants/{user_id}/remove",
		Summary: "The host removes a participant: they leave now (their subscription to room:{id} ends) and may join again", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: refusals,
	}, func(ctx context.Context, in *ParticipantPath) (*countOutput, error) { return remove(ctx, in, false) })
	huma.Register(api, huma.Operation{
		OperationID: "rooms-ban-participant", Method: http.MethodPost, Path: "/{id}/participants/{user_id}/ban",
		Summary: "The host bans a participant: they leave now and may not come back to this room", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: refusals,
	}, func(ctx context.Context, in *ParticipantPath) (*countOutput, error) { return remove(ctx, in, true) })
}
