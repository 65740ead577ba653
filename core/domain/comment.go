package domain

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
)

// CommentID identifies a comment (UUIDv7, time-ordered).
type CommentID uuid.UUID

// NewCommentID makes a fresh time-ordered ID.
func NewCommentID() CommentID { return CommentID(uuid.Must(uuid.NewV7())) }

// ParseCommentID reads an ID from its text form.
func ParseCommentID(s string) (CommentID, error) { return parseID[CommentID]("comment", s) }

func (id CommentID) String() string { return uuid.UUID(id).String() }

// CommentMaxRunes is the longest comment text, in characters.
const CommentMaxRunes = 500

// Comment is one comment on a post.
type Comment struct {
	ID        CommentID
	PostID    PostID
	AuthorID  UserID
	Text      string
	CreatedAt time.Time
}

// CommentItem is a comment with its author's profile and the two facts of
// its post that decide who reads it and who deletes it.
type CommentItem struct {
	Comment
	Author         MemberCard
	PostAuthorID   UserID
	PostVisibility Visibility
	PostAudience   AudienceID
	// ViewerFollowsPostAuthor and ViewerInPostAudience are filled by reads
	// made for a viewer.
	ViewerFollowsPostAuthor bool
	ViewerInPostAudience    bool
}

// VisibleTo reports whether viewer may read the comment: whoever may read
// its post.
func (c CommentItem) VisibleTo(viewer Viewer) bool {
	return Post{AuthorID: c.PostAuthorID, Visibility: c.PostVisibility, Audience: c.PostAudience,
		ViewerFollowsAuthor: c.ViewerFollowsPostAuthor, ViewerInAudience: c.ViewerInPostAudience}.VisibleTo(viewer)
}

// DeletableBy reports whether viewer may delete the comment: its author, or
// the author of the post it is on (who moderates their own thread).
func (c CommentItem) DeletableBy(viewer Viewer) bool {
	return viewer.SignedIn() && (c.AuthorID == viewer.UserID || c.PostAuthorID == viewer.UserID)
}

// CommentTextProblem tells what is wrong with a comment text: "empty",
// "too_long", or "" when it is fine. The feature's catalogue turns it into
// its pt-BR message.
func CommentTextProblem(text string) string {
	if strings.TrimSpace(text) == "" {
		return "empty"
	}
	if utf8.RuneCountInString(text) > CommentMaxRunes {
		return "too_long"
	}
	return ""
}
