package httpsig

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The draft-cavage-http-signatures-12 Signature header, as the fediverse
// sends it: keyId="...",algorithm="rsa-sha256",headers="...",signature="...".

// cavageParams is a parsed Signature header.
type cavageParams struct {
	keyID     string
	algorithm string // as sent, lowercased; "" when absent
	headers   []string
	signature []byte
	// created and expires keep the text sent: (created) and (expires)
	// sign it as it was written.
	created, expires string
}

// parseCavage reads a Signature header value. Parameters repeated are an
// error (draft section 2.2); parameters unknown are skipped.
func parseCavage(value string) (cavageParams, *Error) {
	var p cavageParams
	seen := map[string]bool{}
	headers, hasHeaders := "", false
	s := value
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return p, fail(CodeMalformed, "parameter without '='")
		}
		name := strings.TrimRight(s[:eq], " \t")
		if name == "" {
			return p, fail(CodeMalformed, "empty parameter name")
		}
		for i := 0; i < len(name); i++ {
			if !isTChar(name[i]) {
				return p, fail(CodeMalformed, "bad parameter name")
			}
		}
		s = strings.TrimLeft(s[eq+1:], " \t")
		var val string
		if strings.HasPrefix(s, `"`) {
			var ok bool
			if val, s, ok = cutQuoted(s); !ok {
				return p, fail(CodeMalformed, "unterminated quoted value")
			}
		} else {
			end := strings.IndexByte(s, ',')
			if end < 0 {
				end = len(s)
			}
			val, s = strings.TrimRight(s[:end], " \t"), s[end:]
		}
		switch name {
		case "keyId", "algorithm", "headers", "signature", "created", "expires":
			if seen[name] {
				return p, fail(CodeMalformed, "repeated parameter "+name)
			}
			seen[name] = true
		}
		switch name {
		case "keyId":
			p.keyID = val
		case "algorithm":
			p.algorithm = strings.ToLower(val)
		case "headers":
			headers, hasHeaders = val, true
		case "signature":
			sig, err := decodeBase64(val)
			if err != nil {
				return p, failWith(CodeMalformed, "signature is not base64", err)
			}
			p.signature = sig
		case "created":
			p.created = val
		case "expires":
			p.expires = val
		}
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		if s[0] != ',' {
			return p, fail(CodeMalformed, "expected ','")
		}
		s = s[1:]
	}
	if p.keyID == "" {
		return p, fail(CodeMalformed, "keyId missing")
	}
	if len(p.signature) == 0 {
		return p, fail(CodeMalformed, "signature missing")
	}
	if !hasHeaders {
		// The draft's default is (created); a signature with the old
		// algorithm name predates it and signed date (Mastodon reads it
		// so too).
		headers = "(created)"
		if p.algorithm == "rsa-sha256" {
			headers = "date"
		}
	}
	p.headers = strings.Fields(strings.ToLower(headers))
	if len(p.headers) == 0 {
		return p, fail(CodeMalformed, "headers is empty")
	}
	if len(p.headers) > maxComponents {
		return p, fail(CodeMalformed, "too many headers")
	}
	for i, h := range p.headers {
		for _, prev := range p.headers[:i] {
			if h == prev {
				return p, fail(CodeMalformed, "header "+h+" listed twice")
			}
		}
	}
	return p, nil
}

// cutQuoted reads a quoted-string at the start of s (a backslash escapes
// the next character) and returns its value and the rest of s.
func cutQuoted(s string) (val, rest string, ok bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
			if i == len(s) {
				return "", "", false
			}
			b.WriteByte(s[i])
		case '"':
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", false
}

// unixTime reads created or expires: an integer Unix time, with a
// fraction the draft allows and we drop.
func unixTime(text string) (time.Time, bool) {
	whole, frac, _ := strings.Cut(text, ".")
	if whole == "" || len(whole) > 12 {
		return time.Time{}, false
	}
	for _, part := range []string{whole, frac} {
		for i := 0; i < len(part); i++ {
			if !isDigit(part[i]) {
				return time.Time{}, false
			}
		}
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(n, 0), true
}

// requestTarget is the path and query the request was sent to, as
// written on its request line when the server kept it.
func requestTarget(r *http.Request) string {
	if strings.HasPrefix(r.RequestURI, "/") {
		return r.RequestURI
	}
	return r.URL.RequestURI()
}

// requestHost is the Host the request was sent to.
func requestHost(r *http.Request) string {
	if r.Host != "" {
		return r.Host
	}
	return r.URL.Host
}

// fieldValue is a header's value for a signing string: its lines trimmed
// and joined by ", " (draft section 2.3; RFC 9421 section 2.1). ok is
// false when the header is absent or a value holds a line break.
func fieldValue(r *http.Request, name string) (string, bool) {
	if name == "host" {
		if h := requestHost(r); h != "" {
			return h, true
		}
	}
	values := r.Header.Values(name)
	if len(values) == 0 {
		return "", false
	}
	trimmed := make([]string, len(values))
	for i, v := range values {
		if strings.ContainsAny(v, "\r\n") {
			return "", false
		}
		trimmed[i] = strings.TrimSpace(v)
	}
	return strings.Join(trimmed, ", "), true
}

// cavageSigningString builds the string a draft-cavage signature signs
// (draft section 2.3).
func cavageSigningString(r *http.Request, p cavageParams) (string, *Error) {
	var b strings.Builder
	for i, h := range p.headers {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(h)
		b.WriteString(": ")
		switch h {
		case "(request-target)":
			b.WriteString(strings.ToLower(r.Method))
			b.WriteByte(' ')
			b.WriteString(requestTarget(r))
		case "(created)", "(expires)":
			// Only for algorithms that do not name their hash (section
			// 2.3): an rsa-sha256 signer cannot have meant them.
			if p.algorithm != "" && p.algorithm != "hs2019" {
				return "", fail(CodeMalformed, h+" with algorithm "+p.algorithm)
			}
			val := p.created
			if h == "(expires)" {
				val = p.expires
			}
			if val == "" {
				return "", fail(CodeMalformed, h+" signed but its parameter is missing")
			}
			b.WriteString(val)
		default:
			if strings.HasPrefix(h, "(") {
				return "", fail(CodeMalformed, "unknown pseudo-header "+h)
			}
			val, ok := fieldValue(r, h)
			if !ok {
				return "", fail(CodeMalformed, "signed header "+h+" is absent")
			}
			b.WriteString(val)
		}
	}
	return b.String(), nil
}

func covers(list []string, name string) bool {
	for _, h := range list {
		if h == name {
			return true
		}
	}
	return false
}

// cavageAlgorithm maps the algorithm parameter to how the key is used:
// "rsa-sha256" is RSASSA-PKCS1-v1_5 with SHA-256; "hs2019" (and no
// parameter) takes the algorithm from the key, an RSA key meaning
// rsa-sha256 as the fediverse signs hs2019 (the draft would have
// RSASSA-PSS: see the package documentation).
func cavageAlgorithm(param string) (func(Key) (string, *Error), *Error) {
	switch param {
	case "rsa-sha256":
		return func(key Key) (string, *Error) { return chooseAlgorithm(AlgRSAv15SHA256, key) }, nil
	case "", "hs2019":
		return func(key Key) (string, *Error) { return chooseAlgorithm("", key) }, nil
	}
	return nil, fail(CodeAlgorithm, "algorithm "+strconv.Quote(param)+" not accepted")
}

func (v *Verifier) verifyCavage(ctx context.Context, r *http.Request, body []byte) (*Verified, *Error) {
	values := r.Header.Values("Signature")
	if len(values) != 1 {
		return nil, fail(CodeMalformed, "more than one Signature header")
	}
	if len(values[0]) > v.maxHeaderBytes() {
		return nil, fail(CodeMalformed, "Signature header too long")
	}
	p, err := parseCavage(values[0])
	if err != nil {
		return nil, err
	}
	pick, err := cavageAlgorithm(p.algorithm)
	if err != nil {
		return nil, err
	}
	if p.algorithm == "rsa-sha256" && (covers(p.headers, "(created)") || covers(p.headers, "(expires)")) {
		return nil, fail(CodeMalformed, "(created) and (expires) are not signed with rsa-sha256")
	}
	// What must be signed: the method and path, the host, the time, and
	// the body's digest when there is a body.
	if !covers(p.headers, "(request-target)") || !covers(p.headers, "host") {
		return nil, fail(CodeCoverage, "(request-target) and host must be signed")
	}
	if !covers(p.headers, "date") && !covers(p.headers, "(created)") {
		return nil, fail(CodeCoverage, "date or (created) must be signed")
	}
	if hasBody(r, body) && !covers(p.headers, "digest") {
		return nil, fail(CodeDigestMissing, "a request with a body must sign digest")
	}
	var signed, expires time.Time
	if covers(p.headers, "date") {
		date, ok := fieldValue(r, "date")
		if !ok {
			return nil, fail(CodeDate, "Date header missing")
		}
		t, perr := http.ParseTime(date)
		if perr != nil {
			return nil, failWith(CodeDate, "Date header unreadable", perr)
		}
		signed = t
		if err := v.checkTime(t, time.Time{}); err != nil {
			return nil, err
		}
	}
	if p.created != "" {
		t, ok := unixTime(p.created)
		if !ok {
			return nil, fail(CodeDate, "created is not a Unix time")
		}
		signed = t
	}
	if p.expires != "" {
		t, ok := unixTime(p.expires)
		if !ok {
			return nil, fail(CodeDate, "expires is not a Unix time")
		}
		expires = t
	}
	if covers(p.headers, "(created)") || p.created != "" || p.expires != "" {
		if signed.IsZero() {
			return nil, fail(CodeDate, "(created) signed without created")
		}
		if err := v.checkTime(signed, expires); err != nil {
			return nil, err
		}
	}
	if covers(p.headers, "digest") {
		digest, ok := fieldValue(r, "digest")
		if !ok {
			return nil, fail(CodeDigestMissing, "Digest header missing")
		}
		if err := checkDigest(digest, body); err != nil {
			return nil, err
		}
	}
	base, err := cavageSigningString(r, p)
	if err != nil {
		return nil, err
	}
	alg, err := v.checkSignature(ctx, p.keyID, pick, []byte(base), p.signature)
	if err != nil {
		return nil, err
	}
	return &Verified{Scheme: SchemeCavage, KeyID: p.keyID, Algorithm: alg, Signed: signed, Covered: p.headers}, nil
}
