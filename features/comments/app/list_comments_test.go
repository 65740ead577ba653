package app

import (
	"testing"
	"time"

	"social/core/domain"
)

func TestCursorRoundTrip(t *testing.T) {
	c := Cursor{CreatedAt: time.Date(2026, 11, 26, 10, 0, 0, 123456000, time.UTC), ID: domain.NewCommentID()}
	got, ok := decodeCursor(encodeCursor(c))
	if !ok || !got.CreatedAt.Equal(c.CreatedAt) || got.ID != c.ID {
		t.Fatalf("round trip: %+v %v, want %+v", got, ok, c)
	}
	for _, bad := range []string{"lixo!", "", encodeCursor(c)[:5], "MTIzfG5hbw"} {
		if _, ok := decodeCursor(bad); ok {
			t.Fatalf("decoded %q", bad)
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
