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
)

// Part is one feature's share of a member's data, named for progress and
// logs.
type Part struct {
	Name string
	Data ports.MemberData
}

// Contacts reads what the ready e-mail needs.
type Contacts interface {
	// Contact is the member's e-mail address and display name
	// (domain.ErrNotFound once the account is deleted).
	Contact(ctx context.Context, member domain.UserID) (email, name string, err error)
}

// BuildExport gathers the member's data into a zip archive, stores it,
// marks the export ready and mails the member, in the job
// datarights.build_export. It is idempotent: an export no longer queued
// or building is left alone, and a rerun builds the whole archive again
// over the same key.
type BuildExport struct {
	Tx       ports.Transactor
	Exports  ExportStore
	Contacts Contacts
	Parts    []Part
	Blobs    ports.BlobStore
	Outbox   ports.Outbox
	Clock    ports.Clock
	Settings Settings
	Log      *slog.Logger
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
		email, name, err := uc.Contacts.Contact(ctx, e.MemberID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return uc.Outbox.Enqueue(ctx, ports.Mail{To: email, Subject: readySubject,
			BodyText: fmt.Sprintf(readyBody, name, uc.Settings.PublicURL, humanDuration(uc.Settings.ExportKeep))})
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
