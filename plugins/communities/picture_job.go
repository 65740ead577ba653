package communities

import (
	"context"
	"errors"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/core/ports"
	"social/kit/plugin"
	"social/platform/pgkit"
	"social/plugins/communities/app"
)

// DeletePictureArgs is the communities.delete_picture job: the stored
// picture of a deleted community.
type DeletePictureArgs struct {
	Key string `json:"key"`
}

// Kind is the job's stable name.
func (DeletePictureArgs) Kind() string { return "communities.delete_picture" }

// PictureQueue enqueues communities.delete_picture in the caller's
// transaction (app.PictureQueue).
type PictureQueue struct{ Jobs *pgkit.JobInserter }

// EnqueuePictureDeletion enqueues the deletion of key.
func (q PictureQueue) EnqueuePictureDeletion(ctx context.Context, key string) error {
	return q.Jobs.Insert(ctx, DeletePictureArgs{Key: key}, &river.InsertOpts{MaxAttempts: 10})
}

// DeletePictureWorker works communities.delete_picture; running it twice
// is harmless (a file already gone is success).
type DeletePictureWorker struct {
	river.WorkerDefaults[DeletePictureArgs]
	Delete *app.DeletePicture
}

// Work deletes the file; a key outside communities/ is final.
func (w *DeletePictureWorker) Work(ctx context.Context, job *river.Job[DeletePictureArgs]) error {
	err := w.Delete.Handle(ctx, job.Args.Key)
	if errors.Is(err, app.ErrNotPicture) {
		return river.JobCancel(err)
	}
	return err
}

type deletePictureParams struct {
	fx.In
	// Without media storage no community has a stored picture.
	Blobs ports.BlobStore `optional:"true"`
}

func newDeletePictureWorker(p deletePictureParams) plugin.Worker {
	return plugin.NewWorker(Name, &DeletePictureWorker{Delete: &app.DeletePicture{Blobs: p.Blobs}})
}
