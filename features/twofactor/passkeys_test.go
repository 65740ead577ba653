package twofactor_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/fxamacker/cbor/v2"

	"social/config"
	twofactor "social/features/twofactor/app"
	at "social/tests/testkit/apptest"
)

// authenticator is a software passkey holder: one ES256 key per
// credential, speaking WebAuthn's wire format as a browser relays it.
type authenticator struct {
	t      *testing.T
	origin string
	rpID   string
	creds  map[string]*softCredential // by credential ID (base64url)
}

type softCredential struct {
	id     []byte
	key    *ecdsa.PrivateKey
	user   []byte
	signed uint32
}

var b64 = base64.RawURLEncoding

func newAuthenticator(t *testing.T, app *at.App) *authenticator {
	return &authenticator{t: t, origin: app.Config.HTTP.PublicURL, rpID: "localhost", creds: map[string]*softCredential{}}
}

func (a *authenticator) clientData(kind, challenge string) []byte {
	b, _ := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	return b
}

func (a *authenticator) authData(flags byte, count uint32, attested []byte) []byte {
	h := sha256.Sum256([]byte(a.rpID))
	out := append([]byte{}, h[:]...)
	out = append(out, flags)
	out = binary.BigEndian.AppendUint32(out, count)
	return append(out, attested...)
}

// create answers registration options (publicKey) with a new credential.
func (a *authenticator) create(options map[string]any) map[string]any {
	a.t.Helper()
	user := options["user"].(map[string]any)
	userID, err := b64.DecodeString(user["id"].(string))
	if err != nil {
		a.t.Fatal(err)
	}
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	c := &softCredential{id: make([]byte, 32), key: key, user: userID}
	_, _ = rand.Read(c.id)
	a.creds[b64.EncodeToString(c.id)] = c
	x, y := make([]byte, 32), make([]byte, 32)
	key.PublicKey.X.FillBytes(x)
	key.PublicKey.Y.FillBytes(y)
	cose, err := cbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: x, -3: y})
	if err != nil {
		a.t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(c.id)))
	attested = append(attested, c.id...)
	attested = append(attested, cose...)
	att, err := cbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{},
		"authData": a.authData(0x45, 0, attested)}) // UP, UV, AT
	if err != nil {
		a.t.Fatal(err)
	}
	return map[string]any{"id": b64.EncodeToString(c.id), "rawId": b64.EncodeToString(c.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(a.clientData("webauthn.create", options["challenge"].(string))),
			"attestationObject": b64.EncodeToString(att), "transports": []string{"internal"}}}
}

// get answers request options with an assertion of credential c.
func (a *authenticator) get(options map[string]any, c *softCredential) map[string]any {
	a.t.Helper()
	c.signed++
	data := a.authData(0x05, c.signed, nil) // UP, UV
	cd := a.clientData("webauthn.get", options["challenge"].(string))
	h := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, data...), h[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, c.key, digest[:])
	if err != nil {
		a.t.Fatal(err)
	}
	return map[string]any{"id": b64.EncodeToString(c.id), "rawId": b64.EncodeToString(c.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(cd), "authenticatorData": b64.EncodeToString(data),
			"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(c.user)}}
}

type ceremony struct {
	Ceremony string         `json:"ceremony"`
	Options  map[string]any `json:"options"`
}

type passkeyView struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	RecoveryCodes []string `json:"recovery_codes"`
}

// addPasskey registers a new passkey for m.
func addPasskey(t *testing.T, m *at.Member, a *authenticator, name string) (passkeyView, *softCredential) {
	t.Helper()
	var c ceremony
	m.Do(http.MethodPost, "/api/v1/auth/passkeys/registration-options", nil).Expect(t, http.StatusOK).JSON(t, &c)
	sel := c.Options["authenticatorSelection"].(map[string]any)
	if sel["residentKey"] != "required" {
		t.Fatalf("registration options %+v", c.Options)
	}
	cred := a.create(c.Options)
	var p passkeyView
	m.Do(http.MethodPost, "/api/v1/auth/passkeys", map[string]any{"ceremony": c.Ceremony, "name": name, "credential": cred}).
		Expect(t, http.StatusCreated).JSON(t, &p)
	// The ceremony was used once.
	m.Do(http.MethodPost, "/api/v1/auth/passkeys", map[string]any{"ceremony": c.Ceremony, "name": name, "credential": cred}).
		Expect(t, http.StatusUnprocessableEntity)
	return p, a.creds[cred["id"].(string)]
}

func TestAPasskeyAloneSignsIn(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("eva")
	a := newAuthenticator(t, app)
	p, cred := addPasskey(t, m, a, "Notebook")
	// The first passkey of a member without recovery codes brings them, shown once; a second one none.
	if len(p.RecoveryCodes) != 10 {
		t.Fatalf("recovery codes with the first passkey: %v", p.RecoveryCodes)
	}
	tablet, _ := addPasskey(t, m, a, "Tablet")
	if len(tablet.RecoveryCodes) != 0 {
		t.Fatalf("recovery codes with the second passkey: %v", tablet.RecoveryCodes)
	}

	c := app.Client()
	var begin ceremony
	c.Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in-options", nil).Expect(t, http.StatusOK).JSON(t, &begin)
	if _, named := begin.Options["allowCredentials"]; named {
		t.Fatalf("sign-in options name credentials: %+v", begin.Options)
	}
	var s at.Session
	c.Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in", map[string]any{"ceremony": begin.Ceremony,
		"credential": a.get(begin.Options, cred)}).Expect(t, http.StatusOK).JSON(t, &s)
	if s.User.ID != m.ID || s.AccessToken == "" {
		t.Fatalf("session %+v", s)
	}
	// The ceremony is used once.
	pr := app.Client().Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in", map[string]any{"ceremony": begin.Ceremony,
		"credential": a.get(begin.Options, cred)}).Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if pr.Code != twofactor.CodePasskeyCeremonyGone {
		t.Fatalf("reused ceremony: %+v", pr)
	}

	// With a passkey the password sign-in needs a second step, which the passkey completes.
	pending := signInPending(t, app.Client(), m.Email, at.Password)
	var withOptions struct {
		Challenge      string         `json:"challenge"`
		Methods        []string       `json:"methods"`
		PasskeyOptions map[string]any `json:"passkey_options"`
	}
	r := app.Client().Do(http.MethodPost, signInPath, map[string]string{"email": m.Email, "password": at.Password})
	r.Expect(t, http.StatusAccepted).JSON(t, &withOptions)
	if withOptions.PasskeyOptions == nil || pending.Methods[0] != "passkey" {
		t.Fatalf("pending %+v", withOptions)
	}
	app.Client().Do(http.MethodPost, secondStepPath, map[string]any{"challenge": withOptions.Challenge,
		"passkey": a.get(withOptions.PasskeyOptions, cred)}).Expect(t, http.StatusOK)

	// Another member cannot remove it; its member can, and is told by mail.
	other := app.Member("fabio")
	other.Do(http.MethodDelete, "/api/v1/auth/passkeys/"+p.ID, nil).Expect(t, http.StatusNotFound)
	m.Do(http.MethodDelete, "/api/v1/auth/passkeys/"+p.ID, nil).Expect(t, http.StatusNoContent)
	m.Do(http.MethodDelete, "/api/v1/auth/passkeys/"+p.ID, nil).Expect(t, http.StatusNotFound)
	mails := app.Mails(m.Email)
	if len(mails) < 2 || mails[0].Subject != "Segurança da sua conta no social" {
		t.Fatalf("mails %+v", mails)
	}

	// A removed passkey signs in no more.
	c.Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in-options", nil).Expect(t, http.StatusOK).JSON(t, &begin)
	app.Client().Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in", map[string]any{"ceremony": begin.Ceremony,
		"credential": a.get(begin.Options, cred)}).Expect(t, http.StatusUnauthorized)
	// With the last passkey gone, the password alone signs in again.
	m.Do(http.MethodDelete, "/api/v1/auth/passkeys/"+tablet.ID, nil).Expect(t, http.StatusNoContent)
	app.Client().SignIn(m.Email, at.Password)
}

func TestPasskeysAreRefusedOnAServerWithoutADomainName(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.HTTP.PublicURL = "http://127.0.0.1:8080" })
	m := app.Member("ivo")
	for _, r := range []*at.Response{
		app.Client().Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in-options", nil),
		m.Do(http.MethodPost, "/api/v1/auth/passkeys/registration-options", nil),
	} {
		p := r.Expect(t, http.StatusServiceUnavailable).Problem(t)
		if p.Code != twofactor.CodePasskeysUnavailable || p.Detail != twofactor.MsgPasskeysUnavailable {
			t.Fatalf("passkeys without a domain name: %+v", p)
		}
	}
	// The authenticator app works all the same.
	enrol(t, app, m)
}
