package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
)

// A malformed cursor, or one of another list, is refused with the list's
// invalid code before anything is read.
func TestListRefusesAnotherListsCursor(t *testing.T) {
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	follows := domain.ListCursor[domain.FollowID]{At: time.Now(), ID: domain.NewFollowID()}.Encode(domain.FollowsCursor)
	for _, bad := range []string{follows, "lixo!", "MTIzfG5hbw"} {
		_, err := (&ListComments{Posts: postsByID{}}).Handle(context.Background(), viewer, domain.NewPostID(), bad)
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.KindInvalid || e.Code != CodeInvalid {
			t.Fatalf("cursor %q: %v", bad, err)
		}
	}
}

func TestWhoReadsAndDeletes(t *testing.T) {
	author, postAuthor, other := domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	c := domain.CommentItem{Comment: domain.Comment{AuthorID: author}, PostAuthorID: postAuthor,
		PostVisibility: domain.VisibilityPublic}
	for _, tc := range []struct {
		who  domain.UserID
		want bool
	}{{author, true}, {postAuthor, true}, {other, false}, {domain.UserID{}, false}} {
		if got := c.DeletableBy(domain.Viewer{UserID: tc.who}); got != tc.want {
			t.Fatalf("DeletableBy(%s) = %v", tc.who, got)
		}
	}
	c.PostVisibility = domain.VisibilityFriendsOnly
	if c.VisibleTo(domain.Viewer{UserID: other}) || !c.VisibleTo(domain.Viewer{UserID: postAuthor}) {
		t.Fatal("a friends_only post's thread is its author's only")
	}
	if domain.CommentTextProblem(" \n") != "empty" || domain.CommentTextProblem(string(make([]rune, 501))) == "" ||
		domain.CommentTextProblem("oi") != "" {
		t.Fatal("text rules")
	}
}
