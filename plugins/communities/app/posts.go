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

// Posts is what the community post use cases share. A community's posts
// are core posts written for the community as their audience
// (domain.VisibilityMembersOnly): the core stores, lists, edits, likes,
// comments, shares, translates, reports and deletes them, and asks
// Audience who may. This plugin answers with its own codes before handing
// over, and tells community:{id} of new posts.
type Posts struct {
	Store       CommunityStore
	Create      *posts.CreatePost
	CreateMedia *posts.CreateMediaPost
	List        *posts.ListAudiencePosts
	Get         *posts.GetPost
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// readable checks, outside any transaction, that viewer may read the
// community's posts: only its approved members (the owner included).
func (uc *Posts) readable(ctx context.Context, viewer domain.Viewer, id uuid.UUID) error {
	c, err := uc.Store.Get(ctx, id, viewer.UserID)
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

// created tells the community of a new post, after its commit, and reads
// it back as its author sees it.
func (uc *Posts) created(ctx context.Context, viewer domain.Viewer, id uuid.UUID, p domain.Post) (domain.FeedItem, error) {
	publish(ctx, uc.Broadcaster, uc.Log, Topic(id), EventPostCreated,
		map[string]string{"id": p.ID.String(), "author_id": p.AuthorID.String()}, p.AuthorID)
	return uc.Get.Handle(ctx, viewer, p.ID)
}

// AudienceOf is the audience a community's posts are written for: the
// community's own ID.
func AudienceOf(id uuid.UUID) domain.AudienceID { return domain.AudienceID(id) }
