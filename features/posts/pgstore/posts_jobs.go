package pgstore

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// FillLinkPreviewArgs is the job filling one post's link preview.
type FillLinkPreviewArgs struct {
	PostID uuid.UUID `json:"post_id"`
}

// Kind is the job's stable name.
func (FillLinkPreviewArgs) Kind() string { return "posts.fill_link_preview" }

// InsertOpts puts the job in the outside queue: it fetches the linked page.
func (FillLinkPreviewArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: plugin.QueueOutside}
}

// FillLinkPreviewWorker works posts.fill_link_preview. It is idempotent:
// it rewrites the same five fields. Refused or too large pages are final
// (cancelled); timeouts and unreachable sites are retried.
type FillLinkPreviewWorker struct {
	river.WorkerDefaults[FillLinkPreviewArgs]
	Fill *posts.FillLinkPreview
}

// Work fills the preview.
func (w *FillLinkPreviewWorker) Work(ctx context.Context, job *river.Job[FillLinkPreviewArgs]) error {
	err := w.Fill.Handle(ctx, domain.PostID(job.Args.PostID))
	if errors.Is(err, posts.ErrPreviewFinal) {
		return river.JobCancel(err)
	}
	return err
}

// PreviewQueue enqueues posts.fill_link_preview in the caller's transaction.
type PreviewQueue struct{ Jobs *pgkit.JobInserter }

// EnqueueLinkPreview enqueues the job of post id.
func (q PreviewQueue) EnqueueLinkPreview(ctx context.Context, id domain.PostID) error {
	return q.Jobs.Insert(ctx, FillLinkPreviewArgs{PostID: uuid.UUID(id)}, &river.InsertOpts{MaxAttempts: 5})
}

// DeletePostMediaArgs is the job removing the stored file of a deleted post.
type DeletePostMediaArgs struct {
	Key string `json:"key"`
}

// Kind is the job's stable name.
func (DeletePostMediaArgs) Kind() string { return "posts.delete_media" }

// DeletePostMediaWorker works posts.delete_media. It is idempotent: a file
// already gone is success. A key outside posts/ is final (cancelled).
type DeletePostMediaWorker struct {
	river.WorkerDefaults[DeletePostMediaArgs]
	Delete *posts.DeletePostMedia
}

// Work deletes the file.
func (w *DeletePostMediaWorker) Work(ctx context.Context, job *river.Job[DeletePostMediaArgs]) error {
	err := w.Delete.Handle(ctx, job.Args.Key)
	if errors.Is(err, posts.ErrNotPostMedia) {
		return river.JobCancel(err)
	}
	return err
}

// MediaQueue enqueues posts.delete_media in the caller's transaction.
type MediaQueue struct{ Jobs *pgkit.JobInserter }

// EnqueueMediaDeletion enqueues the deletion of key.
func (q MediaQueue) EnqueueMediaDeletion(ctx context.Context, key string) error {
	return q.Jobs.Insert(ctx, DeletePostMediaArgs{Key: key}, &river.InsertOpts{MaxAttempts: 10})
}

// PrunePendingMediaArgs is the periodic job deleting the uploads no post
// took within a day, with their files.
type PrunePendingMediaArgs struct{}

// Kind is the job's stable name.
func (PrunePendingMediaArgs) Kind() string { return "posts.prune_pending_media" }

// PruneEvery is how often stale uploads are looked for: an upload lives
// at most a day and this long.
const PruneEvery = time.Hour

// PrunePendingMediaWorker works posts.prune_pending_media. It is
// idempotent: what it deleted is gone, and the files' deletions are jobs
// of their own.
type PrunePendingMediaWorker struct {
	river.WorkerDefaults[PrunePendingMediaArgs]
	Prune *posts.PrunePendingMedia
}

// Work prunes.
func (w *PrunePendingMediaWorker) Work(ctx context.Context, _ *river.Job[PrunePendingMediaArgs]) error {
	_, err := w.Prune.Handle(ctx)
	return err
}

// NewPrunePendingMediaJob enqueues posts.prune_pending_media every
// PruneEvery, once per period.
func NewPrunePendingMediaJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: PrunePendingMediaArgs{}.Kind(), Job: river.NewPeriodicJob(
		river.PeriodicInterval(PruneEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return PrunePendingMediaArgs{}, &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: PruneEvery}}
		},
		&river.PeriodicJobOpts{RunOnStart: true})}
}
