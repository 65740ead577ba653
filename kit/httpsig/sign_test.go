package httpsig

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/rsa"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"testing"
	"time"
)

var (
	testKeyOnce sync.Once
	testKeys    [2]*rsa.PrivateKey
)

// rsaKeys are two RSA-2048 keys made once for the package's tests.
func rsaKeys(t *testing.T) (*rsa.PrivateKey, *rsa.PrivateKey) {
	t.Helper()
	testKeyOnce.Do(func() {
		for i := range testKeys {
			k, err := GenerateRSAKey()
			if err != nil {
				panic(err)
			}
			testKeys[i] = k
		}
	})
	return testKeys[0], testKeys[1]
}

const testKeyID = "https://a.example/users/ana#main-key"

// inbox is a server that verifies every request it gets with v and
// answers 202, or 401 with the error's code.
func inbox(t *testing.T, v *Verifier) (*httptest.Server, *[]*Verified) {
	t.Helper()
	var mu sync.Mutex
	var seen []*Verified
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := ReadBody(r.Body, 1<<20)
		if err == nil {
			var got *Verified
			got, err = v.Verify(r.Context(), r, body)
			if err == nil {
				mu.Lock()
				seen = append(seen, got)
				mu.Unlock()
				w.WriteHeader(http.StatusAccepted)
				return
			}
		}
		w.Header().Set("X-Code", string(CodeOf(err)))
		w.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

func send(t *testing.T, r *http.Request) *http.Response {
	t.Helper()
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// TestSignVerifyOverTheWire signs with Signer, sends through net/http
// and verifies on the server side: POST with a digest, GET without, an
// RSA key and an Ed25519 one.
func TestSignVerifyOverTheWire(t *testing.T) {
	rsaKey, _ := rsaKeys(t)
	edPub, edPriv, _ := ed25519.GenerateKey(nil)
	keys := &staticKeys{keys: map[string]Key{
		testKeyID:             {Public: &rsaKey.PublicKey},
		"https://e.example/k": {Public: edPub},
	}}
	srv, seen := inbox(t, &Verifier{Resolve: keys.resolve, Scheme: "http"})
	body := []byte(`{"type":"Create","actor":"https://a.example/users/ana"}`)
	for _, c := range []struct {
		keyID, method string
		key           crypto.Signer
		body          []byte
		headers, alg  string
	}{
		{testKeyID, http.MethodPost, rsaKey, body, "(request-target) host date digest", "rsa-sha256"},
		{testKeyID, http.MethodGet, rsaKey, nil, "(request-target) host date", "rsa-sha256"},
		{"https://e.example/k", http.MethodPost, edPriv, body, "(request-target) host date digest", "hs2019"},
	} {
		r, _ := http.NewRequest(c.method, srv.URL+"/users/bia/inbox?x=1", bytes.NewReader(c.body))
		s := &Signer{KeyID: c.keyID, Key: c.key}
		if err := s.Sign(r, c.body); err != nil {
			t.Fatal(err)
		}
		sig := r.Header.Get("Signature")
		if want := regexp.MustCompile(`^keyId="[^"]+",algorithm="` + c.alg + `",headers="` + regexp.QuoteMeta(c.headers) + `",signature="[A-Za-z0-9+/=]+"$`); !want.MatchString(sig) {
			t.Fatalf("Signature header %q", sig)
		}
		if c.body != nil && r.Header.Get("Digest") != DigestHeader(c.body) {
			t.Fatalf("Digest = %q", r.Header.Get("Digest"))
		}
		if res := send(t, r); res.StatusCode != http.StatusAccepted {
			t.Fatalf("%s %s: %d %s", c.method, c.alg, res.StatusCode, res.Header.Get("X-Code"))
		}
	}
	if len(*seen) != 3 || (*seen)[2].Algorithm != AlgEd25519 || (*seen)[0].KeyID != testKeyID {
		t.Fatalf("verified %+v", *seen)
	}
}

// TestStaleKeyIsRefetchedOnce: the cached key is an old one; the
// verifier asks once for a fresh key and succeeds with it. With a wrong
// key everywhere it asks once and fails, and a resolver that returns
// the same key again spares the second check.
func TestStaleKeyIsRefetchedOnce(t *testing.T) {
	current, old := rsaKeys(t)
	r, body := signedPost(t, current, time.Now())
	keys := &staticKeys{
		keys:  map[string]Key{testKeyID: {Public: &old.PublicKey}},
		fresh: map[string]Key{testKeyID: {Public: &current.PublicKey}},
	}
	v := &Verifier{Resolve: keys.resolve}
	if _, err := v.Verify(context.Background(), r, body); err != nil {
		t.Fatal(err)
	}
	if len(keys.calls) != 2 || keys.calls[0] || !keys.calls[1] {
		t.Fatalf("resolver calls (fresh flags) = %v", keys.calls)
	}

	keys = &staticKeys{keys: map[string]Key{testKeyID: {Public: &old.PublicKey}}}
	v.Resolve = keys.resolve
	_, err := v.Verify(context.Background(), r, body)
	wantCode(t, err, CodeInvalid)
	if len(keys.calls) != 2 {
		t.Fatalf("resolver calls = %v", keys.calls)
	}

	// The resolver fails: no key, nothing verified.
	v.Resolve = func(context.Context, string, bool) (Key, error) { return Key{}, errors.New("host unreachable") }
	_, err = v.Verify(context.Background(), r, body)
	wantCode(t, err, CodeKeyUnavailable)
	var e *Error
	if !errors.As(err, &e) || e.Message() != "Não foi possível obter a chave pública do remetente." {
		t.Fatalf("error %v", err)
	}
}

// signedPost is an inbox POST signed by key at signedAt, as the server
// would receive it.
func signedPost(t *testing.T, key crypto.Signer, signedAt time.Time) (*http.Request, []byte) {
	t.Helper()
	body := []byte(`{"type":"Follow","actor":"https://a.example/users/ana","object":"https://b.example/users/bia"}`)
	r := httptest.NewRequest(http.MethodPost, "/users/bia/inbox", bytes.NewReader(body))
	r.Host = "b.example"
	r.Header.Set("Content-Type", "application/activity+json")
	s := &Signer{KeyID: testKeyID, Key: key, Now: func() time.Time { return signedAt }}
	if err := s.Sign(r, body); err != nil {
		t.Fatal(err)
	}
	return r, body
}

func TestSignerRefusesWhatItCannotSign(t *testing.T) {
	key, _ := rsaKeys(t)
	r, _ := http.NewRequest(http.MethodGet, "https://b.example/x", nil)
	for _, s := range []*Signer{
		{KeyID: "", Key: key},
		{KeyID: `a"b`, Key: key},
		{KeyID: "k", Key: nil},
	} {
		if err := s.Sign(r, nil); err == nil {
			t.Errorf("signed with %+v", s.KeyID)
		}
	}
	noHost := &http.Request{Method: http.MethodGet, URL: r.URL.JoinPath(), Header: http.Header{}}
	noHost.URL.Host = ""
	if err := (&Signer{KeyID: "k", Key: key}).Sign(noHost, nil); err == nil {
		t.Error("signed a request without a host")
	}
}
