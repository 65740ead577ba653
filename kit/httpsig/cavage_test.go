package httpsig

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"testing"
	"time"
)

// draft-cavage-http-signatures-12 Appendix C: its test key (1024 bits,
// though the draft calls it 2048), its request and its signatures.
const cavageTestPublic = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDCFENGw33yGihy92pDjZQhl0C3
6rPJj+CvfSC8+q28hxA161QFNUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6
Z4UMR7EOcpfdUE9Hf3m/hs+FUR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJw
oYi+1hqp1fIekaxsyQIDAQAB
-----END PUBLIC KEY-----
`

const cavageTestPrivate = `-----BEGIN RSA PRIVATE KEY-----
MIICXgIBAAKBgQDCFENGw33yGihy92pDjZQhl0C36rPJj+CvfSC8+q28hxA161QF
NUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6Z4UMR7EOcpfdUE9Hf3m/hs+F
UR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJwoYi+1hqp1fIekaxsyQIDAQAB
AoGBAJR8ZkCUvx5kzv+utdl7T5MnordT1TvoXXJGXK7ZZ+UuvMNUCdN2QPc4sBiA
QWvLw1cSKt5DsKZ8UETpYPy8pPYnnDEz2dDYiaew9+xEpubyeW2oH4Zx71wqBtOK
kqwrXa/pzdpiucRRjk6vE6YY7EBBs/g7uanVpGibOVAEsqH1AkEA7DkjVH28WDUg
f1nqvfn2Kj6CT7nIcE3jGJsZZ7zlZmBmHFDONMLUrXR/Zm3pR5m0tCmBqa5RK95u
412jt1dPIwJBANJT3v8pnkth48bQo/fKel6uEYyboRtA5/uHuHkZ6FQF7OUkGogc
mSJluOdc5t6hI1VsLn0QZEjQZMEOWr+wKSMCQQCC4kXJEsHAve77oP6HtG/IiEn7
kpyUXRNvFsDE0czpJJBvL/aRFUJxuRK91jhjC68sA7NsKMGg5OXb5I5Jj36xAkEA
gIT7aFOYBFwGgQAQkWNKLvySgKbAZRTeLBacpHMuQdl1DfdntvAyqpAZ0lY0RKmW
G6aFKaqQfOXKCyWoUiVknQJAXrlgySFci/2ueKlIE1QqIiLSZ8V8OlpFLRnb1pzI
7U1yQXnTAEFYM560yJlzUpOb1V4cScGd365tiSMvxLOvTA==
-----END RSA PRIVATE KEY-----
`

const cavageTestRequest = `
POST /foo?param=value&pet=dog HTTP/1.1
Host: example.com
Date: Sun, 05 Jan 2014 21:31:40 GMT
Content-Type: application/json
Digest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=
Content-Length: 18

{"hello": "world"}`

// cavageTestTime is the Date of the draft's request.
var cavageTestTime = time.Date(2014, 1, 5, 21, 31, 40, 0, time.UTC)

var cavageVectors = []struct {
	name, headers, signingString, signature string
}{
	{
		name:          "C.1 default test",
		headers:       "date",
		signingString: "date: Sun, 05 Jan 2014 21:31:40 GMT",
		signature:     "SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJmn+ibttBqtifLN7Sazz6m79cNfwwb8DMJ5cou1s7uEGKKCs+FLEEaDV5lp7q25WqS+lavg7T8hc0GppauB6hbgEKTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM=",
	},
	{
		name:          "C.2 basic test",
		headers:       "(request-target) host date",
		signingString: "(request-target): post /foo?param=value&pet=dog\nhost: example.com\ndate: Sun, 05 Jan 2014 21:31:40 GMT",
		signature:     "qdx+H7PHHDZgy4y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn7ndmw2iicw3HMbe8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtemr3lgdDEmn04swr2Os0=",
	},
	{
		// The draft's C.3 text lists (created) and (expires) too, but
		// its signature value is over these headers (as in its earlier
		// versions, and as every implementation tests it).
		name:          "C.3 all headers test",
		headers:       "(request-target) host date content-type digest content-length",
		signingString: "(request-target): post /foo?param=value&pet=dog\nhost: example.com\ndate: Sun, 05 Jan 2014 21:31:40 GMT\ncontent-type: application/json\ndigest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=\ncontent-length: 18",
		signature:     "vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs8rgOp+63LEM3v+MFHB32NfpB2bEKBIvB1q52LaEUHFv120V01IL+TAD48XaERZFukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zkly4zKH7s1dE=",
	},
}

// TestCavageAppendixC builds each signing string from the draft's
// request, compares it with the draft's, signs it with the draft's
// private key (RSASSA-PKCS1-v1_5 is deterministic, so the signature must
// be the draft's byte for byte) and verifies the draft's signature.
func TestCavageAppendixC(t *testing.T) {
	pub := mustPublic(t, cavageTestPublic)
	priv := mustPrivate(t, cavageTestPrivate).(*rsa.PrivateKey)
	for _, v := range cavageVectors {
		t.Run(v.name, func(t *testing.T) {
			r, _ := readRequest(t, cavageTestRequest)
			p, err := parseCavage(`keyId="Test",algorithm="rsa-sha256",headers="` + v.headers + `",signature="` + v.signature + `"`)
			if err != nil {
				t.Fatal(err)
			}
			got, err := cavageSigningString(r, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != v.signingString {
				t.Fatalf("signing string:\n%s\nwant:\n%s", got, v.signingString)
			}
			sum := sha256.Sum256([]byte(got))
			sig, serr := rsa.SignPKCS1v15(nil, priv, crypto.SHA256, sum[:])
			if serr != nil {
				t.Fatal(serr)
			}
			if b64 := base64.StdEncoding.EncodeToString(sig); b64 != v.signature {
				t.Fatalf("signature = %s, want the draft's", b64)
			}
			if err := verifyWith(AlgRSAv15SHA256, pub, 1024, []byte(got), p.signature); err != nil {
				t.Fatal(err)
			}
		})
	}
	// C.1 without a headers parameter: rsa-sha256 signs date by default.
	p, err := parseCavage(`keyId="Test",algorithm="rsa-sha256",signature="` + cavageVectors[0].signature + `"`)
	if err != nil || len(p.headers) != 1 || p.headers[0] != "date" {
		t.Fatalf("default headers = %v, %v", p.headers, err)
	}
}

// TestCavageAppendixCThroughVerify: C.3 covers all we require and its
// Digest matches the body; it passes once the 1024-bit key is allowed,
// and is refused for the key's size otherwise.
func TestCavageAppendixCThroughVerify(t *testing.T) {
	keys := &staticKeys{keys: map[string]Key{"Test": {Public: mustPublic(t, cavageTestPublic)}}}
	header := `keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date content-type digest content-length",signature="` + cavageVectors[2].signature + `"`
	v := &Verifier{Resolve: keys.resolve, MinRSABits: 1024, Now: func() time.Time { return cavageTestTime.Add(time.Minute) }}
	r, body := readRequest(t, cavageTestRequest)
	r.Header.Set("Signature", header)
	got, err := v.Verify(context.Background(), r, body)
	if err != nil {
		t.Fatal(err)
	}
	if got.Scheme != SchemeCavage || got.KeyID != "Test" || got.Algorithm != AlgRSAv15SHA256 || !got.Signed.Equal(cavageTestTime) {
		t.Fatalf("verified = %+v", got)
	}

	v.MinRSABits = 0
	_, err = v.Verify(context.Background(), r, body)
	wantCode(t, err, CodeKeyRejected)

	// C.2 signs no digest: a POST with a body is refused before any key
	// is fetched.
	keys.calls = nil
	r2, body2 := readRequest(t, cavageTestRequest)
	r2.Header.Set("Signature", `keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date",signature="`+cavageVectors[1].signature+`"`)
	v.MinRSABits = 1024
	_, err = v.Verify(context.Background(), r2, body2)
	wantCode(t, err, CodeDigestMissing)
	if len(keys.calls) != 0 {
		t.Fatal("a key was fetched for a request refused on its form")
	}
}

func TestParseCavage(t *testing.T) {
	p, err := parseCavage(` keyId="https://a.example/users/ana#main-key" , algorithm="hs2019",created=1402170695, expires=1402170699.5,headers="(request-target) (created) Host date",signature="AAAA",extra="ignored"`)
	if err != nil {
		t.Fatal(err)
	}
	if p.keyID != "https://a.example/users/ana#main-key" || p.algorithm != "hs2019" || p.created != "1402170695" || p.expires != "1402170699.5" {
		t.Fatalf("parsed %+v", p)
	}
	if want := []string{"(request-target)", "(created)", "host", "date"}; len(p.headers) != 4 || p.headers[2] != want[2] {
		t.Fatalf("headers %v", p.headers)
	}
	for _, bad := range []string{
		``,
		`keyId="a"`,
		`signature="AAAA"`,
		`keyId="",signature="AAAA"`,
		`keyId="a",signature="AAAA",keyId="b"`,
		`keyId="a",signature="AAAA",headers=""`,
		`keyId="a",signature="!!!!"`,
		`keyId="a,signature="AAAA"`,
		`keyId="a" signature="AAAA"`,
		`keyId="a",="x",signature="AAAA"`,
		`keyId="a",signature="AAAA",headers="date date"`,
		`keyId`,
		`k€y="a",keyId="a",signature="AAAA"`,
	} {
		if _, err := parseCavage(bad); CodeOf(err) != CodeMalformed {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// TestCavageSigningStringRules: the draft's rules for repeated headers,
// pseudo-headers and absent headers.
func TestCavageSigningStringRules(t *testing.T) {
	r, _ := http.NewRequest(http.MethodGet, "https://b.example/users/bia/outbox?page=2", nil)
	r.Header.Add("X-Multi", " one ")
	r.Header.Add("X-Multi", "two")
	p := cavageParams{algorithm: "hs2019", created: "1402170695", headers: []string{"(request-target)", "(created)", "host", "x-multi"}}
	got, err := cavageSigningString(r, p)
	if err != nil {
		t.Fatal(err)
	}
	want := "(request-target): get /users/bia/outbox?page=2\n(created): 1402170695\nhost: b.example\nx-multi: one, two"
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	for _, p := range []cavageParams{
		{algorithm: "rsa-sha256", created: "1", headers: []string{"(created)"}},
		{algorithm: "hs2019", headers: []string{"(expires)"}},
		{headers: []string{"(unknown)"}},
		{headers: []string{"x-absent"}},
	} {
		if _, err := cavageSigningString(r, p); CodeOf(err) != CodeMalformed {
			t.Errorf("%v: %v", p.headers, err)
		}
	}
}
