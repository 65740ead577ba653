package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/core/ports/portstest"
)

// deletion records what a deletion asked of every port.
type deletion struct {
	accounts map[domain.UserID]*domain.Account
	gone     map[domain.UserID]bool
	wait     time.Duration // what the limiter answers
	holdTill time.Time
	revoked  []string
	portstest.SearchQueue
	authors []domain.UserID
	hidden  []domain.UserID
	files   []string
	erased  []domain.UserID
	audit   []domain.AuditEntry
	ended   []domain.UserID
	failing error // answered by Tombstone when set
}

func (d *deletion) Lock(_ context.Context, id domain.UserID) (domain.Account, error) {
	return portstest.LookupCopy(d.accounts, id)
}
func (d *deletion) Deleted(_ context.Context, id domain.UserID) (bool, error) { return d.gone[id], nil }
func (d *deletion) Tombstone(_ context.Context, id domain.UserID, _, holdUntil time.Time) ([]string, error) {
	if d.failing != nil {
		return nil, d.failing
	}
	d.gone[id], d.holdTill = true, holdUntil
	return []string{"avatars/" + id.String() + ".png"}, nil
}
func (d *deletion) RevokeAll(_ context.Context, _ domain.UserID, _ time.Time, reason string) error {
	d.revoked = append(d.revoked, reason)
	return nil
}
func (d *deletion) Take(context.Context, ...ports.RateRule) (time.Duration, error) {
	return d.wait, nil
}
func (d *deletion) EnqueueAuthorPosts(_ context.Context, author domain.UserID) error {
	d.authors = append(d.authors, author)
	return nil
}
func (d *deletion) EnqueueErase(_ context.Context, member domain.UserID) error {
	d.erased = append(d.erased, member)
	return nil
}
func (d *deletion) EnqueueFileDeletion(_ context.Context, key string) error {
	d.files = append(d.files, key)
	return nil
}
func (d *deletion) Record(_ context.Context, e domain.AuditEntry) error {
	d.audit = append(d.audit, e)
	return nil
}
func (d *deletion) SessionsEnded(_ context.Context, id domain.UserID) { d.ended = append(d.ended, id) }

// hidingPart is a part of a member's data that hides them at once.
type hidingPart struct {
	ports.MemberData
	d *deletion
}

func (h hidingPart) HideMember(_ context.Context, member domain.UserID) error {
	h.d.hidden = append(h.d.hidden, member)
	return nil
}

// keyHasher accepts the password it was made with.
type keyHasher string

func (k keyHasher) Hash(p string) (string, error) { return "hash:" + p, nil }
func (k keyHasher) Verify(p, hash string) (bool, error) {
	return hash == "hash:"+p && p == string(k), nil
}

// Deleting asks for the password (limited per member) of an account not
// yet deleted; then, in one transaction, the tombstone, the sessions, the
// search documents, the hiding parts, the files, the erasing job and an
// audit entry naming no one, and the sockets are told after the commit.
func TestDeleteAccountRules(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	ana := domain.Viewer{UserID: domain.NewUserID(), Role: domain.RoleMember}
	d := &deletion{accounts: map[domain.UserID]*domain.Account{
		ana.UserID: {ID: ana.UserID, Email: "ana@exemplo.com.br", PasswordHash: "hash:Senha-certa-1"}},
		gone: map[domain.UserID]bool{}}
	del := &DeleteAccount{Tx: portstest.InlineTx{}, Accounts: d, Hasher: keyHasher("Senha-certa-1"), Sessions: d,
		Limiter: d, Search: d, Posts: d, Queue: d, Audit: d, Clock: portstest.Clock{At: now},
		Parts:    []Part{{Name: "posts"}, {Name: "stories", Data: hidingPart{d: d}}},
		Settings: Settings{HandleHold: 30 * 24 * time.Hour}, Ends: d}

	if err := del.Handle(ctx, domain.Viewer{}, "Senha-certa-1"); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if err := del.Handle(ctx, ana, ""); portstest.CodeOf(err) != CodePasswordMissing {
		t.Fatalf("no password: %v", err)
	}
	if err := del.Handle(ctx, ana, "errada"); portstest.CodeOf(err) != CodeWrongPassword {
		t.Fatalf("wrong password: %v", err)
	}
	if err := del.Handle(ctx, domain.Viewer{UserID: domain.NewUserID()}, "Senha-certa-1"); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("an account that is not there: %v", err)
	}
	d.wait = time.Minute
	err := del.Handle(ctx, ana, "Senha-certa-1")
	if e, _ := errs.As(err); e == nil || e.Code != CodeRateLimited || e.RetryAfter != time.Minute {
		t.Fatalf("too many tries: %v", err)
	}
	d.wait = 0
	d.failing = errors.New("database down")
	if err := del.Handle(ctx, ana, "Senha-certa-1"); !errors.Is(err, d.failing) || len(d.ended) != 0 {
		t.Fatalf("a failed tombstone: %v, ended %v", err, d.ended)
	}
	d.failing = nil
	if d.gone[ana.UserID] || len(d.revoked)+len(d.erased)+len(d.audit) != 0 {
		t.Fatal("a refused deletion did something")
	}

	if err := del.Handle(ctx, ana, "Senha-certa-1"); err != nil {
		t.Fatal(err)
	}
	id := ana.UserID
	if !d.gone[id] || !d.holdTill.Equal(now.Add(30*24*time.Hour)) || len(d.revoked) != 1 || d.revoked[0] != RevokedDeleted {
		t.Fatalf("tombstone held until %s, revoked %v", d.holdTill, d.revoked)
	}
	if len(d.Queued) != 1 || d.Queued[0] != "user:"+id.String() || len(d.authors) != 1 || len(d.hidden) != 1 ||
		len(d.files) != 1 || len(d.erased) != 1 || len(d.ended) != 1 {
		t.Fatalf("searched %v, authors %v, hidden %v, files %v, erased %v, ended %v",
			d.Queued, d.authors, d.hidden, d.files, d.erased, d.ended)
	}
	if e := d.audit[0]; len(d.audit) != 1 || e.Action != ActionAccountDelete || len(e.Details) != 0 || e.TargetID != id.String() {
		t.Fatalf("audit %+v", d.audit)
	}
	if err := del.Handle(ctx, ana, "Senha-certa-1"); portstest.CodeOf(err) != CodeAccountGone {
		t.Fatalf("twice: %v", err)
	}
}
