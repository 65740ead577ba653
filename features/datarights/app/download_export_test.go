package app

import (
	"context"
	"io"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Only the viewer's latest ready archive opens, while it is kept and its
// file is there; its name carries the day it was made.
func TestDownloadExport(t *testing.T) {
	ctx := context.Background()
	ana, store, now := exportsAt()
	bia, blobs := domain.Viewer{UserID: domain.NewUserID()}, &memBlobs{files: map[string][]byte{}}
	download := &DownloadExport{Exports: store, Blobs: blobs, Clock: portstest.Clock{At: now}}

	if _, err := download.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if _, err := download.Handle(ctx, ana); portstest.CodeOf(err) != CodeExportNotFound {
		t.Fatalf("none: %v", err)
	}
	e := store.ready(ana.UserID, now.Add(-26*time.Hour), now.Add(time.Hour))
	if _, err := download.Handle(ctx, ana); portstest.CodeOf(err) != CodeExportNotFound {
		t.Fatalf("its file is gone: %v", err)
	}
	blobs.files[*e.ArchiveKey] = []byte("PK zip")
	a, err := download.Handle(ctx, ana)
	if err != nil || a.Name != "dados-social-2026-04-30.zip" || a.Size != 6 {
		t.Fatalf("ready: %+v %v", a, err)
	}
	if body, _ := io.ReadAll(a.Body); string(body) != "PK zip" {
		t.Fatalf("body %q", body)
	}
	_ = a.Body.Close()
	if _, err := download.Handle(ctx, bia); portstest.CodeOf(err) != CodeExportNotFound {
		t.Fatalf("another member: %v", err)
	}

	store.list = append(store.list, Export{MemberID: ana.UserID, Status: ExportQueued, RequestedAt: now})
	if _, err := download.Handle(ctx, ana); portstest.CodeOf(err) != CodeExportNotFound {
		t.Fatalf("a newer export is not ready: %v", err)
	}
	store.list = store.list[:1]
	download.Clock = portstest.Clock{At: now.Add(time.Hour)}
	if _, err := download.Handle(ctx, ana); portstest.CodeOf(err) != CodeExportNotFound {
		t.Fatalf("at its expiry: %v", err)
	}
}
