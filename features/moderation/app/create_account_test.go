package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// created is an AccountCreator with the table's two unique keys.
type created struct {
	accounts []domain.Account
	profiles []domain.Profile
}

func (c *created) Create(_ context.Context, a domain.Account, p domain.Profile) error {
	for i := range c.accounts {
		if c.accounts[i].Email == a.Email {
			return domain.ErrEmailTaken
		}
		if c.profiles[i].Handle == p.Handle {
			return domain.ErrHandleTaken
		}
	}
	c.accounts, c.profiles = append(c.accounts, a), append(c.profiles, p)
	return nil
}

// plainHasher stands in for argon2id: the use case only stores its answer.
type plainHasher struct{}

func (plainHasher) Hash(p string) (string, error)    { return "hash:" + p, nil }
func (plainHasher) Verify(p, h string) (bool, error) { return h == "hash:"+p, nil }

// An administrator's new account: confirmed, with its role, indexed and
// audited; bad fields are named, and a taken e-mail or handle is a conflict.
func TestCreateAccountRules(t *testing.T) {
	ctx := context.Background()
	w := newWorld()
	store := &created{}
	create := &CreateAccount{Tx: portstest.InlineTx{}, Accounts: store, Search: w, Hasher: plainHasher{}, Audit: w,
		Clock: portstest.Clock{At: moment}}
	good := CreateAccountInput{Email: " nova@exemplo.com.br ", Password: "Senha-bem-longa-1", Handle: "nova",
		DisplayName: "Nova", Role: domain.RoleModerator}

	if _, err := create.Handle(ctx, staff(w.member(domain.RoleModerator), domain.RoleModerator), good); portstest.CodeOf(err) != CodeAdminOnly {
		t.Fatalf("a moderator: %v", err)
	}
	bad := CreateAccountInput{Email: "não", Password: "x", Handle: "a b", DisplayName: "", Role: "owner"}
	_, err := create.Handle(ctx, domain.Operator(), bad)
	e, _ := errs.As(err)
	if e == nil || e.Code != "invalid_input" || len(e.Fields) != 5 || e.Fields["role"] != MsgRoleInvalid {
		t.Fatalf("bad input: %+v", err)
	}

	acc, err := create.Handle(ctx, domain.Operator(), good)
	if err != nil || acc.Email != "nova@exemplo.com.br" || acc.Role != domain.RoleModerator || acc.ConfirmedAt == nil ||
		acc.PasswordHash != "hash:Senha-bem-longa-1" {
		t.Fatalf("created: %+v %v", acc, err)
	}
	if len(w.Queued) != 1 || len(w.audit) != 1 || w.audit[0].Action != ActionAccountCreate || w.audit[0].ActorRole != "operator" {
		t.Fatalf("searched %v, audit %+v", w.Queued, w.audit)
	}
	sameEmail, sameHandle := good, good
	sameHandle.Email = "outra@exemplo.com.br"
	sameEmail.Handle = "outra"
	if _, err := create.Handle(ctx, domain.Operator(), sameEmail); portstest.CodeOf(err) != CodeEmailTaken {
		t.Fatalf("same e-mail: %v", err)
	}
	if _, err := create.Handle(ctx, domain.Operator(), sameHandle); portstest.CodeOf(err) != CodeHandleTaken {
		t.Fatalf("same handle: %v", err)
	}
}
