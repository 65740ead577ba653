package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

type holds struct{ released int }

func (h *holds) ReleaseHandles(context.Context, time.Time) (int, error) { return h.released, nil }

// Every archive past its time goes, page after page, its file first (one
// already gone is no error), then the ended handle holds; a file that
// cannot be deleted leaves its export ready for the next run.
func TestPrune(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	store, blobs := &memExports{}, &memBlobs{files: map[string][]byte{}}
	for range 130 {
		e := store.ready(domain.NewUserID(), now.Add(-8*24*time.Hour), now.Add(-time.Minute))
		blobs.files[*e.ArchiveKey] = []byte("zip")
	}
	delete(blobs.files, *store.list[0].ArchiveKey)
	kept := store.ready(domain.NewUserID(), now, now.Add(time.Hour))
	prune := &Prune{Exports: store, Holds: &holds{released: 2}, Blobs: blobs, Clock: portstest.Clock{At: now}}

	out, err := prune.Handle(ctx)
	if err != nil || out.Archives != 130 || out.Handles != 2 || len(blobs.files) != 0 {
		t.Fatalf("pruned %+v %v, files left %d", out, err, len(blobs.files))
	}
	if l, _ := store.Latest(ctx, kept.MemberID); l.Status != ExportReady {
		t.Fatalf("an archive still kept was pruned: %+v", l)
	}

	late := store.ready(domain.NewUserID(), now.Add(-8*24*time.Hour), now.Add(-time.Minute))
	blobs.files[*late.ArchiveKey] = []byte("zip")
	blobs.failDelete = errors.New("storage down")
	if _, err := prune.Handle(ctx); !errors.Is(err, blobs.failDelete) {
		t.Fatalf("a failed file deletion: %v", err)
	}
	if l, _ := store.Latest(ctx, late.MemberID); l.Status != ExportReady {
		t.Fatal("an export was marked expired while its file stayed")
	}
}
