package httpsig

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// signedAt is the clock of the hostile cases.
var signedAt = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// resign recomputes the draft-cavage signature of r over headers with
// key, as an attacker holding the key (or a sloppy peer) would.
func resign(t *testing.T, r *http.Request, key *rsa.PrivateKey, algorithm, headers, extra string) {
	t.Helper()
	p := cavageParams{algorithm: algorithm, headers: strings.Fields(headers)}
	for _, kv := range strings.Split(extra, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			if k == "created" {
				p.created = v
			} else if k == "expires" {
				p.expires = v
			}
		}
	}
	base, err := cavageSigningString(r, p)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(base))
	sig, serr := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, sum[:])
	if serr != nil {
		t.Fatal(serr)
	}
	header := `keyId="` + testKeyID + `",headers="` + headers + `",signature="` + base64.StdEncoding.EncodeToString(sig) + `"`
	if algorithm != "" {
		header = `algorithm="` + algorithm + `",` + header
	}
	if extra != "" {
		header = extra + "," + header
	}
	r.Header.Set("Signature", header)
}

// TestHostileCavage: each request is refused with its code, and nothing
// panics.
func TestHostileCavage(t *testing.T) {
	key, other := rsaKeys(t)
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	keys := &staticKeys{keys: map[string]Key{testKeyID: {Public: &key.PublicKey}}}
	now := signedAt
	v := &Verifier{Resolve: keys.resolve, Now: func() time.Time { return now }}
	cases := []struct {
		name   string
		mutate func(r *http.Request, body []byte) []byte
		want   Code
	}{
		{"unsigned", func(r *http.Request, b []byte) []byte { r.Header.Del("Signature"); return b }, CodeMissing},
		{"garbled", func(r *http.Request, b []byte) []byte { r.Header.Set("Signature", `keyId="x",signature=`); return b }, CodeMalformed},
		{"binary garbage", func(r *http.Request, b []byte) []byte { r.Header.Set("Signature", "\x00\xff\"=,"); return b }, CodeMalformed},
		{"two Signature headers", func(r *http.Request, b []byte) []byte {
			r.Header.Add("Signature", r.Header.Get("Signature"))
			return b
		}, CodeMalformed},
		{"huge Signature header", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Signature", `keyId="`+strings.Repeat("a", 1<<20)+`",signature="AAAA"`)
			return b
		}, CodeMalformed},
		{"huge headers list", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Signature", `keyId="k",headers="`+strings.Repeat("x ", 200)+`",signature="AAAA"`)
			return b
		}, CodeMalformed},
		{"unknown algorithm", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Signature", strings.Replace(r.Header.Get("Signature"), "rsa-sha256", "hmac-sha256", 1))
			return b
		}, CodeAlgorithm},
		{"rsa-sha512 is not accepted", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Signature", strings.Replace(r.Header.Get("Signature"), "rsa-sha256", "rsa-sha512", 1))
			return b
		}, CodeAlgorithm},
		{"signed by another key", func(r *http.Request, b []byte) []byte {
			resign(t, r, other, "rsa-sha256", "(request-target) host date digest", "")
			return b
		}, CodeInvalid},
		{"signature bytes flipped", func(r *http.Request, b []byte) []byte {
			sig := []byte(r.Header.Get("Signature"))
			i := strings.Index(string(sig), `signature="`) + len(`signature="`) + 10
			sig[i] = map[bool]byte{true: 'B', false: 'A'}[sig[i] == 'A']
			r.Header.Set("Signature", string(sig))
			return b
		}, CodeInvalid},
		{"no host signed", func(r *http.Request, b []byte) []byte {
			resign(t, r, key, "rsa-sha256", "(request-target) date digest", "")
			return b
		}, CodeCoverage},
		{"no request-target signed", func(r *http.Request, b []byte) []byte {
			resign(t, r, key, "rsa-sha256", "host date digest", "")
			return b
		}, CodeCoverage},
		{"no date signed", func(r *http.Request, b []byte) []byte {
			resign(t, r, key, "rsa-sha256", "(request-target) host digest", "")
			return b
		}, CodeCoverage},
		{"no digest signed", func(r *http.Request, b []byte) []byte {
			resign(t, r, key, "rsa-sha256", "(request-target) host date", "")
			return b
		}, CodeDigestMissing},
		{"default headers (date only)", func(r *http.Request, b []byte) []byte {
			sig := r.Header.Get("Signature")
			r.Header.Set("Signature", sig[:strings.Index(sig, `headers=`)]+sig[strings.Index(sig, `signature=`):])
			return b
		}, CodeCoverage},
		{"body changed", func(r *http.Request, b []byte) []byte {
			return []byte(`{"type":"Delete"}`)
		}, CodeDigestMismatch},
		{"body and Digest changed, signature kept", func(r *http.Request, b []byte) []byte {
			nb := []byte(`{"type":"Delete"}`)
			r.Header.Set("Digest", DigestHeader(nb))
			return nb
		}, CodeInvalid},
		{"Digest removed", func(r *http.Request, b []byte) []byte { r.Header.Del("Digest"); return b }, CodeDigestMissing},
		{"Digest of md5 only", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Digest", "MD5=Sd/dVLAcvNLSq16eXua5uQ==")
			return b
		}, CodeDigestUnsupported},
		{"path changed", func(r *http.Request, b []byte) []byte { r.RequestURI = "/users/carla/inbox"; return b }, CodeInvalid},
		{"host changed", func(r *http.Request, b []byte) []byte { r.Host = "c.example"; return b }, CodeInvalid},
		{"date changed", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Date", signedAt.Add(time.Second).Format(http.TimeFormat))
			return b
		}, CodeInvalid},
		{"date unreadable", func(r *http.Request, b []byte) []byte { r.Header.Set("Date", "yesterday"); return b }, CodeDate},
		{"huge date", func(r *http.Request, b []byte) []byte { r.Header.Set("Date", strings.Repeat("9", 1<<16)); return b }, CodeDate},
		{"replayed after an hour", func(r *http.Request, b []byte) []byte {
			now = signedAt.Add(DefaultMaxAge + time.Second)
			return b
		}, CodeExpired},
		{"dated ahead", func(r *http.Request, b []byte) []byte {
			now = signedAt.Add(-DefaultMaxSkew - time.Second)
			return b
		}, CodeFuture},
		{"created too old (hs2019)", func(r *http.Request, b []byte) []byte {
			created := signedAt.Add(-2 * time.Hour).Unix()
			resign(t, r, key, "hs2019", "(request-target) host (created) digest", "created="+itoa(created))
			return b
		}, CodeExpired},
		{"expires passed (hs2019)", func(r *http.Request, b []byte) []byte {
			resign(t, r, key, "hs2019", "(request-target) host date (created) (expires) digest",
				"created="+itoa(signedAt.Add(-10*time.Minute).Unix())+",expires="+itoa(signedAt.Add(-6*time.Minute).Unix()))
			return b
		}, CodeExpired},
		{"(created) with rsa-sha256", func(r *http.Request, b []byte) []byte {
			r.Header.Set("Signature", `created=1,algorithm="rsa-sha256",keyId="k",headers="(request-target) host (created) digest",signature="AAAA"`)
			return b
		}, CodeMalformed},
		{"key too small", func(r *http.Request, b []byte) []byte {
			resign(t, r, weak, "rsa-sha256", "(request-target) host date digest", "")
			keys.keys[testKeyID] = Key{Public: &weak.PublicKey}
			return b
		}, CodeKeyRejected},
		{"RSA signature, Ed25519 key", func(r *http.Request, b []byte) []byte {
			pub, _, _ := ed25519.GenerateKey(nil)
			keys.keys[testKeyID] = Key{Public: pub}
			return b
		}, CodeAlgorithm},
		{"unknown key", func(r *http.Request, b []byte) []byte { delete(keys.keys, testKeyID); return b }, CodeKeyUnavailable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now = signedAt
			keys.keys = map[string]Key{testKeyID: {Public: &key.PublicKey}}
			r, body := signedPost(t, key, signedAt)
			body = c.mutate(r, body)
			got, err := v.Verify(context.Background(), r, body)
			if got != nil {
				t.Fatalf("verified: %+v", got)
			}
			wantCode(t, err, c.want)
			if Message(c.want) == "" || strings.Contains(err.Error(), "BEGIN") {
				t.Fatalf("error text %q", err)
			}
		})
	}
	// Within the bounds it passes: 59 minutes old, 4 minutes ahead.
	for _, offset := range []time.Duration{59 * time.Minute, -4 * time.Minute} {
		now = signedAt.Add(offset)
		keys.keys = map[string]Key{testKeyID: {Public: &key.PublicKey}}
		r, body := signedPost(t, key, signedAt)
		if _, err := v.Verify(context.Background(), r, body); err != nil {
			t.Errorf("signed %v before now: %v", offset, err)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// sign9421 signs r with an RFC 9421 signature labelled sig1 over
// components with params, by key under alg.
func sign9421(t *testing.T, r *http.Request, components, params string, key crypto.Signer, alg string) {
	t.Helper()
	r.Header.Set("Signature-Input", "sig1=("+components+")"+params)
	r.Header.Set("Signature", "sig1=:AA==:")
	s, err := parseMessageSignature(r, "", DefaultMaxHeaderBytes)
	if err != nil {
		t.Fatal(err)
	}
	base, err := (&Verifier{}).signatureBase(r, s)
	if err != nil {
		t.Fatal(err)
	}
	var sig []byte
	var serr error
	switch alg {
	case AlgEd25519:
		sig, serr = key.Sign(nil, []byte(base), crypto.Hash(0))
	default:
		sum := sha256.Sum256([]byte(base))
		sig, serr = key.Sign(rand.Reader, sum[:], crypto.SHA256)
	}
	if serr != nil {
		t.Fatal(serr)
	}
	r.Header.Set("Signature", "sig1=:"+base64.StdEncoding.EncodeToString(sig)+":")
}

// TestRFC9421RoundTripAndHostile: a Mastodon-shaped RFC 9421 inbox POST
// (rsa-v1_5-sha256 over @method, @target-uri, content-digest) and an
// Ed25519 one verify; every way of breaking them is refused.
func TestRFC9421RoundTripAndHostile(t *testing.T) {
	key, other := rsaKeys(t)
	edPriv := mustPrivate(t, rfcKeyEd25519Private)
	keys := &staticKeys{}
	v := &Verifier{Resolve: keys.resolve, Now: func() time.Time { return signedAt }}
	body := []byte(`{"type":"Like"}`)
	created := ";created=" + itoa(signedAt.Unix()) + `;keyid="` + testKeyID + `"`
	fresh := func() *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/users/bia/inbox", strings.NewReader(string(body)))
		r.Host = "b.example"
		r.Header.Set("Content-Digest", ContentDigestHeader(body))
		return r
	}
	reset := func() { keys.keys = map[string]Key{testKeyID: {Public: &key.PublicKey}} }

	reset()
	r := fresh()
	sign9421(t, r, `"@method" "@target-uri" "content-digest"`, created, key, AlgRSAv15SHA256)
	got, err := v.Verify(context.Background(), r, body)
	if err != nil || got.Algorithm != AlgRSAv15SHA256 || got.Scheme != SchemeRFC9421 {
		t.Fatalf("mastodon-shaped: %+v, %v", got, err)
	}

	keys.keys = map[string]Key{testKeyID: {Public: edPriv.Public()}}
	r = fresh()
	sign9421(t, r, `"@method" "@authority" "@path" "content-digest"`, created+`;alg="ed25519"`, edPriv, AlgEd25519)
	if got, err := v.Verify(context.Background(), r, body); err != nil || got.Algorithm != AlgEd25519 {
		t.Fatalf("ed25519: %+v, %v", got, err)
	}

	cases := []struct {
		name       string
		components string
		params     string
		signer     crypto.Signer
		mutate     func(r *http.Request) []byte
		want       Code
	}{
		{"created missing", `"@method" "@target-uri" "content-digest"`, `;keyid="` + testKeyID + `"`, key, nil, CodeDate},
		{"keyid missing", `"@method" "@target-uri" "content-digest"`, ";created=" + itoa(signedAt.Unix()), key, nil, CodeMalformed},
		{"created is a string", `"@method" "@target-uri" "content-digest"`, `;created="1";keyid="k"`, key, nil, CodeMalformed},
		{"hmac algorithm", `"@method" "@target-uri" "content-digest"`, created + `;alg="hmac-sha256"`, key, nil, CodeAlgorithm},
		{"alg is not the key's", `"@method" "@target-uri" "content-digest"`, created + `;alg="ed25519"`, key, nil, CodeAlgorithm},
		{"no @method", `"@target-uri" "content-digest"`, created, key, nil, CodeCoverage},
		{"no authority", `"@method" "@path" "content-digest"`, created, key, nil, CodeCoverage},
		{"no path", `"@method" "@authority" "content-digest"`, created, key, nil, CodeCoverage},
		{"no content-digest", `"@method" "@target-uri"`, created, key, nil, CodeDigestMissing},
		{"other key", `"@method" "@target-uri" "content-digest"`, created, other, nil, CodeInvalid},
		{"replayed", `"@method" "@target-uri" "content-digest"`, ";created=" + itoa(signedAt.Add(-2*time.Hour).Unix()) + `;keyid="` + testKeyID + `"`, key, nil, CodeExpired},
		{"future", `"@method" "@target-uri" "content-digest"`, ";created=" + itoa(signedAt.Add(time.Hour).Unix()) + `;keyid="` + testKeyID + `"`, key, nil, CodeFuture},
		{"expired", `"@method" "@target-uri" "content-digest"`, created + ";expires=" + itoa(signedAt.Add(-10*time.Minute).Unix()), key, nil, CodeExpired},
		{"body changed", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte { return []byte(`{}`) }, CodeDigestMismatch},
		{"digest and body changed", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte {
			r.Header.Set("Content-Digest", ContentDigestHeader([]byte(`{}`)))
			return []byte(`{}`)
		}, CodeInvalid},
		{"target changed", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte {
			r.RequestURI = "/users/carla/inbox"
			return body
		}, CodeInvalid},
		{"Signature dropped", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte {
			r.Header.Del("Signature")
			return body
		}, CodeMalformed},
		{"label mismatch", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte {
			r.Header.Set("Signature", strings.Replace(r.Header.Get("Signature"), "sig1=", "sig2=", 1))
			return body
		}, CodeMalformed},
		{"garbled input", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte {
			r.Header.Set("Signature-Input", `sig1=("@method" "@target-uri"`)
			return body
		}, CodeMalformed},
		{"huge input", `"@method" "@target-uri" "content-digest"`, created, key, func(r *http.Request) []byte {
			r.Header.Set("Signature-Input", `sig1=("`+strings.Repeat("a", 1<<20)+`")`)
			return body
		}, CodeMalformed},
		{"component repeated", `"@method" "@method" "@target-uri" "content-digest"`, created, key, nil, CodeMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reset()
			r := fresh()
			r.Header.Set("Signature-Input", "sig1=("+c.components+")"+c.params)
			r.Header.Set("Signature", "sig1=:AA==:")
			// Signed when it can be: a form refused before the base is
			// built keeps its placeholder signature.
			if s, perr := parseMessageSignature(r, "", DefaultMaxHeaderBytes); perr == nil {
				if _, berr := (&Verifier{}).signatureBase(r, s); berr == nil {
					sign9421(t, r, c.components, c.params, c.signer, AlgRSAv15SHA256)
				}
			}
			b := body
			if c.mutate != nil {
				b = c.mutate(r)
			}
			got, err := v.Verify(context.Background(), r, b)
			if got != nil {
				t.Fatalf("verified: %+v", got)
			}
			wantCode(t, err, c.want)
		})
	}
}

// TestMastodonShapedSignatureVerifies: Mastodon signs its inbox POSTs
// over "(request-target) host date digest content-type"; a header signed
// beyond what we require is simply part of the string.
func TestMastodonShapedSignatureVerifies(t *testing.T) {
	key, _ := rsaKeys(t)
	keys := &staticKeys{keys: map[string]Key{testKeyID: {Public: &key.PublicKey}}}
	v := &Verifier{Resolve: keys.resolve, Now: func() time.Time { return signedAt }}
	r, body := signedPost(t, key, signedAt)
	resign(t, r, key, "rsa-sha256", "(request-target) host date digest content-type", "")
	got, err := v.Verify(context.Background(), r, body)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Covered) != 5 || got.Covered[4] != "content-type" {
		t.Fatalf("covered %v", got.Covered)
	}
	// The content type changed after signing: refused.
	r.Header.Set("Content-Type", "text/html")
	_, err = v.Verify(context.Background(), r, body)
	wantCode(t, err, CodeInvalid)
}
