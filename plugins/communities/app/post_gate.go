package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
)

// PostGate answers the core's posts routes for a community named as the
// audience (create-post, create-media-post, list-feed with audience_id):
// an unknown community is 404 community_not_found, anyone but an approved
// member 403 community_members_only, before the core looks at the form;
// and a new post is told to community:{id} after its commit.
type PostGate struct {
	Store       CommunityStore
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

var _ posts.AudienceGate = (*PostGate)(nil)

// Refusal is nil when member is an approved member of the community (its
// owner included).
func (g *PostGate) Refusal(ctx context.Context, audience domain.AudienceID, member domain.UserID) error {
	id := uuid.UUID(audience)
	c, err := g.Store.Get(ctx, id, member)
	if errors.Is(err, domain.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return fmt.Errorf("read community %s: %w", id, err)
	}
	if !c.Membership.Approved() {
		return membersOnly()
	}
	return nil
}

// Posted publishes community_post.created {id, author_id} on the
// community's topic.
func (g *PostGate) Posted(ctx context.Context, p domain.Post) {
	publish(ctx, g.Broadcaster, g.Log, Topic(uuid.UUID(p.Audience)), EventPostCreated,
		map[string]string{"id": p.ID.String(), "author_id": p.AuthorID.String()}, p.AuthorID)
}

// Refusals are Refusal's codes by HTTP status.
func (g *PostGate) Refusals() map[int][]string {
	return map[int][]string{403: {CodeMembersOnly}, 404: {CodeNotFound}}
}
