package app

import (
	"context"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Resolving: staff, a known act, a short note, an open report; acts need
// a post that is still there.
func TestResolveReportRefusals(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	mod, ana := w.member(domain.RoleModerator), w.member(domain.RoleMember)
	post := w.report(domain.ReportTargetPost, w.post(ana), "")
	comment := w.report(domain.ReportTargetComment, domain.NewPostID(), "")
	gone := w.report(domain.ReportTargetPost, domain.NewPostID(), "")
	closed := w.report(domain.ReportTargetPost, w.post(ana), "")
	w.reports[closed].Status = domain.ReportDismissed
	resolve := w.resolveReport()
	asMod := staff(mod, domain.RoleModerator)

	for _, c := range []struct {
		name   string
		actor  domain.Viewer
		id     domain.ReportID
		action string
		note   string
		code   string
	}{
		{"a member", staff(ana, domain.RoleMember), post, ResolveDismiss, "", CodeStaffOnly},
		{"an unknown act", asMod, post, "ban", "", CodeResolutionInvalid},
		{"a long note", asMod, post, ResolveDismiss, strings.Repeat("n", MaxReasonRunes+1), CodeNoteTooLong},
		{"no such report", asMod, domain.NewReportID(), ResolveDismiss, "", CodeReportNotFound},
		{"already resolved", asMod, closed, ResolveDismiss, "", CodeReportResolved},
		{"removing a comment", asMod, comment, ResolveRemovePost, "", CodeResolutionNeedPost},
		{"suspending for a post that is gone", asMod, gone, ResolveSuspendAuthor, "", CodeResolutionNeedPost},
	} {
		if _, err := resolve.Handle(ctx, c.actor, c.id, c.action, c.note); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if len(w.audit)+len(w.deleted)+len(w.revoked) != 0 {
		t.Fatal("a refused resolution acted")
	}
}

// Each act: a dismissal changes the report alone; a removal deletes the
// post and closes its other reports; a suspension suspends the author
// and closes the post's other reports. The act's reason is the note, else
// the reporter's reason, else the standard text.
func TestResolveReportActs(t *testing.T) {
	ctx := context.Background()
	asMod := func(w *world) domain.Viewer { return staff(w.member(domain.RoleModerator), domain.RoleModerator) }

	w := newWorld()
	ana := w.member(domain.RoleMember)
	post := w.post(ana)
	dismissed := w.report(domain.ReportTargetPost, post, "")
	rep, err := w.resolveReport().Handle(ctx, asMod(w), dismissed, ResolveDismiss, " ")
	if err != nil || rep.Status != domain.ReportDismissed || rep.ResolutionNote != nil || len(w.posts) != 1 || len(w.audit) != 1 {
		t.Fatalf("dismissed: %+v %v, audit %+v", rep, err, w.audit)
	}

	for _, c := range []struct {
		action, note, reporterReason, why string
	}{
		{ResolveRemovePost, "Discurso de ódio", "ofensivo", "Discurso de ódio"},
		{ResolveRemovePost, "", "ofensivo", "ofensivo"},
		{ResolveSuspendAuthor, "", "", MsgDefaultRemoval},
	} {
		w := newWorld()
		ana := w.member(domain.RoleMember)
		post := w.post(ana)
		first := w.report(domain.ReportTargetPost, post, c.reporterReason)
		second := w.report(domain.ReportTargetPost, post, "")
		rep, err := w.resolveReport().Handle(ctx, asMod(w), first, c.action, c.note)
		if err != nil || rep.Status != domain.ReportActioned || *rep.Resolution != c.action || rep.ResolvedBy == nil {
			t.Fatalf("%s: %+v %v", c.action, rep, err)
		}
		if w.reports[second].Status != domain.ReportActioned {
			t.Errorf("%s: the post's other report is %s", c.action, w.reports[second].Status)
		}
		act, resolution := w.audit[0], w.audit[1]
		if len(w.audit) != 2 || *act.Reason != c.why || act.Details["report_id"] != first.String() || resolution.Action != ActionReportResolve {
			t.Errorf("%s, note %q: audit %+v", c.action, c.note, w.audit)
		}
		removed := len(w.deleted) == 1 && len(w.announced.Topics) > 0
		suspended := w.accounts[ana].Suspended() && len(w.ended) == 1
		if removed != (c.action == ResolveRemovePost) || suspended != (c.action == ResolveSuspendAuthor) {
			t.Errorf("%s: removed %v, suspended %v", c.action, removed, suspended)
		}
	}

	// A moderator cannot suspend staff through a report either.
	w = newWorld()
	other := w.member(domain.RoleModerator)
	staffReport := w.report(domain.ReportTargetPost, w.post(other), "")
	if _, err := w.resolveReport().Handle(ctx, asMod(w), staffReport, ResolveSuspendAuthor, ""); portstest.CodeOf(err) != CodeStaffTarget {
		t.Fatalf("suspending staff through a report: %v", err)
	}
}
