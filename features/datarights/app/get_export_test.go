package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// The view: nothing asked yet; a ready archive with its address under the
// API until it expires; an archive past its time reads as expired whether
// or not the prune job ran; the next export's time while the limit holds.
func TestGetExportView(t *testing.T) {
	ctx := context.Background()
	ana, store, now := exportsAt()
	get := &GetExport{Exports: store, Clock: portstest.Clock{At: now},
		Settings: Settings{PublicURL: "https://social.exemplo", ExportEvery: 24 * time.Hour}}

	if _, err := get.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if v, err := get.Handle(ctx, ana); err != nil || v.Export != nil || v.NextAt != nil || v.DownloadURL != nil {
		t.Fatalf("none asked: %+v %v", v, err)
	}

	store.ready(ana.UserID, now.Add(-time.Hour), now.Add(7*24*time.Hour))
	v, err := get.Handle(ctx, ana)
	if err != nil || v.DownloadURL == nil || *v.DownloadURL != "https://social.exemplo"+ArchivePath ||
		!v.DownloadExpiresAt.Equal(now.Add(7*24*time.Hour)) || v.NextAt == nil || !v.NextAt.Equal(now.Add(23*time.Hour)) {
		t.Fatalf("ready: %+v %v", v, err)
	}

	get.Clock = portstest.Clock{At: now.Add(8 * 24 * time.Hour)}
	v, err = get.Handle(ctx, ana)
	if err != nil || v.Export.Status != ExportExpired || v.Export.ArchiveKey != nil || v.DownloadURL != nil || v.NextAt != nil {
		t.Fatalf("past its time: %+v %v", v, err)
	}
	if store.list[0].Status != ExportReady {
		t.Fatal("reading the view changed the stored export")
	}
}
