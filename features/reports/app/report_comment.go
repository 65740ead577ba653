package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// CommentReader reads the comment being reported, with its post's author
// and visibility.
type CommentReader interface {
	// Comment reads the comment as viewer sees it.
	Comment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error)
}

// ReportComment files the viewer's report of a comment they may read and
// did not write. Reporting again answers the first report.
type ReportComment struct {
	Filing
	Comments CommentReader
}

// Handle checks the rules and files the report.
func (uc *ReportComment) Handle(ctx context.Context, viewer domain.Viewer, id domain.CommentID, why *string) (Filed, error) {
	t := target{kind: domain.ReportTargetComment, id: uuid.UUID(id),
		notFound: errs.NotFound(CodeCommentNotFound, MsgCommentNotFound), own: errs.Forbidden(CodeOwnComment, MsgOwnComment)}
	return uc.file(ctx, viewer, t, func(ctx context.Context) (domain.UserID, bool, error) {
		c, err := uc.Comments.Comment(ctx, id, viewer.UserID)
		return c.AuthorID, c.VisibleTo(viewer), err
	}, why)
}
