package httpsig

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// signedVector is the vector's request with its signature fields.
func signedVector(t *testing.T, v rfcVector) (*http.Request, []byte) {
	t.Helper()
	r, body := readRequest(t, v.request)
	r.Header.Set("Signature-Input", unwrap(v.input))
	r.Header.Set("Signature", unwrap(v.sig))
	return r, body
}

// TestRFC9421Vectors rebuilds each example's signature base, compares it
// with the one the RFC prints, and verifies the RFC's signature over it
// with the RFC's key.
func TestRFC9421Vectors(t *testing.T) {
	for _, v := range rfcVectors {
		t.Run(v.name, func(t *testing.T) {
			r, _ := signedVector(t, v)
			verifier := &Verifier{Scheme: "https"}
			s, err := parseMessageSignature(r, v.label, DefaultMaxHeaderBytes)
			if err != nil {
				t.Fatal(err)
			}
			base, err := verifier.signatureBase(r, s)
			if err != nil {
				t.Fatal(err)
			}
			if v.base != "" && base != unwrap(v.base) {
				t.Fatalf("signature base:\n%s\nwant:\n%s", base, unwrap(v.base))
			}
			key := Key{Public: mustPublic(t, v.key), Algorithm: v.keyAlg}
			alg, err := chooseAlgorithm(s.alg, key)
			if err != nil {
				t.Fatal(err)
			}
			if err := verifyWith(alg, key.Public, RSAKeyBits, []byte(base), s.signature); err != nil {
				t.Fatalf("RFC signature does not verify: %v", err)
			}
			// One byte changed in the base must fail.
			tampered := []byte(base)
			tampered[0] ^= 1
			if err := verifyWith(alg, key.Public, RSAKeyBits, tampered, s.signature); CodeOf(err) != CodeInvalid {
				t.Fatalf("tampered base: %v", err)
			}
		})
	}
}

// TestRFC9421FullCoverageVerifies runs B.2.3 through Verify: it covers
// what we require, and its Content-Digest matches the body.
func TestRFC9421FullCoverageVerifies(t *testing.T) {
	r, body := signedVector(t, rfcVectors[3])
	keys := &staticKeys{keys: map[string]Key{"test-key-rsa-pss": {Public: mustPublic(t, rfcKeyRSAPSSPublic), Algorithm: AlgRSAPSSSHA512}}}
	v := &Verifier{Resolve: keys.resolve, Now: at(1618884473 + 30)}
	got, err := v.Verify(context.Background(), r, body)
	if err != nil {
		t.Fatal(err)
	}
	if got.Scheme != SchemeRFC9421 || got.KeyID != "test-key-rsa-pss" || got.Algorithm != AlgRSAPSSSHA512 || got.Signed.Unix() != 1618884473 {
		t.Fatalf("verified = %+v", got)
	}
	// The same request with another body: the digest no longer matches.
	_, err = v.Verify(context.Background(), r, []byte(`{"hello": "world!"}`))
	wantCode(t, err, CodeDigestMismatch)
}

// TestRFC9421PolicyRefusesPartialCoverage: the RFC's own examples that
// leave the query (or the body) unsigned verify cryptographically above,
// and are still refused: an inbox must not accept them.
func TestRFC9421PolicyRefusesPartialCoverage(t *testing.T) {
	keys := &staticKeys{keys: map[string]Key{
		"test-key-rsa-pss": {Public: mustPublic(t, rfcKeyRSAPSSPublic), Algorithm: AlgRSAPSSSHA512},
		"test-key-ed25519": {Public: mustPublic(t, rfcKeyEd25519Public)},
	}}
	v := &Verifier{Resolve: keys.resolve, Now: at(1618884473)}
	cases := map[string]Code{
		"section 3.2 verification example (rsa-pss-sha512)": CodeCoverage, // no @query, the URL has one
		"B.2.1 minimal signature (rsa-pss-sha512)":          CodeCoverage, // nothing covered
		"B.2.6 ed25519": CodeCoverage, // no @query either
		"Appendix B.4 transformations (ed25519, repeated Accept)": CodeCoverage,
	}
	for _, vec := range rfcVectors {
		want, ok := cases[vec.name]
		if !ok {
			continue
		}
		r, body := signedVector(t, vec)
		_, err := v.Verify(context.Background(), r, body)
		wantCode(t, err, want)
	}
	if len(keys.calls) != 0 {
		t.Fatalf("a key was fetched for a request refused on its form: %v", keys.calls)
	}
}

// TestRFC9421Transformations: the RFC's Appendix B.4 messages that stay
// valid, and the two that must not.
func TestRFC9421Transformations(t *testing.T) {
	vec := rfcVectors[len(rfcVectors)-1]
	key := mustPublic(t, rfcKeyEd25519Public)
	check := func(request string) *Error {
		r, _ := readRequest(t, request)
		r.Header.Set("Signature-Input", unwrap(vec.input))
		r.Header.Set("Signature", unwrap(vec.sig))
		v := &Verifier{}
		s, err := parseMessageSignature(r, "", DefaultMaxHeaderBytes)
		if err != nil {
			return err
		}
		base, err := v.signatureBase(r, s)
		if err != nil {
			return err
		}
		return verifyWith(AlgEd25519, key, RSAKeyBits, []byte(base), s.signature)
	}
	valid := []string{`
GET /demo?name1=Value1&Name2=value2&param=added HTTP/1.1
Host: example.org
Date: Fri, 15 Jul 2022 14:24:55 GMT
Accept: application/json
Accept: */*
Accept-Language: en-US,en;q=0.5

`, `
GET /demo?name1=Value1&Name2=value2 HTTP/1.1
Host: example.org
Referer: https://developer.example.org/demo
Accept: application/json, */*

`, `
GET /demo?name1=Value1&Name2=value2 HTTP/1.1
Accept: application/json
Accept: */*
Date: Fri, 15 Jul 2022 14:24:55 GMT
Host: example.org

`}
	for i, m := range valid {
		if err := check(m); err != nil {
			t.Errorf("valid transformation %d: %v", i, err)
		}
	}
	invalid := []string{`
POST /demo?name1=Value1&Name2=value2 HTTP/1.1
Host: example.com
Date: Fri, 15 Jul 2022 14:24:55 GMT
Accept: application/json
Accept: */*

`, `
GET /demo?name1=Value1&Name2=value2 HTTP/1.1
Host: example.org
Date: Fri, 15 Jul 2022 14:24:55 GMT
Accept: */*
Accept: application/json

`}
	for i, m := range invalid {
		if err := check(m); CodeOf(err) != CodeInvalid {
			t.Errorf("invalid transformation %d: %v", i, err)
		}
	}
}

// TestQueryParamEncoding is RFC 9421 section 2.2.8's example.
func TestQueryParamEncoding(t *testing.T) {
	target := "/parameters?var=this%20is%20a%20big%0Amultiline%20value&bar=with+plus+whitespace&fa%C3%A7ade%22%3A%20=something"
	for name, want := range map[string]string{
		"var":                  "this%20is%20a%20big%0Amultiline%20value",
		"bar":                  "with%20plus%20whitespace",
		"fa%C3%A7ade%22%3A%20": "something",
	} {
		got, err := queryParam(target, name)
		if err != nil || got != want {
			t.Errorf("@query-param %s = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, target := range []string{"/p?a=1&a=2", "/p?b=1", "/p"} {
		if _, err := queryParam(target, "a"); CodeOf(err) != CodeMalformed {
			t.Errorf("%s: absent or repeated parameter accepted: %v", target, err)
		}
	}
	if got, _ := queryParam("/path?param=value&foo=bar&baz=batman&qux=", "qux"); got != "" {
		t.Errorf("empty value = %q", got)
	}
}

func TestDerivedComponents(t *testing.T) {
	r, _ := readRequest(t, "\nGET /path?param=value&foo=bar&baz=bat%2Dman HTTP/1.1\nHost: WWW.Example.com:443\n\n")
	v := &Verifier{}
	for name, want := range map[string]string{
		"@method":         "GET",
		"@target-uri":     "https://www.example.com/path?param=value&foo=bar&baz=bat%2Dman",
		"@authority":      "www.example.com",
		"@scheme":         "https",
		"@request-target": "/path?param=value&foo=bar&baz=bat%2Dman",
		"@path":           "/path",
		"@query":          "?param=value&foo=bar&baz=bat%2Dman",
	} {
		got, err := v.componentValue(r, item{value: name})
		if err != nil || got != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	plain, _ := readRequest(t, "\nPOST /path HTTP/1.1\nHost: www.example.com:8080\n\n")
	v = &Verifier{Scheme: "http"}
	if got, _ := v.componentValue(plain, item{value: "@query"}); got != "?" {
		t.Errorf("@query without a query = %q", got)
	}
	if got, _ := v.componentValue(plain, item{value: "@target-uri"}); got != "http://www.example.com:8080/path" {
		t.Errorf("@target-uri = %q", got)
	}
	for _, bad := range []item{
		{value: "@status"},
		{value: "@unknown"},
		{value: "content-type", params: []param{{key: "sf", value: true}}},
		{value: "@query-param"},
		{value: "X-Upper"},
		{value: "absent-header"},
	} {
		if _, err := v.componentValue(plain, bad); CodeOf(err) != CodeMalformed {
			t.Errorf("%s accepted: %v", serializeItem(bad), err)
		}
	}
}

func TestSignatureParamsSerialization(t *testing.T) {
	// RFC 9421 section 2.3's example, parsed then written back.
	in := `sig=("@target-uri" "@authority" "date" "cache-control");keyid="test-key-rsa-pss";alg="rsa-pss-sha512";created=1618884475;expires=1618884775`
	d, err := parseDictionary(in)
	if err != nil {
		t.Fatal(err)
	}
	got := serializeInnerList(d[0].value.list, d[0].value.params)
	if want := strings.TrimPrefix(in, "sig="); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}
