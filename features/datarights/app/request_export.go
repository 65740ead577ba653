package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// RequestExport queues an export of the viewer's data. One runs at a time
// per member, and a member asks at most once per Settings.ExportEvery
// (an export that failed does not count).
type RequestExport struct {
	Tx       ports.Transactor
	Exports  ExportStore
	Queue    ExportQueue
	Clock    ports.Clock
	Settings Settings
}

// Handle answers the queued export.
func (uc *RequestExport) Handle(ctx context.Context, viewer domain.Viewer) (Export, error) {
	if !viewer.SignedIn() {
		return Export{}, errs.Unauthenticated(CodeUnauthenticated, MsgSignInFirst)
	}
	now := uc.Clock.Now()
	id, err := uuid.NewV7()
	if err != nil {
		return Export{}, fmt.Errorf("export id: %w", err)
	}
	e := Export{ID: id, MemberID: viewer.UserID, Status: ExportQueued, RequestedAt: now}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		latest, next, err := uc.Settings.exportStanding(ctx, uc.Exports, viewer.UserID, now)
		if err != nil {
			return err
		}
		if latest != nil && latest.Status.Running() {
			return ErrExportRunning
		}
		if next != nil {
			return errs.RateLimited(CodeExportRateLimited, MsgTooManyExports,
				fmt.Sprintf(MsgExportWait, humanDuration(uc.Settings.ExportEvery)), next.Sub(now))
		}
		if err := uc.Exports.Create(ctx, e); err != nil {
			return err
		}
		return uc.Queue.EnqueueExport(ctx, id)
	})
	if errors.Is(err, ErrExportRunning) {
		return Export{}, errs.Conflict(CodeExportRunning, MsgExportRunning)
	}
	if _, ok := errs.As(err); ok {
		return Export{}, err
	}
	if err != nil {
		return Export{}, fmt.Errorf("request export of %s: %w", viewer.UserID, err)
	}
	return e, nil
}
