package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// ExportView is the viewer's latest export, with where to download it
// while its archive is kept, and when the next one may be asked for.
type ExportView struct {
	Export *Export
	// DownloadURL is the archive's address under the API (ArchivePath),
	// which answers the signed-in member only, until DownloadExpiresAt
	// (the archive's removal; ready exports only).
	DownloadURL       *string
	DownloadExpiresAt *time.Time
	// NextAt is when a new export may be asked for (nil: now, unless one
	// is running).
	NextAt *time.Time
}

// GetExport reads the viewer's latest export.
type GetExport struct {
	Exports  ExportStore
	Clock    ports.Clock
	Settings Settings
}

// Handle answers the view; an Export of nil means none was asked for.
func (uc *GetExport) Handle(ctx context.Context, viewer domain.Viewer) (ExportView, error) {
	if !viewer.SignedIn() {
		return ExportView{}, errs.Unauthenticated(CodeUnauthenticated, MsgSignInFirst)
	}
	now := uc.Clock.Now()
	e, next, err := uc.Settings.exportStanding(ctx, uc.Exports, viewer.UserID, now)
	if err != nil {
		return ExportView{}, err
	}
	if e != nil && e.Status == ExportReady && e.ExpiresAt != nil && !now.Before(*e.ExpiresAt) {
		// Past its time, whether or not the prune job has removed it yet.
		gone := *e
		gone.Status, gone.ArchiveKey = ExportExpired, nil
		e = &gone
	}
	v := ExportView{Export: e, NextAt: next}
	if e != nil && e.Status == ExportReady && e.ArchiveKey != nil && e.ExpiresAt != nil && now.Before(*e.ExpiresAt) {
		// The archive's address under the API, which needs the session:
		// never a link that works on its own.
		u, exp := uc.Settings.PublicURL+ArchivePath, *e.ExpiresAt
		v.DownloadURL, v.DownloadExpiresAt = &u, &exp
	}
	return v, nil
}
