package app

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// RemoteAccount is what another server of the social web says of one of
// its accounts, as plain text: the federation plugin reads it from the
// actor's document.
type RemoteAccount struct {
	// ID is the profile the account already has here, or zero for one not
	// known yet.
	ID          domain.UserID
	Username    string // the account's name on its server
	Domain      string // the server's host (with its port when not the default)
	URL         string // the account's page on its server
	DisplayName string
	Bio         string
}

// RemoteAccountStore writes remote accounts' profiles.
type RemoteAccountStore interface {
	// UpsertRemote inserts p (a profile with a domain) or, when a remote
	// profile has its handle, refreshes that one; it answers the profile's
	// ID. domain.ErrHandleTaken when the handle is held.
	UpsertRemote(ctx context.Context, p domain.Profile) (domain.UserID, error)
	// UpdateRemote refreshes the remote profile id (handle, texts, page);
	// domain.ErrNotFound when id is no remote profile,
	// domain.ErrHandleTaken when another profile has the new handle.
	UpdateRemote(ctx context.Context, id domain.UserID, p domain.Profile) error
}

// UpsertRemoteAccount creates or refreshes the profile of a remote account
// (a profile with a domain), so that follows, timelines, notifications,
// blocks and search work on it as on a member's. It has no account: it can
// never sign in, and gets no mail, push or digest. Texts are cut to the
// lengths a member's are held to rather than refused: the other server's
// rules are not ours to enforce.
type UpsertRemoteAccount struct {
	Profiles RemoteAccountStore
	Tx       ports.Transactor
	Search   ports.SearchIndexQueue
	Clock    ports.Clock
}

// Handle stores in and answers the profile's ID.
func (uc *UpsertRemoteAccount) Handle(ctx context.Context, in RemoteAccount) (domain.UserID, error) {
	handle, ok := domain.RemoteHandle(in.Username, in.Domain)
	if !ok || !strings.HasPrefix(in.URL, "https://") && !strings.HasPrefix(in.URL, "http://") || len(in.URL) > 2048 {
		return domain.UserID{}, errs.Invalid(CodeBadRemoteAccount, MsgBadRemoteAccount, nil)
	}
	now := uc.Clock.Now()
	host := handle[strings.IndexByte(handle, '@')+1:]
	name := cut(domain.CleanDisplayName(in.DisplayName), 50)
	if strings.TrimSpace(name) == "" {
		name = cut(strings.ToLower(strings.TrimSpace(in.Username)), 50)
	}
	p := domain.Profile{ID: domain.NewUserID(), Handle: handle, DisplayName: name,
		Bio: domain.NullIfEmpty(cut(domain.CleanText(in.Bio), 500)), Domain: &host, RemoteURL: &in.URL,
		CreatedAt: now, UpdatedAt: now}
	id := in.ID
	err := uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		if id.IsZero() {
			if id, err = uc.Profiles.UpsertRemote(ctx, p); err != nil {
				return err
			}
		} else if err = uc.Profiles.UpdateRemote(ctx, id, p); err != nil {
			return err
		}
		return uc.Search.EnqueueIndex(ctx, ports.SearchUser, id.String())
	})
	if err != nil {
		return domain.UserID{}, fmt.Errorf("remote account %s: %w", handle, err)
	}
	return id, nil
}

// cut is s to at most n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}
