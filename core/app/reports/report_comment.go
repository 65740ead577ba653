package reports

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
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
	Comments CommentReader
	Reports  ReportFiler
	Clock    ports.Clock
}

// Handle checks the rules and files the report.
func (uc *ReportComment) Handle(ctx context.Context, viewer domain.Viewer, id domain.CommentID, why *string) (Filed, error) {
	if !viewer.SignedIn() {
		return Filed{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	c, err := uc.Comments.Comment(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !c.VisibleTo(viewer)) {
		return Filed{}, errs.NotFound(CodeCommentNotFound, MsgCommentNotFound)
	}
	if err != nil {
		return Filed{}, fmt.Errorf("read comment %s: %w", id, err)
	}
	if c.AuthorID == viewer.UserID {
		return Filed{}, errs.Forbidden(CodeOwnComment, MsgOwnComment)
	}
	r, err := reason(why)
	if err != nil {
		return Filed{}, err
	}
	return file(ctx, uc.Reports, uc.Clock, viewer, domain.ReportTargetComment, uuid.UUID(id), r)
}
