package app

import (
	"context"
	"errors"
	"fmt"
	"io"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// ArchivePath is where, under the API, the viewer downloads their latest
// ready archive. It needs their session: there is no link that works
// without it.
const ArchivePath = "/api/v1/account/data-export/archive"

// Archive is an export's zip, opened for the viewer to read; the caller
// closes Body.
type Archive struct {
	Body io.ReadCloser
	Size int64
	// Name is the file name offered to the browser.
	Name string
}

// DownloadExport opens the viewer's latest ready archive while it is kept.
// It is an operation of the signed-in member (their access token, checked
// against a live session), never a link on its own: once they sign out,
// or their session ends any other way, it is refused.
type DownloadExport struct {
	Exports ExportStore
	Blobs   ports.BlobStore
	Clock   ports.Clock
}

// Handle opens the archive; 404 export_not_found when there is none ready.
func (uc *DownloadExport) Handle(ctx context.Context, viewer domain.Viewer) (Archive, error) {
	if !viewer.SignedIn() {
		return Archive{}, errs.Unauthenticated(CodeUnauthenticated, MsgSignInFirst)
	}
	e, err := uc.Exports.Latest(ctx, viewer.UserID)
	if err != nil {
		return Archive{}, fmt.Errorf("latest export of %s: %w", viewer.UserID, err)
	}
	now := uc.Clock.Now()
	if e == nil || e.Status != ExportReady || e.ArchiveKey == nil || e.ExpiresAt == nil || !now.Before(*e.ExpiresAt) {
		return Archive{}, errs.NotFound(CodeExportNotFound, MsgExportNotFound)
	}
	body, info, err := uc.Blobs.Open(ctx, *e.ArchiveKey)
	if errors.Is(err, ports.ErrBlobNotFound) {
		return Archive{}, errs.NotFound(CodeExportNotFound, MsgExportNotFound)
	}
	if err != nil {
		return Archive{}, fmt.Errorf("open archive of export %s: %w", e.ID, err)
	}
	at := now
	if e.FinishedAt != nil {
		at = *e.FinishedAt
	}
	return Archive{Body: body, Size: info.Size, Name: "dados-social-" + at.UTC().Format("2006-01-02") + ".zip"}, nil
}
