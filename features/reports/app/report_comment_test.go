package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

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
	store := newFiler()
	uc := &ReportComment{
		Filing:   Filing{Reports: store, Clock: portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}},
		Comments: commentsByID{public.ID: public, hidden.ID: hidden},
	}
	checkRefusals(t, uc.Handle, store, []refusal[domain.CommentID]{
		{"missing comment", reader, domain.NewCommentID(), nil, CodeCommentNotFound},
		{"on a post the viewer may not read", reader, hidden.ID, nil, CodeCommentNotFound},
		{"own comment", author, public.ID, nil, CodeOwnComment},
	})

	// The post's author may report a comment on their post.
	filed, err := uc.Handle(context.Background(), domain.Viewer{UserID: postAuthor}, public.ID, nil)
	if err != nil || !filed.Created || filed.Report.TargetType != domain.ReportTargetComment ||
		filed.Report.TargetID.String() != public.ID.String() || filed.Report.ReporterID != postAuthor {
		t.Fatalf("report: %+v %v", filed, err)
	}
}
