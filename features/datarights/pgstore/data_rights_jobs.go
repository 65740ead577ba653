package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	"social/core/ports"
	datarights "social/features/datarights/app"
	"social/platform/pgkit"
)

// BuildExportArgs is the job building one export's archive.
type BuildExportArgs struct {
	ExportID uuid.UUID `json:"export_id"`
}

// Kind is the job's stable name.
func (BuildExportArgs) Kind() string { return "datarights.build_export" }

// BuildExportWorker works datarights.build_export. It is idempotent: an
// export already ready or failed is left alone. After its last attempt
// the export is marked failed, so the member sees it and may ask again.
type BuildExportWorker struct {
	river.WorkerDefaults[BuildExportArgs]
	Build *datarights.BuildExport
}

// Timeout lets a large archive take its time (files are copied one by one).
func (w *BuildExportWorker) Timeout(*river.Job[BuildExportArgs]) time.Duration {
	return 30 * time.Minute
}

// Work builds the archive.
func (w *BuildExportWorker) Work(ctx context.Context, job *river.Job[BuildExportArgs]) error {
	err := w.Build.Handle(ctx, job.Args.ExportID)
	if err != nil && job.Attempt >= job.MaxAttempts {
		if ferr := w.Build.Fail(ctx, job.Args.ExportID); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return err
}

// EraseMemberArgs is the job removing a deleted member's content.
type EraseMemberArgs struct {
	MemberID uuid.UUID `json:"member_id"`
}

// Kind is the job's stable name.
func (EraseMemberArgs) Kind() string { return "datarights.erase_member" }

// EraseMemberWorker works datarights.erase_member; each batch commits on
// its own, so a retry goes on where the last one stopped.
type EraseMemberWorker struct {
	river.WorkerDefaults[EraseMemberArgs]
	Erase *datarights.EraseMember
}

// Timeout lets a member with a long history be erased in one run.
func (w *EraseMemberWorker) Timeout(*river.Job[EraseMemberArgs]) time.Duration { return time.Hour }

// Work erases.
func (w *EraseMemberWorker) Work(ctx context.Context, job *river.Job[EraseMemberArgs]) error {
	err := w.Erase.Handle(ctx, domain.UserID(job.Args.MemberID))
	if errors.Is(err, datarights.ErrNotDeleted) {
		return river.JobCancel(err)
	}
	return err
}

// DeleteFileArgs is the job removing a stored file a deleted account no
// longer points at (its pictures, its export archives).
type DeleteFileArgs struct {
	Key string `json:"key"`
}

// Kind is the job's stable name.
func (DeleteFileArgs) Kind() string { return "datarights.delete_file" }

// DeleteFileWorker works datarights.delete_file, a picture with its
// copies; a file already gone is success. Keys outside the pictures and archives are final (cancelled).
type DeleteFileWorker struct {
	river.WorkerDefaults[DeleteFileArgs]
	Blobs ports.BlobStore
}

// Work deletes the file.
func (w *DeleteFileWorker) Work(ctx context.Context, job *river.Job[DeleteFileArgs]) error {
	key := job.Args.Key
	if !strings.HasPrefix(key, "avatars/") && !strings.HasPrefix(key, "banners/") && !strings.HasPrefix(key, "exports/") {
		return river.JobCancel(fmt.Errorf("not a member's file: %q", key))
	}
	// A picture's copies first (domain.ImageVariantKeys: none for an
	// archive), so that a failure leaves the original, whose key a retry
	// needs.
	for _, k := range append(domain.ImageVariantKeys(key), key) {
		if err := w.Blobs.Delete(ctx, k); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
			return fmt.Errorf("delete %s: %w", k, err)
		}
	}
	return nil
}

// PruneDataRightsArgs is the periodic job removing expired archives and
// ended handle holds.
type PruneDataRightsArgs struct{}

// Kind is the job's stable name.
func (PruneDataRightsArgs) Kind() string { return "datarights.prune" }

// PruneDataRightsWorker works datarights.prune; running it twice is harmless.
type PruneDataRightsWorker struct {
	river.WorkerDefaults[PruneDataRightsArgs]
	Prune *datarights.Prune
}

// Work prunes.
func (w *PruneDataRightsWorker) Work(ctx context.Context, _ *river.Job[PruneDataRightsArgs]) error {
	_, err := w.Prune.Handle(ctx)
	return err
}

// DataRightsQueue enqueues the data-rights jobs in the caller's transaction.
type DataRightsQueue struct{ Jobs *pgkit.JobInserter }

var (
	_ datarights.ExportQueue = DataRightsQueue{}
	_ datarights.EraseQueue  = DataRightsQueue{}
)

// EnqueueExport enqueues the building of export id.
func (q DataRightsQueue) EnqueueExport(ctx context.Context, id uuid.UUID) error {
	return q.Jobs.Insert(ctx, BuildExportArgs{ExportID: id}, &river.InsertOpts{MaxAttempts: 3})
}

// EnqueueErase enqueues the erasing of member's content.
func (q DataRightsQueue) EnqueueErase(ctx context.Context, member domain.UserID) error {
	return q.Jobs.Insert(ctx, EraseMemberArgs{MemberID: uuid.UUID(member)}, &river.InsertOpts{MaxAttempts: 25})
}

// EnqueueFileDeletion enqueues the deletion of key.
func (q DataRightsQueue) EnqueueFileDeletion(ctx context.Context, key string) error {
	return q.Jobs.Insert(ctx, DeleteFileArgs{Key: key}, &river.InsertOpts{MaxAttempts: 10})
}
