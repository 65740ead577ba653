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

// PostReader reads the post being reported.
type PostReader interface {
	// Post reads the post as viewer sees it (whether they follow its author).
	Post(ctx context.Context, id domain.PostID, viewer domain.UserID) (domain.Post, error)
}

// ReportPost files the viewer's report of a post they may read and did not
// write. Reporting again answers the first report.
type ReportPost struct {
	Posts   PostReader
	Reports ReportFiler
	Clock   ports.Clock
}

// Handle checks the rules and files the report.
func (uc *ReportPost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, why *string) (Filed, error) {
	if !viewer.SignedIn() {
		return Filed{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	p, err := uc.Posts.Post(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !p.VisibleTo(viewer)) {
		return Filed{}, errs.NotFound(CodePostNotFound, MsgPostNotFound)
	}
	if err != nil {
		return Filed{}, fmt.Errorf("read post %s: %w", id, err)
	}
	if p.AuthorID == viewer.UserID {
		return Filed{}, errs.Forbidden(CodeOwnPost, MsgOwnPost)
	}
	r, err := reason(why)
	if err != nil {
		return Filed{}, err
	}
	return file(ctx, uc.Reports, uc.Clock, viewer, domain.ReportTargetPost, uuid.UUID(id), r)
}
