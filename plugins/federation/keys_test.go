package federation_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"social/core/errs"
	"social/plugins/federation/app"
	"social/plugins/federation/keys"
	at "social/tests/testkit/apptest"
)

// Rotation gives the member a new pair: the actor shows the new public
// key under the same key id, and the private half changed too.
func TestRotatingAKeyShowsTheNewOne(t *testing.T) {
	t.Parallel()
	var rotate *app.RotateKey
	a := at.StartPopulating(t, on(nil), &rotate)
	ana := a.Member("ana")
	before := fetchActor(t, a, ana.ID)
	privateBefore := privateKeyOf(t, a, ana.ID)

	m, key, err := rotate.Handle(context.Background(), "@Ana")
	if err != nil {
		t.Fatal(err)
	}
	after := fetchActor(t, a, ana.ID)
	if m.ID.String() != ana.ID || key.PEM != after.PublicKey.PublicKeyPem || key.RotatedAt.IsZero() {
		t.Fatalf("rotated %+v %+v", m, key)
	}
	if after.PublicKey.PublicKeyPem == before.PublicKey.PublicKeyPem || after.PublicKey.ID != before.PublicKey.ID {
		t.Fatalf("key id %s -> %s, same key: %v", before.PublicKey.ID, after.PublicKey.ID,
			after.PublicKey.PublicKeyPem == before.PublicKey.PublicKeyPem)
	}
	if privateKeyOf(t, a, ana.ID) == privateBefore {
		t.Fatal("the private half was kept")
	}

	// A member without a key gets their first; nobody is not found.
	a.Member("bia")
	if _, key, err := rotate.Handle(context.Background(), "bia"); err != nil || key.PEM == "" {
		t.Fatalf("first key by rotation: %v", err)
	}
	_, _, err = rotate.Handle(context.Background(), "ninguem")
	if e, ok := errs.As(err); !ok || e.Code != "federation_not_found" {
		t.Fatalf("rotate nobody's key: %v", err)
	}
}

func privateKeyOf(t *testing.T, a *at.App, id string) string {
	t.Helper()
	var pemText string
	if err := a.DB.NewRaw(`SELECT private_key_pem FROM federation_member_keys WHERE member_id = ?`, id).Scan(context.Background(), &pemText); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pemText, "-----BEGIN PRIVATE KEY-----") {
		t.Fatalf("private key stored as %.30q", pemText)
	}
	return pemText
}

// A key pair printed or logged by mistake shows no private key.
func TestAKeyPairHidesItsPrivateHalf(t *testing.T) {
	pair, err := keys.RSA{}.NewKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, nil)).Info("made", "pair", pair)
	for _, out := range []string{fmt.Sprint(pair), fmt.Sprintf("%+v", pair), fmt.Sprintf("%#v", pair), logged.String()} {
		if strings.Contains(out, "PRIVATE KEY") || strings.Contains(out, pair.PrivatePEM[40:80]) {
			t.Fatalf("the private key shows: %s", out)
		}
	}
	if _, err := keys.ParsePublic(pair.PublicPEM); err != nil {
		t.Fatal(err)
	}
	if _, err := keys.ParsePublic(pair.PrivatePEM); err == nil {
		t.Fatal("a private key read as a public one")
	}
}
