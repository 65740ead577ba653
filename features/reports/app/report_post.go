package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// PostReader reads the post being reported.
type PostReader interface {
	// Post reads the post as viewer sees it (whether they follow its author).
	Post(ctx context.Context, id domain.PostID, viewer domain.UserID) (domain.Post, error)
}

// ReportPost files the viewer's report of a post they may read and did not
// write. Reporting again answers the first report.
type ReportPost struct {
	Filing
	Posts PostReader
}

// Handle checks the rules and files the report.
func (uc *ReportPost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, why *string) (Filed, error) {
	t := target{kind: domain.ReportTargetPost, id: uuid.UUID(id),
		notFound: errs.NotFound(CodePostNotFound, MsgPostNotFound), own: errs.Forbidden(CodeOwnPost, MsgOwnPost)}
	return uc.file(ctx, viewer, t, func(ctx context.Context) (domain.UserID, bool, error) {
		p, err := uc.Posts.Post(ctx, id, viewer.UserID)
		return p.AuthorID, p.VisibleTo(viewer), err
	}, why)
}
