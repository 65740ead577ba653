package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Roles: administrators only, a known role, never one's own; the same role
// again records nothing, a change tells the member's sessions.
func TestSetRoleRules(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	admin, mod, ana := w.member(domain.RoleAdmin), w.member(domain.RoleModerator), w.member(domain.RoleMember)
	set := &SetRole{Tx: portstest.InlineTx{}, Accounts: w, Audit: w, Clock: portstest.Clock{At: moment}, Ends: w}

	for _, c := range []struct {
		name   string
		actor  domain.Viewer
		target domain.UserID
		role   domain.Role
		code   string
	}{
		{"a moderator", staff(mod, domain.RoleModerator), ana, domain.RoleModerator, CodeAdminOnly},
		{"an unknown role", staff(admin, domain.RoleAdmin), ana, "owner", CodeRoleInvalid},
		{"one's own", staff(admin, domain.RoleAdmin), admin, domain.RoleMember, CodeOwnAccount},
		{"no such account", staff(admin, domain.RoleAdmin), domain.NewUserID(), domain.RoleMember, CodeAccountNotFound},
	} {
		if _, err := set.Handle(ctx, c.actor, c.target, c.role); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if acc, err := set.Handle(ctx, staff(admin, domain.RoleAdmin), ana, domain.RoleMember); err != nil || acc.Role != domain.RoleMember || len(w.audit)+len(w.ended) != 0 {
		t.Fatalf("the same role: %+v %v, audit %v", acc, err, w.audit)
	}
	acc, err := set.Handle(ctx, staff(admin, domain.RoleAdmin), ana, domain.RoleModerator)
	if err != nil || acc.Role != domain.RoleModerator || w.accounts[ana].Role != domain.RoleModerator || len(w.ended) != 1 {
		t.Fatalf("promoted: %+v %v", acc, err)
	}
	if e := w.audit[0]; e.Action != ActionAccountRole || e.Details["from"] != domain.RoleMember || e.Details["to"] != domain.RoleModerator {
		t.Fatalf("audit %+v", e)
	}
	set.Ends = nil
	if _, err := set.Handle(ctx, domain.Operator(), ana, domain.RoleMember); err != nil || w.accounts[ana].Role != domain.RoleMember {
		t.Fatalf("by the operator, with nothing listening: %v", err)
	}
}

// The badge: administrators only; a change reindexes the member's search
// document and is audited, setting it to what it is does neither.
func TestSetVerifiedRules(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	admin, mod, ana := w.member(domain.RoleAdmin), w.member(domain.RoleModerator), w.member(domain.RoleMember)
	set := &SetVerified{Tx: portstest.InlineTx{}, Profiles: w, Search: w, Audit: w, Clock: portstest.Clock{At: moment}}

	if _, err := set.Handle(ctx, staff(mod, domain.RoleModerator), ana, true); portstest.CodeOf(err) != CodeAdminOnly {
		t.Fatalf("a moderator: %v", err)
	}
	if _, err := set.Handle(ctx, staff(admin, domain.RoleAdmin), domain.NewUserID(), true); portstest.CodeOf(err) != CodeAccountNotFound {
		t.Fatalf("no such profile: %v", err)
	}
	if p, err := set.Handle(ctx, staff(admin, domain.RoleAdmin), ana, false); err != nil || p.IsVerified || len(w.Queued)+len(w.audit) != 0 {
		t.Fatalf("unchanged: %+v %v", p, err)
	}
	p, err := set.Handle(ctx, staff(admin, domain.RoleAdmin), ana, true)
	if err != nil || !p.IsVerified || !w.profiles[ana].IsVerified {
		t.Fatalf("verified: %+v %v", p, err)
	}
	if len(w.Queued) != 1 || w.Queued[0] != "user:"+ana.String() || len(w.audit) != 1 || w.audit[0].Details["verified"] != true {
		t.Fatalf("searched %v, audit %+v", w.Queued, w.audit)
	}
}
