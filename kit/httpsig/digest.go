package httpsig

import (
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/base64"
	"strings"
)

// DigestHeader is the Digest header value for body as the fediverse sends
// it (RFC 3230 syntax, the SHA-256 of the content): "SHA-256=<base64>".
func DigestHeader(body []byte) string {
	sum := sha256.Sum256(body)
	return "SHA-256=" + base64.StdEncoding.EncodeToString(sum[:])
}

// ContentDigestHeader is the RFC 9530 Content-Digest value for body:
// "sha-256=:<base64>:".
func ContentDigestHeader(body []byte) string {
	sum := sha256.Sum256(body)
	return "sha-256=:" + base64.StdEncoding.EncodeToString(sum[:]) + ":"
}

// digestOf computes the named digest of body; ok is false for a name we
// do not check (md5, sha, unixsum...: too weak to bind a body).
func digestOf(name string, body []byte) (sum []byte, ok bool) {
	switch strings.ToLower(name) {
	case "sha-256":
		s := sha256.Sum256(body)
		return s[:], true
	case "sha-512":
		s := sha512.Sum512(body)
		return s[:], true
	}
	return nil, false
}

// checkDigest checks an RFC 3230 Digest value ("SHA-256=<b64>", several
// comma-separated) against body: every entry we know must match and at
// least one must be known. Entries we do not know are skipped.
func checkDigest(value string, body []byte) *Error {
	known := 0
	for entry := range strings.SplitSeq(value, ",") {
		name, b64, found := strings.Cut(strings.TrimSpace(entry), "=")
		if !found {
			return fail(CodeMalformed, "digest entry without '='")
		}
		want, ok := digestOf(strings.TrimSpace(name), body)
		if !ok {
			continue
		}
		known++
		got, err := decodeBase64(strings.TrimSpace(b64))
		if err != nil {
			return failWith(CodeMalformed, "digest value is not base64", err)
		}
		if len(got) != len(want) || subtle.ConstantTimeCompare(got, want) != 1 {
			return fail(CodeDigestMismatch, "Digest "+strings.ToLower(strings.TrimSpace(name))+" does not match the body")
		}
	}
	if known == 0 {
		return fail(CodeDigestUnsupported, "Digest names neither SHA-256 nor SHA-512")
	}
	return nil
}

// checkContentDigest checks an RFC 9530 Content-Digest value (a
// structured-field dictionary of byte sequences) against body, with the
// same rule as checkDigest.
func checkContentDigest(value string, body []byte) *Error {
	dict, err := parseDictionary(value)
	if err != nil {
		return failWith(CodeMalformed, "Content-Digest is not a structured dictionary", err)
	}
	known := 0
	for _, m := range dict {
		want, ok := digestOf(m.key, body)
		if !ok {
			continue
		}
		known++
		got, isBytes := m.value.item.value.([]byte)
		if m.value.isList || !isBytes {
			return fail(CodeMalformed, "Content-Digest "+m.key+" is not a byte sequence")
		}
		if len(got) != len(want) || subtle.ConstantTimeCompare(got, want) != 1 {
			return fail(CodeDigestMismatch, "Content-Digest "+m.key+" does not match the body")
		}
	}
	if known == 0 {
		return fail(CodeDigestUnsupported, "Content-Digest names neither sha-256 nor sha-512")
	}
	return nil
}

// decodeBase64 reads standard base64, padded or not (some signers drop
// the padding).
func decodeBase64(s string) ([]byte, error) {
	if b, err := base64.StdEncoding.DecodeString(s); err == nil {
		return b, nil
	}
	return base64.RawStdEncoding.DecodeString(s)
}
