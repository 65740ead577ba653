package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// commentsByID is an in-memory CommentReader.
type commentsByID map[domain.CommentID]domain.CommentItem

func (c commentsByID) Comment(_ context.Context, id domain.CommentID, _ domain.UserID) (domain.CommentItem, error) {
	return portstest.Lookup(c, id)
}

// A comment's own refusals (the rules every report shares are checked on
// the post report): a missing comment, one on a post the viewer may not
// read, and the viewer's own; a report of the comment is one of a comment.
func TestReportCommentRules(t *testing.T) {
	postAuthor, author, reader := domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	comment := func(vis domain.Visibility) domain.CommentItem {
		return domain.CommentItem{Comment: domain.Comment{ID: domain.NewCommentID(), AuthorID: author},
			PostAuthorID: postAuthor, PostVisibility: vis}
	}
	public, hidden := comment(domain.VisibilityPublic), comment(domain.VisibilityFriendsOnly)
	store := &filer{stored: map[string]domain.Report{}}
	uc := &ReportComment{Comments: commentsByID{public.ID: public, hidden.ID: hidden}, Reports: store,
		Clock: portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}}
	ctx := context.Background()

	for _, tc := range []struct {
		name   string
		viewer domain.UserID
		id     domain.CommentID
		kind   errs.Kind
		code   string
	}{
		{"missing comment", reader, domain.NewCommentID(), errs.KindNotFound, CodeCommentNotFound},
		{"on a post the viewer may not read", reader, hidden.ID, errs.KindNotFound, CodeCommentNotFound},
		{"own comment", author, public.ID, errs.KindForbidden, CodeOwnComment},
	} {
		_, err := uc.Handle(ctx, domain.Viewer{UserID: tc.viewer}, tc.id, nil)
		if e, ok := errs.As(err); !ok || e.Kind != tc.kind || e.Code != tc.code {
			t.Fatalf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}

	// The post's author may report a comment on their post.
	filed, err := uc.Handle(ctx, domain.Viewer{UserID: postAuthor}, public.ID, nil)
	if err != nil || !filed.Created || filed.Report.TargetType != domain.ReportTargetComment ||
		filed.Report.TargetID.String() != public.ID.String() || filed.Report.ReporterID != postAuthor {
		t.Fatalf("report: %+v %v", filed, err)
	}
}
