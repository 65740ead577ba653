package httpsig

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// FuzzParseCavage: any Signature header value parses or is refused with
// an *Error; what parses keeps the parser's promises.
func FuzzParseCavage(f *testing.F) {
	for _, v := range cavageVectors {
		f.Add(`keyId="Test",algorithm="rsa-sha256",headers="` + v.headers + `",signature="` + v.signature + `"`)
	}
	f.Add(`keyId="k",algorithm="hs2019",created=1402170695,expires=1402170699.25,headers="(request-target) (created) (expires) host",signature="AAAA"`)
	f.Add(`keyId="a\"b",signature="AA=="`)
	f.Add(`,,keyId=,signature="",headers=" "`)
	f.Fuzz(func(t *testing.T, value string) {
		p, err := parseCavage(value)
		if err != nil {
			if err.Code != CodeMalformed {
				t.Fatalf("parse error with code %q", err.Code)
			}
			return
		}
		if p.keyID == "" || len(p.signature) == 0 || len(p.headers) == 0 || len(p.headers) > maxComponents {
			t.Fatalf("accepted %q as %+v", value, p)
		}
		for _, h := range p.headers {
			if h == "" || strings.ToLower(h) != h || strings.ContainsAny(h, " \t") {
				t.Fatalf("header name %q", h)
			}
		}
	})
}

// FuzzParseDictionary: any structured dictionary parses or is refused;
// what parses serializes to a form that parses to itself.
func FuzzParseDictionary(f *testing.F) {
	for _, v := range rfcVectors {
		f.Add(unwrap(v.input))
		f.Add(unwrap(v.sig))
	}
	f.Add(`a=?1, b;x=1.5, c=(1 "two" three :AAAA:);p=?0, d=-999999999999999`)
	f.Add(`sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:`)
	f.Fuzz(func(t *testing.T, value string) {
		dict, err := parseDictionary(value)
		if err != nil {
			return
		}
		for _, m := range dict {
			var once string
			if m.value.isList {
				once = serializeInnerList(m.value.list, m.value.params)
			} else {
				once = serializeItem(m.value.item)
			}
			again, err := parseDictionary("k=" + once)
			if err != nil {
				t.Fatalf("%q serialized as %q, which does not parse: %v", value, once, err)
			}
			var twice string
			if again[0].value.isList {
				twice = serializeInnerList(again[0].value.list, again[0].value.params)
			} else {
				twice = serializeItem(again[0].value.item)
			}
			if once != twice {
				t.Fatalf("serialization not stable: %q then %q", once, twice)
			}
		}
	})
}

// FuzzVerify: arbitrary signature headers on a real request never verify
// and never panic; every refusal is an *Error.
func FuzzVerify(f *testing.F) {
	f.Add(`keyId="k",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA"`, "")
	f.Add("", `sig1=("@method" "@target-uri" "content-digest");created=1;keyid="k"`)
	f.Add(`sig1=:AAAA:`, `sig1=("@query-param";name="a" "@query");created=1;keyid="k";alg="ed25519"`)
	key, _, err := generateFuzzKey()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, signature, input string) {
		r := httptest.NewRequest(http.MethodPost, "/inbox?a=1", strings.NewReader("{}"))
		r.Header.Set("Date", time.Unix(1, 0).UTC().Format(http.TimeFormat))
		r.Header.Set("Digest", DigestHeader([]byte("{}")))
		r.Header.Set("Content-Digest", ContentDigestHeader([]byte("{}")))
		if signature != "" {
			r.Header.Set("Signature", signature)
		}
		if input != "" {
			r.Header.Set("Signature-Input", input)
		}
		v := &Verifier{
			Resolve: func(context.Context, string, bool) (Key, error) { return key, nil },
			Now:     at(1),
		}
		got, err := v.Verify(context.Background(), r, []byte("{}"))
		if got != nil || CodeOf(err) == "" {
			t.Fatalf("Verify = %+v, %v", got, err)
		}
	})
}

func generateFuzzKey() (Key, bool, error) {
	k, err := GenerateRSAKey()
	if err != nil {
		return Key{}, false, err
	}
	return Key{Public: &k.PublicKey}, true, nil
}
