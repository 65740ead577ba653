package httpsig_test

// Interoperability with github.com/go-fed/httpsig, a draft-cavage
// implementation written elsewhere (GoToSocial's own signer is a fork of
// it): its signatures must pass our Verifier, ours must pass its
// verifier, over real HTTP. It is imported by this test only.

import (
	"bytes"
	"context"
	"crypto/rsa"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	gofed "github.com/go-fed/httpsig"

	"social/kit/httpsig"
)

const oracleKeyID = "https://a.example/users/ana#main-key"

func oracleKey(t *testing.T) *rsa.PrivateKey {
	t.Helper()
	key, err := httpsig.GenerateRSAKey()
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// TestGoFedSignaturesVerify: go-fed signs a POST (with its own Digest)
// and a GET the way the fediverse does; our Verifier accepts them.
func TestGoFedSignaturesVerify(t *testing.T) {
	key := oracleKey(t)
	pubPEM, err := httpsig.PublicKeyPEM(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	var verified []*httpsig.Verified
	v := &httpsig.Verifier{
		Scheme: "http",
		Resolve: func(_ context.Context, keyID string, _ bool) (httpsig.Key, error) {
			// As an actor's publicKeyPem would be read.
			pub, err := httpsig.ParsePublicKeyPEM(pubPEM)
			return httpsig.Key{Public: pub}, err
		},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := httpsig.ReadBody(r.Body, 1<<20)
		if err == nil {
			var got *httpsig.Verified
			if got, err = v.Verify(r.Context(), r, body); err == nil {
				verified = append(verified, got)
				w.WriteHeader(http.StatusAccepted)
				return
			}
		}
		t.Errorf("%s %s refused: %v", r.Method, r.URL, err)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()

	body := []byte(`{"@context":"https://www.w3.org/ns/activitystreams","type":"Create","actor":"https://a.example/users/ana"}`)
	for _, c := range []struct {
		method  string
		headers []string
		body    []byte
	}{
		{http.MethodPost, []string{gofed.RequestTarget, "host", "date", "digest"}, body},
		{http.MethodGet, []string{gofed.RequestTarget, "host", "date"}, nil},
	} {
		signer, _, err := gofed.NewSigner([]gofed.Algorithm{gofed.RSA_SHA256}, gofed.DigestSha256, c.headers, gofed.Signature, 0)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := http.NewRequest(c.method, srv.URL+"/users/bia/inbox", bytes.NewReader(c.body))
		r.Header.Set("Host", r.URL.Host) // go-fed signs the header map's Host
		r.Header.Set("Date", time.Now().UTC().Format(http.TimeFormat))
		if err := signer.SignRequest(key, oracleKeyID, r, c.body); err != nil {
			t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("go-fed %s: %d", c.method, res.StatusCode)
		}
	}
	if len(verified) != 2 || verified[0].KeyID != oracleKeyID || verified[0].Algorithm != httpsig.AlgRSAv15SHA256 {
		t.Fatalf("verified %+v", verified)
	}
}

// TestGoFedVerifiesOurSignatures: go-fed's verifier accepts what our
// Signer sends, and our Digest is the one go-fed computes for the body.
func TestGoFedVerifiesOurSignatures(t *testing.T) {
	key := oracleKey(t)
	body := []byte(`{"type":"Follow","actor":"https://a.example/users/ana"}`)
	checked := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		verifier, err := gofed.NewVerifier(r)
		if err != nil {
			t.Errorf("go-fed cannot read our %s signature: %v", r.Method, err)
			return
		}
		if verifier.KeyId() != oracleKeyID {
			t.Errorf("go-fed read keyId %q", verifier.KeyId())
		}
		if err := verifier.Verify(&key.PublicKey, gofed.RSA_SHA256); err != nil {
			t.Errorf("go-fed refuses our %s signature: %v", r.Method, err)
			return
		}
		checked++
	}))
	defer srv.Close()

	for _, method := range []string{http.MethodPost, http.MethodGet} {
		var b []byte
		if method == http.MethodPost {
			b = body
		}
		r, _ := http.NewRequest(method, srv.URL+"/users/bia/inbox?page=1", bytes.NewReader(b))
		if err := (&httpsig.Signer{KeyID: oracleKeyID, Key: key}).Sign(r, b); err != nil {
			t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	if checked != 2 {
		t.Fatalf("go-fed verified %d of 2 requests", checked)
	}

	// go-fed's Digest for the same body.
	signer, _, err := gofed.NewSigner([]gofed.Algorithm{gofed.RSA_SHA256}, gofed.DigestSha256, []string{"digest"}, gofed.Signature, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := http.NewRequest(http.MethodPost, "https://b.example/inbox", nil)
	if err := signer.SignRequest(key, oracleKeyID, r, body); err != nil {
		t.Fatal(err)
	}
	if got, want := httpsig.DigestHeader(body), r.Header.Get("Digest"); got != want {
		t.Fatalf("Digest %q, go-fed's %q", got, want)
	}
}
