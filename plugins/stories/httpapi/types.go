// Package httpapi serves the stories plugin under /api/v1/stories (handlers
// only translate: every rule is in app).
package httpapi

import (
	"context"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
	"social/plugins/stories/app"
)

// StoryProfile is a member's profile as stories show it.
type StoryProfile struct {
	ID             string                `json:"id" format:"uuid"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url"`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
}

// Story is one story as the viewer sees it.
type Story struct {
	ID        string       `json:"id" format:"uuid"`
	AuthorID  string       `json:"author_id" format:"uuid"`
	Author    StoryProfile `json:"author"`
	Text      string       `json:"text"`
	ViewCount *int         `json:"view_count" doc:"How many members opened it: for its author only, null for everyone else."`
	Viewed    bool         `json:"viewed" doc:"Whether the viewer has opened it (always true for the author)."`
	CreatedAt time.Time    `json:"created_at"`
	ExpiresAt time.Time    `json:"expires_at" doc:"24 hours after created_at; it is gone from then on."`
}

// StoryViewer is one member who opened a story.
type StoryViewer struct {
	Profile  StoryProfile `json:"profile"`
	ViewedAt time.Time    `json:"viewed_at"`
}

// present turns use case results into answers with signed links.
type present struct{ media httpkit.MediaLinks }

func (p present) profile(ctx context.Context, pr domain.MemberCard) StoryProfile {
	return StoryProfile{ID: pr.ID.String(), Handle: pr.Handle, DisplayName: pr.DisplayName,
		AvatarURL: p.media.URL(ctx, pr.AvatarPath), AvatarVariants: p.media.PictureCopies(ctx, pr.AvatarPath)}
}

func (p present) story(ctx context.Context, s app.Story) Story {
	return Story{ID: s.ID.String(), AuthorID: s.AuthorID.String(), Author: p.profile(ctx, s.Author), Text: s.Text,
		ViewCount: s.ViewCount, Viewed: s.Viewed, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt}
}

// StoryPath is the {id} of a story route; a malformed ID is not found.
type StoryPath struct {
	ID string `path:"id" doc:"The story's ID."`
}

func (p StoryPath) id() (uuid.UUID, error) {
	id, err := uuid.Parse(p.ID)
	if err != nil {
		return uuid.UUID{}, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
	}
	return id, nil
}
