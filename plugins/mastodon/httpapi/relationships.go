package httpapi

import (
	"context"
	"net/http"

	"social/core/domain"
	follows "social/features/follows/app"
	safety "social/features/safety/app"
)

// Relationship is Mastodon's Relationship: where the viewer stands with a
// member. Accounts are never locked (no requests), nobody is endorsed or
// notified of posts, and a mute always silences the member's
// notifications too.
type Relationship struct {
	ID                  string   `json:"id"`
	Following           bool     `json:"following"`
	ShowingReblogs      bool     `json:"showing_reblogs"`
	Notifying           bool     `json:"notifying"`
	Languages           []string `json:"languages"`
	FollowedBy          bool     `json:"followed_by"`
	Blocking            bool     `json:"blocking"`
	BlockedBy           bool     `json:"blocked_by"`
	Muting              bool     `json:"muting"`
	MutingNotifications bool     `json:"muting_notifications"`
	Requested           bool     `json:"requested"`
	RequestedBy         bool     `json:"requested_by"`
	DomainBlocking      bool     `json:"domain_blocking"`
	Endorsed            bool     `json:"endorsed"`
	Note                string   `json:"note"`
}

// NewRelationship is rel as Mastodon's Relationship.
func NewRelationship(rel follows.Relationship) Relationship {
	return Relationship{ID: rel.Member.String(), Following: rel.Following, ShowingReblogs: rel.Following,
		Languages: []string{}, FollowedBy: rel.FollowedBy, Blocking: rel.Blocking, BlockedBy: rel.BlockedBy,
		Muting: rel.Muting, MutingNotifications: rel.Muting}
}

// RelationshipEndpoints are following, blocking and muting members, the
// viewer's relationships and lists of them, and the lists this server
// never fills (requests, endorsements, featured tags).
func RelationshipEndpoints(d AccountDeps) []Endpoint {
	a := accounts{d}
	follow := domain.ScopeWriteFollows
	block, mute := domain.ScopeWriteBlocks, domain.ScopeWriteMutes
	none := func(r *Request) (any, error) { return []struct{}{}, nil }
	return append(domainBlockEndpoints(a), []Endpoint{
		{Method: http.MethodPost, Path: "/api/v1/accounts/{id}/follow", Scopes: follow, Handle: a.follow},
		{Method: http.MethodPost, Path: "/api/v1/accounts/{id}/unfollow", Scopes: follow, Handle: a.unfollow},
		{Method: http.MethodPost, Path: "/api/v1/accounts/{id}/block", Scopes: block, Handle: a.block},
		{Method: http.MethodPost, Path: "/api/v1/accounts/{id}/unblock", Scopes: block, Handle: a.unblock},
		{Method: http.MethodPost, Path: "/api/v1/accounts/{id}/mute", Scopes: mute, Handle: a.mute},
		{Method: http.MethodPost, Path: "/api/v1/accounts/{id}/unmute", Scopes: mute, Handle: a.unmute},
		{Method: http.MethodGet, Path: "/api/v1/accounts/relationships", Scopes: domain.ScopeReadFollows,
			Handle: a.relationships},
		{Method: http.MethodGet, Path: "/api/v1/blocks", Scopes: domain.ScopeReadBlocks, Handle: a.blocks},
		{Method: http.MethodGet, Path: "/api/v1/mutes", Scopes: domain.ScopeReadMutes, Handle: a.mutes},
		// Accounts are never locked: nobody asks to follow.
		{Method: http.MethodGet, Path: "/api/v1/follow_requests", Scopes: domain.ScopeReadFollows, Handle: none},
		{Method: http.MethodGet, Path: "/api/v1/accounts/familiar_followers", Scopes: domain.ScopeReadFollows,
			Handle: a.familiarFollowers},
		{Method: http.MethodGet, Path: "/api/v1/endorsements", Scopes: domain.ScopeReadAccounts, Handle: none},
		{Method: http.MethodGet, Path: "/api/v1/featured_tags", Scopes: domain.ScopeReadAccounts, Handle: none},
		{Method: http.MethodGet, Path: "/api/v1/accounts/{id}/featured_tags", Scopes: domain.ScopeReadAccounts,
			Anonymous: true, Handle: func(r *Request) (any, error) {
				if _, err := a.handleOf(r); err != nil {
					return nil, err
				}
				return []struct{}{}, nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/accounts/{id}/lists", Scopes: domain.ScopeReadLists,
			Handle: func(r *Request) (any, error) {
				if _, err := a.handleOf(r); err != nil {
					return nil, err
				}
				return []struct{}{}, nil
			}},
		{Method: http.MethodGet, Path: "/api/v2/suggestions", Scopes: domain.ScopeRead, Handle: none},
	}...)
}

// relationship answers the viewer's relationship with the member of id
// after a write.
func (a accounts) relationship(r *Request, id string) (any, error) {
	rels, err := a.Relationships.Handle(r.Context(), r.Viewer, []string{id})
	if err != nil {
		return nil, err
	}
	if len(rels) == 0 {
		return nil, errRecordNotFound()
	}
	return NewRelationship(rels[0]), nil
}

// write runs a follow, block or mute use case on the path's member and
// answers the relationship after it. reblogs, notify and languages (a
// follow's) and notifications and duration (a mute's) are accepted and
// not kept: see the README.
func (a accounts) write(r *Request, do func(handle string) error) (any, error) {
	h, err := a.handleOf(r)
	if err != nil {
		return nil, err
	}
	if err := do(h); err != nil {
		return nil, err
	}
	return a.relationship(r, r.PathValue("id"))
}

func (a accounts) follow(r *Request) (any, error) {
	for _, name := range []string{"reblogs", "notify"} {
		if _, err := r.Bool(name, false); err != nil {
			return nil, err
		}
	}
	return a.write(r, func(h string) error {
		_, err := a.Follows.Follow.Handle(r.Context(), r.Viewer, h)
		return err
	})
}

func (a accounts) unfollow(r *Request) (any, error) {
	return a.write(r, func(h string) error {
		_, err := a.Follows.Unfollow.Handle(r.Context(), r.Viewer, h)
		return err
	})
}

func (a accounts) block(r *Request) (any, error) {
	return a.write(r, func(h string) error {
		_, err := a.Safety.Block.Handle(r.Context(), r.Viewer, h)
		return err
	})
}

func (a accounts) unblock(r *Request) (any, error) {
	return a.write(r, func(h string) error {
		_, err := a.Safety.Unblock.Handle(r.Context(), r.Viewer, h)
		return err
	})
}

func (a accounts) mute(r *Request) (any, error) {
	if _, err := r.Bool("notifications", true); err != nil {
		return nil, err
	}
	if _, err := r.Int("duration", 0); err != nil {
		return nil, err
	}
	return a.write(r, func(h string) error {
		_, err := a.Safety.Mute.Handle(r.Context(), r.Viewer, h)
		return err
	})
}

func (a accounts) unmute(r *Request) (any, error) {
	return a.write(r, func(h string) error {
		_, err := a.Safety.Unmute.Handle(r.Context(), r.Viewer, h)
		return err
	})
}

// relationships are the viewer's relationships with id[] in one read;
// members who block the viewer and unknown IDs are left out.
func (a accounts) relationships(r *Request) (any, error) {
	rels, err := a.Relationships.Handle(r.Context(), r.Viewer, r.Strings("id"))
	if err != nil {
		return nil, err
	}
	out := make([]Relationship, len(rels))
	for i, rel := range rels {
		out[i] = NewRelationship(rel)
	}
	return out, nil
}

// familiarFollowers answers, for each id[], no account: working out whom
// the viewer follows among a member's followers is not offered by the
// core yet.
func (a accounts) familiarFollowers(r *Request) (any, error) {
	type familiar struct {
		ID       string    `json:"id"`
		Accounts []Account `json:"accounts"`
	}
	ids := r.Strings("id")
	out := make([]familiar, 0, len(ids))
	for _, id := range ids {
		out = append(out, familiar{ID: id, Accounts: []Account{}})
	}
	return out, nil
}

// blocks are the viewer's blocks, newest first, limit at a time.
func (a accounts) blocks(r *Request) (any, error) {
	return a.safetyList(r, a.Safety.ListBlocks.Handle)
}

// mutes are the viewer's mutes, newest first, limit at a time.
func (a accounts) mutes(r *Request) (any, error) {
	return a.safetyList(r, a.Safety.ListMutes.Handle)
}

func (a accounts) safetyList(r *Request, list func(context.Context, domain.Viewer, string, int) (safety.Page, error)) (any, error) {
	limit, err := r.accountsLimit()
	if err != nil {
		return nil, err
	}
	page, err := list(r.Context(), r.Viewer, r.String("max_id"), limit)
	if err != nil {
		return nil, err
	}
	out := make([]Account, len(page.Items))
	for i, it := range page.Items {
		out[i] = a.Base.ListedAccount(r.Context(), a.Links, it.ListedMember)
	}
	return r.cursorPaged(out, page.Next, "", limit), nil
}
