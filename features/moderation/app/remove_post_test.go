package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// A moderator's removal: staff only with a reason; the post goes through
// the author's path, its open reports close as actioned, the audit keeps
// its text and author, and readers are told after the commit.
func TestRemovePostRules(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	mod, ana := w.member(domain.RoleModerator), w.member(domain.RoleMember)
	post := w.post(ana)
	reported := w.report(domain.ReportTargetPost, post, "ofensivo")
	elsewhere := w.report(domain.ReportTargetPost, w.post(ana), "")
	remove := w.removePost()

	if err := remove.Handle(ctx, staff(ana, domain.RoleMember), post, "Ódio"); portstest.CodeOf(err) != CodeStaffOnly {
		t.Fatalf("a member: %v", err)
	}
	if err := remove.Handle(ctx, staff(mod, domain.RoleModerator), post, ""); portstest.CodeOf(err) != CodeReasonRequired {
		t.Fatalf("no reason: %v", err)
	}
	if err := remove.Handle(ctx, staff(mod, domain.RoleModerator), domain.NewPostID(), "Ódio"); portstest.CodeOf(err) != CodePostNotFound {
		t.Fatalf("no such post: %v", err)
	}
	if len(w.deleted)+len(w.audit)+len(w.announced.Topics) != 0 {
		t.Fatal("a refused removal did something")
	}

	if err := remove.Handle(ctx, staff(mod, domain.RoleModerator), post, "Discurso de ódio"); err != nil {
		t.Fatal(err)
	}
	if len(w.deleted) != 1 || w.deleted[0] != post || len(w.Queued) != 1 {
		t.Fatalf("deleted %v, searched %v", w.deleted, w.Queued)
	}
	if w.reports[reported].Status != domain.ReportActioned || w.reports[elsewhere].Status != domain.ReportOpen {
		t.Fatalf("reports: %s, %s", w.reports[reported].Status, w.reports[elsewhere].Status)
	}
	e := w.audit[0]
	if len(w.audit) != 1 || e.Action != ActionPostRemove || *e.Reason != "Discurso de ódio" ||
		e.Details["text"] != "Texto do post" || e.Details["author_id"] != ana.String() {
		t.Fatalf("audit %+v", w.audit)
	}
	if len(w.announced.Topics) != 2 { // the post's topic and the public feed
		t.Fatalf("announced on %v", w.announced.Topics)
	}
}
