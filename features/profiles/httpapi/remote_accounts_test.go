package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/features/profiles/app"
	at "social/tests/testkit/apptest"
)

// A remote account is a profile with a domain: its handle is user@domain,
// the profile API shows it with its server and page, a second sighting
// refreshes it instead of making another, and it has no account, so
// nobody can sign in as it.
func TestRemoteAccountsAreProfilesWithADomain(t *testing.T) {
	t.Parallel()
	var upsert *app.UpsertRemoteAccount
	a := at.StartPopulating(t, nil, &upsert)
	ctx := context.Background()
	viewer := a.Member("lia")

	in := app.RemoteAccount{Username: "Ana", Domain: "Remote.Example", URL: "https://remote.example/@ana",
		DisplayName: "Ana\u202e de Fora", Bio: "Linha um\nlinha dois"}
	id, err := upsert.Handle(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		ID          string  `json:"id"`
		Handle      string  `json:"handle"`
		DisplayName string  `json:"display_name"`
		Bio         *string `json:"bio"`
		Domain      *string `json:"domain"`
		RemoteURL   *string `json:"remote_url"`
	}
	viewer.Do(http.MethodGet, "/api/v1/profiles/@ana@remote.example", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.ID != id.String() || p.Handle != "ana@remote.example" || p.DisplayName != "Ana de Fora" ||
		p.Bio == nil || *p.Bio != "Linha um linha dois" || p.Domain == nil || *p.Domain != "remote.example" ||
		p.RemoteURL == nil || *p.RemoteURL != in.URL {
		t.Fatalf("remote profile %+v", p)
	}
	var mine struct {
		Domain    *string `json:"domain"`
		RemoteURL *string `json:"remote_url"`
	}
	viewer.Do(http.MethodGet, "/api/v1/profiles/me", nil).Expect(t, http.StatusOK).JSON(t, &mine)
	if mine.Domain != nil || mine.RemoteURL != nil {
		t.Fatalf("a member's profile has a domain: %+v", mine)
	}

	in.DisplayName, in.Bio = "", ""
	again, err := upsert.Handle(ctx, in)
	if err != nil || again != id {
		t.Fatalf("second sighting: %s, %v; want %s", again, err, id)
	}
	viewer.Do(http.MethodGet, "/api/v1/profiles/ana@remote.example", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "ana" || p.Bio != nil {
		t.Fatalf("refreshed profile %+v", p)
	}

	// Renamed on its server: the same profile under its new handle.
	in.ID, in.Username = id, "ana_nova"
	if _, err := upsert.Handle(ctx, in); err != nil {
		t.Fatal(err)
	}
	viewer.Do(http.MethodGet, "/api/v1/profiles/ana_nova@remote.example", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.ID != id.String() {
		t.Fatalf("renamed profile %+v", p)
	}

	var accounts int
	if err := a.DB.NewRaw(`SELECT count(*) FROM accounts WHERE id = ?`, id.String()).Scan(ctx, &accounts); err != nil || accounts != 0 {
		t.Fatalf("a remote account has %d accounts (%v)", accounts, err)
	}

	for _, bad := range []app.RemoteAccount{
		{Username: "ana lia", Domain: "remote.example", URL: "https://remote.example/x"},
		{Username: "ana", Domain: "remote.example/x", URL: "https://remote.example/x"},
		{Username: "ana", Domain: "remote.example", URL: "javascript:alert(1)"},
	} {
		_, err := upsert.Handle(ctx, bad)
		var e *errs.Error
		if !errors.As(err, &e) || e.Code != app.CodeBadRemoteAccount {
			t.Fatalf("%+v: %v", bad, err)
		}
	}
	// A local member cannot be taken over by a remote account's update.
	member, err := domain.ParseUserID(viewer.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := upsert.Handle(ctx, app.RemoteAccount{ID: member, Username: "x",
		Domain: "remote.example", URL: "https://remote.example/x"}); !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("update of a member as remote: %v", err)
	}
}
