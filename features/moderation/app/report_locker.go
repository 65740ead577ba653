package app

import (
	"context"

	"social/core/domain"
)

// ReportLocker reads a report and holds its row until the transaction of
// ctx ends (domain.ErrNotFound when there is none): the reports feature's
// store, which owns the rows a resolution closes.
type ReportLocker interface {
	Lock(ctx context.Context, id domain.ReportID) (domain.Report, error)
}
