package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/kit/httpkit"
	"social/plugins/communities/app"
)

// CommunityJoinState is the viewer's membership after joining, and member_count.
type CommunityJoinState struct {
	Membership  CommunityMembership `json:"membership"`
	MemberCount int                 `json:"member_count"`
}

// CommunityCountState is member_count after leaving.
type CommunityCountState struct {
	MemberCount int `json:"member_count"`
}

type communityMembersInput struct {
	CommunityPath
	Status string `query:"status" enum:"approved,pending" doc:"Default approved (for approved members); pending for the owner and admins."`
}

type communityMembersOutput struct {
	Body struct {
		Items []CommunityMember `json:"items" doc:"Oldest joined_at first."`
	}
}

type communityRoleInput struct {
	MemberPath
	Body struct {
		Role string `json:"role" enum:"admin,member"`
	}
}

type communityMemberOutput struct{ Body CommunityMember }

func registerMembers(api huma.API, uc UseCases, p present) {
	tags := []string{"communities"}
	huma.Register(api, huma.Operation{
		OperationID: "communities-join", Method: http.MethodPost, Path: "/{id}/join",
		Summary: "Join (open) or ask to join (closed); idempotent", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *CommunityPath) (*struct{ Body CommunityJoinState }, error) {
		id, err := in.id()
		var j app.Joined
		if err == nil {
			j, err = uc.Join.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body CommunityJoinState }{Body: CommunityJoinState{Membership: *membership(j.Membership), MemberCount: j.MemberCount}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-leave", Method: http.MethodDelete, Path: "/{id}/membership",
		Summary: "Leave, or cancel a request to join (not the owner)", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {app.CodeNotFound, app.CodeMemberNotFound}, 422: {app.CodeOwnerCannotLeave}}),
	}, func(ctx context.Context, in *CommunityPath) (*struct{ Body CommunityCountState }, error) {
		id, err := in.id()
		n := 0
		if err == nil {
			n, err = uc.Leave.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body CommunityCountState }{Body: CommunityCountState{MemberCount: n}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-list-members", Method: http.MethodGet, Path: "/{id}/members",
		Summary: "Approved members, or pending requests", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly, app.CodeNotOwner}, 404: {app.CodeNotFound}, 422: {app.CodeInvalid}}),
	}, func(ctx context.Context, in *communityMembersInput) (*communityMembersOutput, error) {
		id, err := in.id()
		var list []app.Member
		if err == nil {
			list, err = uc.Members.Handle(ctx, domain.ViewerFrom(ctx), id, app.Status(in.Status))
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &communityMembersOutput{}
		out.Body.Items = make([]CommunityMember, 0, len(list))
		for _, m := range list {
			out.Body.Items = append(out.Body.Items, p.member(ctx, m))
		}
		return out, nil
	})
	registerDecision(api, "communities-approve-member", "/{id}/members/{memberId}/approve",
		"Approve a request to join (owner or admin)", uc.Decide.Approve, p)
	registerDecision(api, "communities-reject-member", "/{id}/members/{memberId}/reject",
		"Reject a request to join (owner or admin)", uc.Decide.Reject, p)
	huma.Register(api, huma.Operation{
		OperationID: "communities-set-member-role", Method: http.MethodPatch, Path: "/{id}/members/{memberId}",
		Summary: "Make an approved member admin or member (owner only)", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly, app.CodeNotOwner}, 404: {app.CodeNotFound, app.CodeMemberNotFound}, 422: {app.CodeInvalid, app.CodeOwnerRow, app.CodeNotApproved}}),
	}, func(ctx context.Context, in *communityRoleInput) (*communityMemberOutput, error) {
		id, mid, err := in.ids()
		var m app.Member
		if err == nil {
			m, err = uc.Manage.SetRole(ctx, domain.ViewerFrom(ctx), id, mid, app.Role(in.Body.Role))
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &communityMemberOutput{Body: p.member(ctx, m)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-remove-member", Method: http.MethodDelete, Path: "/{id}/members/{memberId}",
		DefaultStatus: http.StatusNoContent,
		Summary:       "Remove a member or a request (owner only)", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly, app.CodeNotOwner}, 404: {app.CodeNotFound, app.CodeMemberNotFound}, 422: {app.CodeInvalid, app.CodeOwnerRow, app.CodeNotApproved}}),
	}, func(ctx context.Context, in *MemberPath) (*struct{}, error) {
		id, mid, err := in.ids()
		if err == nil {
			err = uc.Manage.Remove(ctx, domain.ViewerFrom(ctx), id, mid)
		}
		return httpkit.NoContent(ctx, err)
	})
}

type decision func(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID) (app.Member, error)

func registerDecision(api huma.API, opID, path, summary string, fn decision, p present) {
	huma.Register(api, huma.Operation{
		OperationID: opID, Method: http.MethodPost, Path: path,
		Summary: summary, Tags: []string{"communities"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly, app.CodeNotOwner}, 404: {app.CodeNotFound, app.CodeMemberNotFound}, 422: {app.CodeNotPending}}),
	}, func(ctx context.Context, in *MemberPath) (*communityMemberOutput, error) {
		id, mid, err := in.ids()
		var m app.Member
		if err == nil {
			m, err = fn(ctx, domain.ViewerFrom(ctx), id, mid)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &communityMemberOutput{Body: p.member(ctx, m)}, nil
	})
}
