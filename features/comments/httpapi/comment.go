package httpapi

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/errs"
	comments "social/features/comments/app"
	"social/kit/httpkit"
)

// CommentAuthor is the part of the commenter's profile shown with a comment.
type CommentAuthor struct {
	ID             string                `json:"id" format:"uuid"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
}

// Comment is one comment as the viewer sees it.
type Comment struct {
	ID          string        `json:"id" format:"uuid"`
	PostID      string        `json:"post_id" format:"uuid"`
	TextContent string        `json:"text_content"`
	CreatedAt   time.Time     `json:"created_at"`
	Author      CommentAuthor `json:"author"`
	CanDelete   bool          `json:"can_delete" doc:"The viewer wrote the comment or the post it is on."`
}

// links presents answers with signed media links.
type links struct{ media httpkit.MediaLinks }

func (l links) url(ctx context.Context, key *string) *string { return l.media.URL(ctx, key) }

func (l links) comment(ctx context.Context, viewer domain.Viewer, c domain.CommentItem) Comment {
	return Comment{ID: c.ID.String(), PostID: c.PostID.String(), TextContent: c.Text, CreatedAt: c.CreatedAt,
		Author: CommentAuthor{ID: c.Author.ID.String(), Handle: c.Author.Handle, DisplayName: c.Author.DisplayName,
			AvatarURL: l.url(ctx, c.Author.AvatarPath), AvatarVariants: l.media.PictureCopies(ctx, c.Author.AvatarPath)},
		CanDelete: c.DeletableBy(viewer)}
}

// postID reads the {id} of a post's thread; a malformed ID is not found.
func postID(s string) (domain.PostID, error) {
	id, err := domain.ParsePostID(s)
	if err != nil {
		return domain.PostID{}, errs.NotFound(comments.CodePostNotFound, comments.MsgPostNotFound)
	}
	return id, nil
}

// commentPath is the {id} of a comment route; a malformed ID is not found.
type commentPath struct {
	ID string `path:"id" doc:"The comment's ID."`
}

func (p commentPath) id() (domain.CommentID, error) {
	id, err := domain.ParseCommentID(p.ID)
	if err != nil {
		return domain.CommentID{}, errs.NotFound(comments.CodeNotFound, comments.MsgNotFound)
	}
	return id, nil
}
