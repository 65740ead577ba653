package httpsig

import (
	"bytes"
	"strings"
	"testing"
)

const helloWorld = `{"hello": "world"}`

// RFC 9530 Appendix D's sample values, draft-cavage Appendix C's Digest.
func TestDigestHeadersMatchTheSpecs(t *testing.T) {
	if got, want := DigestHeader([]byte(helloWorld)), "SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE="; got != want {
		t.Errorf("Digest = %s, want %s", got, want)
	}
	if got, want := ContentDigestHeader([]byte(helloWorld)), "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:"; got != want {
		t.Errorf("Content-Digest = %s, want %s", got, want)
	}
}

func TestCheckContentDigestRFC9530Examples(t *testing.T) {
	withLF := []byte(helloWorld + "\n")
	ok := []struct {
		value string
		body  []byte
	}{
		// Section 2: sha-512 of the JSON and an LF.
		{"sha-512=:YMAam51Jz/jOATT6/zvHrLVgOYTGFy1d6GJiOHTohq4yP+pgk4vf2aCsyRZOtw8MjkM7iw7yZ/WkppmM44T3qg==:", withLF},
		// Appendix B.1.
		{"sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:", withLF},
		// Appendix D: sha-512 of the JSON alone; an algorithm we skip beside it.
		{"md5=:Sd/dVLAcvNLSq16eXua5uQ==:, sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:", []byte(helloWorld)},
	}
	for _, c := range ok {
		if err := checkContentDigest(c.value, c.body); err != nil {
			t.Errorf("%s: %v", c.value, err)
		}
	}
	// Section 2's two-digest example: its sha-256 is not of the same
	// content as its sha-512, and each known digest must match.
	both := "sha-256=:d435Qo+nKZ+gLcUHn7GQtQ72hiBVAgqoLsZnZPiTGPk=:, sha-512=:YMAam51Jz/jOATT6/zvHrLVgOYTGFy1d6GJiOHTohq4yP+pgk4vf2aCsyRZOtw8MjkM7iw7yZ/WkppmM44T3qg==:"
	wantCode(t, checkContentDigest(both, withLF), CodeDigestMismatch)
	// Both digests of the same content pass.
	same := "sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:, sha-512=:YMAam51Jz/jOATT6/zvHrLVgOYTGFy1d6GJiOHTohq4yP+pgk4vf2aCsyRZOtw8MjkM7iw7yZ/WkppmM44T3qg==:"
	if err := checkContentDigest(same, withLF); err != nil {
		t.Error(err)
	}
	wantCode(t, checkContentDigest("md5=:Sd/dVLAcvNLSq16eXua5uQ==:", []byte(helloWorld)), CodeDigestUnsupported)
	wantCode(t, checkContentDigest("sha-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=", []byte(helloWorld)), CodeMalformed)
	wantCode(t, checkContentDigest("sha-256=:AAAA:", []byte(helloWorld)), CodeDigestMismatch)
	wantCode(t, checkContentDigest("sha-256=(:AAAA:)", []byte(helloWorld)), CodeMalformed)
}

func TestCheckDigest(t *testing.T) {
	body := []byte(helloWorld)
	for _, ok := range []string{
		"SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=",
		"sha-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=",
		"SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE", // padding dropped
		"MD5=Sd/dVLAcvNLSq16eXua5uQ==, SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=",
		"SHA-512=WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==",
	} {
		if err := checkDigest(ok, body); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	wantCode(t, checkDigest("SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=", []byte(`{"hello": "World"}`)), CodeDigestMismatch)
	wantCode(t, checkDigest("SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=, SHA-512=AAAA", body), CodeDigestMismatch)
	wantCode(t, checkDigest("MD5=Sd/dVLAcvNLSq16eXua5uQ==", body), CodeDigestUnsupported)
	wantCode(t, checkDigest("SHA-256", body), CodeMalformed)
	wantCode(t, checkDigest("SHA-256=!!!", body), CodeMalformed)
	// A digest of the right algorithm but the wrong length.
	wantCode(t, checkDigest("SHA-256=AAAA", body), CodeDigestMismatch)
}

func TestReadBody(t *testing.T) {
	body, err := ReadBody(strings.NewReader("12345"), 5)
	if err != nil || string(body) != "12345" {
		t.Fatalf("at the limit: %q, %v", body, err)
	}
	_, err = ReadBody(strings.NewReader("123456"), 5)
	wantCode(t, err, CodeBodyTooLarge)
	// A 10 MB body is refused after reading at most limit+1 bytes.
	src := &countingReader{r: bytes.NewReader(make([]byte, 10<<20))}
	_, err = ReadBody(src, 1<<20)
	wantCode(t, err, CodeBodyTooLarge)
	if src.n > 1<<20+1 {
		t.Fatalf("read %d bytes for a 1 MiB limit", src.n)
	}
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}
