package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// One export at a time, one per ExportEvery counted from the last that did
// not fail; a refusal queues nothing.
func TestRequestExportRules(t *testing.T) {
	ctx := context.Background()
	ana, store, now := exportsAt()
	request := &RequestExport{Tx: portstest.InlineTx{}, Exports: store, Queue: store, Clock: portstest.Clock{At: now},
		Settings: Settings{ExportEvery: 24 * time.Hour}}

	if _, err := request.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	store.list = []Export{{MemberID: ana.UserID, Status: ExportBuilding, RequestedAt: now.Add(-48 * time.Hour)}}
	if _, err := request.Handle(ctx, ana); portstest.CodeOf(err) != CodeExportRunning {
		t.Fatalf("one running: %v", err)
	}
	store.list[0].Status = ExportFailed
	store.list = append(store.list, Export{MemberID: ana.UserID, Status: ExportFailed, RequestedAt: now.Add(-time.Hour)})
	e, err := request.Handle(ctx, ana)
	if err != nil || e.Status != ExportQueued || e.MemberID != ana.UserID || !e.RequestedAt.Equal(now) ||
		len(store.enqueued) != 1 || store.enqueued[0] != e.ID {
		t.Fatalf("after failures: %+v %v, enqueued %v", e, err, store.enqueued)
	}
	store.list[len(store.list)-1].Status = ExportReady

	request.Clock = portstest.Clock{At: now.Add(23 * time.Hour)}
	_, err = request.Handle(ctx, ana)
	limited, _ := errs.As(err)
	if limited == nil || limited.Code != CodeExportRateLimited || limited.RetryAfter != time.Hour ||
		limited.Message != "Você pode pedir um novo arquivo de dados 1 dia depois do último." {
		t.Fatalf("within the day: %+v", err)
	}
	request.Settings.ExportEvery = 0
	if _, err := request.Handle(ctx, ana); err != nil || len(store.enqueued) != 2 {
		t.Fatalf("with no limit: %v", err)
	}
}

// The wait is said in the largest whole unit.
func TestHumanDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		7 * 24 * time.Hour: "7 dias", 24 * time.Hour: "1 dia", 36 * time.Hour: "36 horas", time.Hour: "1 hora",
		30 * time.Minute: "30 minutos", time.Minute: "1 minuto", time.Second: "1 minuto",
	} {
		if got := humanDuration(d); got != want {
			t.Errorf("%s: %q, want %q", d, got, want)
		}
	}
}
