package app

import (
	"context"
	"errors"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// accountRefusal is a suspension or a lifting that is refused, and the
// code it is refused with.
type accountRefusal struct {
	name   string
	actor  domain.Viewer
	target domain.UserID
	reason string
	code   string
}

// refuses runs each refusal through handle and checks its code.
func refuses(t *testing.T, handle func(context.Context, domain.Viewer, domain.UserID, string) (domain.Account, error), cases []accountRefusal) {
	t.Helper()
	for _, c := range cases {
		if _, err := handle(context.Background(), c.actor, c.target, c.reason); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
}

// Who may suspend whom, and what a suspension does: the account marked,
// every session revoked, the posts queued for search, one audit entry,
// and the gateways told after the commit.
func TestSuspendRules(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	mod, admin := w.member(domain.RoleModerator), w.member(domain.RoleAdmin)
	rui, other := w.member(domain.RoleMember), w.member(domain.RoleModerator)
	suspend := w.suspend()

	refuses(t, suspend.Handle, []accountRefusal{
		{"a member", staff(rui, domain.RoleMember), other, "Spam", CodeStaffOnly},
		{"nobody", domain.Viewer{}, rui, "Spam", CodeStaffOnly},
		{"blank reason", staff(mod, domain.RoleModerator), rui, "  ", CodeReasonRequired},
		{"long reason", staff(mod, domain.RoleModerator), rui, strings.Repeat("a", MaxReasonRunes+1), CodeReasonTooLong},
		{"oneself", staff(admin, domain.RoleAdmin), admin, "Spam", CodeOwnAccount},
		{"a moderator suspending staff", staff(mod, domain.RoleModerator), other, "Spam", CodeStaffTarget},
		{"no such account", staff(mod, domain.RoleModerator), domain.NewUserID(), "Spam", CodeAccountNotFound},
	})
	if len(w.revoked)+len(w.indexed)+len(w.audit)+len(w.ended) != 0 {
		t.Fatal("a refused suspension did something")
	}

	acc, err := suspend.Handle(ctx, staff(mod, domain.RoleModerator), rui, "  Spam ")
	if err != nil || !acc.Suspended() || *acc.SuspendedReason != "Spam" || !w.accounts[rui].Suspended() {
		t.Fatalf("suspended: %+v %v", acc, err)
	}
	if len(w.revoked) != 1 || w.revoked[0] != rui || len(w.indexed) != 1 || len(w.ended) != 1 || w.ended[0] != rui {
		t.Fatalf("revoked %v, indexed %v, ended %v", w.revoked, w.indexed, w.ended)
	}
	if e := w.audit[0]; len(w.audit) != 1 || e.Action != ActionAccountSuspend || *e.Reason != "Spam" || e.Details["email"] != acc.Email {
		t.Fatalf("audit %+v", w.audit)
	}
	if _, err := suspend.Handle(ctx, staff(mod, domain.RoleModerator), rui, "De novo"); portstest.CodeOf(err) != CodeAlreadySuspended {
		t.Fatalf("twice: %v", err)
	}
	if _, err := suspend.Handle(ctx, staff(admin, domain.RoleAdmin), other, "Abuso"); err != nil || !w.accounts[other].Suspended() {
		t.Fatalf("an administrator suspending a moderator: %v", err)
	}

	// Without a gateway (the command line) the suspension still holds.
	loner := w.member(domain.RoleMember)
	suspend.Ends = nil
	if _, err := suspend.Handle(ctx, domain.Operator(), loner, "Spam"); err != nil || !w.accounts[loner].Suspended() {
		t.Fatalf("by the operator: %v", err)
	}

	w.failing = errors.New("database down")
	if _, err := suspend.Handle(ctx, staff(mod, domain.RoleModerator), w.member(domain.RoleMember), "Spam"); !errors.Is(err, w.failing) || portstest.CodeOf(err) == "" {
		t.Fatalf("a failed write: %v", err)
	}
}

// Lifting: staff only, a reason, only a suspended account, staff targets
// for administrators; the posts are queued again and the old reason kept
// in the audit entry.
func TestUnsuspendRules(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	mod, rui, other := w.member(domain.RoleModerator), w.member(domain.RoleMember), w.member(domain.RoleModerator)
	if _, err := w.suspend().Handle(ctx, domain.Operator(), rui, "Spam"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.suspend().Handle(ctx, domain.Operator(), other, "Spam"); err != nil {
		t.Fatal(err)
	}
	w.audit, w.indexed = nil, nil
	unsuspend := &Unsuspend{Tx: w.suspend().Tx, Accounts: w, Index: w, Audit: w, Clock: w.suspend().Clock}

	refuses(t, unsuspend.Handle, []accountRefusal{
		{"a member", staff(rui, domain.RoleMember), rui, "Recurso", CodeStaffOnly},
		{"no reason", staff(mod, domain.RoleModerator), rui, "", CodeReasonRequired},
		{"a moderator lifting staff", staff(mod, domain.RoleModerator), other, "Recurso", CodeStaffTarget},
		{"not suspended", staff(mod, domain.RoleModerator), w.member(domain.RoleMember), "Recurso", CodeNotSuspended},
		{"no such account", staff(mod, domain.RoleModerator), domain.NewUserID(), "Recurso", CodeAccountNotFound},
	})
	acc, err := unsuspend.Handle(ctx, staff(mod, domain.RoleModerator), rui, "Recurso aceito")
	if err != nil || acc.Suspended() || w.accounts[rui].Suspended() || len(w.indexed) != 1 {
		t.Fatalf("lifted: %+v %v, indexed %v", acc, err, w.indexed)
	}
	if e := w.audit[0]; len(w.audit) != 1 || e.Action != ActionAccountUnsuspend || e.Details["suspended_reason"] != "Spam" {
		t.Fatalf("audit %+v", w.audit)
	}
}
