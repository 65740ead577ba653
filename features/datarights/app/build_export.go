package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// Part is one feature's share of a member's data, named for progress and
// logs.
type Part struct {
	Name string
	Data ports.MemberData
}

// BuildExport gathers the member's data into a zip archive, stores it,
// marks the export ready and tells the member with a notice in their
// notification list (pushed to their devices), in the job
// datarights.build_export. It is idempotent: an export no longer queued
// or building is left alone, and a rerun builds the whole archive again
// over the same key.
type BuildExport struct {
	Tx      ports.Transactor
	Exports ExportStore
	Parts   []Part
	Blobs   ports.BlobStore
	// Notices records the "archive ready" notice with the export's
	// readiness; Announcer tells the member's open screens after commit.
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	Clock     ports.Clock
	Settings  Settings
	Log       *slog.Logger
}

// Handle builds export id.
func (uc *BuildExport) Handle(ctx context.Context, id uuid.UUID) error {
	e, err := uc.Exports.ByID(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read export %s: %w", id, err)
	}
	if !e.Status.Running() {
		return nil
	}
	tmp, err := os.CreateTemp("", "export-*.zip")
	if err != nil {
		return fmt.Errorf("export %s: temp file: %w", id, err)
	}
	defer func() {
		_ = tmp.Close()
		_ = os.Remove(tmp.Name())
	}()
	zw := newZipArchive(tmp, uc.Blobs, uc.Clock.Now())
	if err := zw.JSON("LEIA-ME.json", readMe(e)); err != nil {
		return err
	}
	for i, p := range uc.Parts {
		if err := uc.Exports.SetProgress(ctx, id, p.Name, 5+90*i/len(uc.Parts)); err != nil {
			return fmt.Errorf("export %s: progress: %w", id, err)
		}
		if err := p.Data.ExportMember(ctx, e.MemberID, zw); err != nil {
			return fmt.Errorf("export %s: %s: %w", id, p.Name, err)
		}
	}
	if err := uc.Exports.SetProgress(ctx, id, "archive", 95); err != nil {
		return fmt.Errorf("export %s: progress: %w", id, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("export %s: close archive: %w", id, err)
	}
	size, err := tmp.Seek(0, 1)
	if err != nil {
		return fmt.Errorf("export %s: size: %w", id, err)
	}
	if _, err := tmp.Seek(0, 0); err != nil {
		return fmt.Errorf("export %s: rewind: %w", id, err)
	}
	key := ArchiveKey(e.MemberID, id)
	if err := uc.Blobs.Put(ctx, key, tmp, size, "application/zip"); err != nil {
		return fmt.Errorf("export %s: store archive: %w", id, err)
	}
	now := uc.Clock.Now()
	expires := now.Add(uc.Settings.ExportKeep)
	orphan := false
	var changes []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		// An account deletion that ran meanwhile removed the export: the
		// archive goes too, and there is nobody to tell.
		if err := uc.Exports.MarkReady(ctx, id, key, size, now, expires); err != nil {
			if errors.Is(err, domain.ErrNotFound) {
				orphan = true
				return nil
			}
			return err
		}
		// The notice and the readiness are one: a retry after a failed
		// commit finds the export still building and tells once.
		changes, err = uc.Notices.Tell(ctx, notifications.SystemNotice{Recipient: e.MemberID, Kind: domain.NoticeExportReady})
		return err
	})
	if err != nil {
		return fmt.Errorf("export %s: mark ready: %w", id, err)
	}
	if orphan {
		if err := uc.Blobs.Delete(ctx, key); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
			return fmt.Errorf("export %s: delete orphan archive: %w", id, err)
		}
		return nil
	}
	uc.Announcer.Announce(ctx, changes...)
	uc.Log.InfoContext(ctx, "data export ready", "export", id.String(), "bytes", size)
	return nil
}

// Fail marks export id failed, after its last attempt.
func (uc *BuildExport) Fail(ctx context.Context, id uuid.UUID) error {
	return uc.Exports.MarkFailed(ctx, id, uc.Clock.Now())
}

// readMe is the archive's first file: what it holds, in pt-BR.
func readMe(e Export) map[string]any {
	return map[string]any{
		"sobre": "Arquivo com os seus dados no social (LGPD, art. 18). Cada arquivo .json guarda uma parte " +
			"deles; as fotos e vídeos que você enviou estão na pasta media/, nos caminhos citados nos .json.",
		"pedido_em": e.RequestedAt,
		"conta":     e.MemberID.String(),
	}
}
