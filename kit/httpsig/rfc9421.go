package httpsig

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// RFC 9421 (HTTP Message Signatures) on receipt: the Signature-Input and
// Signature dictionaries, the signature base, and what we require a
// signature to cover.

// messageSignature is one labelled signature of a request.
type messageSignature struct {
	label      string
	components []item // the covered component identifiers, in order
	params     []param
	signature  []byte
	keyID      string
	alg        string
	created    time.Time
	expires    time.Time // zero when absent
}

// parseMessageSignature reads the signature labelled label (the first in
// Signature-Input when label is empty).
func parseMessageSignature(r *http.Request, label string, maxBytes int) (messageSignature, *Error) {
	var s messageSignature
	inputs := strings.Join(r.Header.Values("Signature-Input"), ", ")
	sigs := strings.Join(r.Header.Values("Signature"), ", ")
	if len(inputs) > maxBytes || len(sigs) > maxBytes {
		return s, fail(CodeMalformed, "signature headers too long")
	}
	if sigs == "" {
		return s, fail(CodeMalformed, "Signature-Input without Signature")
	}
	inDict, err := parseDictionary(inputs)
	if err != nil {
		return s, failWith(CodeMalformed, "Signature-Input", err)
	}
	sigDict, err := parseDictionary(sigs)
	if err != nil {
		return s, failWith(CodeMalformed, "Signature", err)
	}
	if label == "" {
		if len(inDict) == 0 {
			return s, fail(CodeMalformed, "Signature-Input is empty")
		}
		label = inDict[0].key
	}
	in, ok := lookup(inDict, label)
	if !ok || !in.isList {
		return s, fail(CodeMalformed, "no Signature-Input inner list for label "+label)
	}
	sv, ok := lookup(sigDict, label)
	sig, isBytes := sv.item.value.([]byte)
	if !ok || sv.isList || !isBytes || len(sig) == 0 {
		return s, fail(CodeMalformed, "no Signature byte sequence for label "+label)
	}
	s.label, s.components, s.params, s.signature = label, in.list, in.params, sig
	if len(s.components) > maxComponents {
		return s, fail(CodeMalformed, "too many components")
	}
	seen := map[string]bool{}
	for _, c := range s.components {
		name, isString := c.value.(string)
		if !isString || name == "" {
			return s, fail(CodeMalformed, "a component identifier is not a string")
		}
		id := serializeItem(c)
		if seen[id] {
			return s, fail(CodeMalformed, "component "+id+" listed twice")
		}
		seen[id] = true
	}
	for _, pr := range s.params {
		var typeOK bool
		switch pr.key {
		case "keyid", "alg", "nonce", "tag":
			var text string
			text, typeOK = pr.value.(string)
			switch pr.key {
			case "keyid":
				s.keyID = text
			case "alg":
				s.alg = text
			}
		case "created", "expires":
			var n int64
			n, typeOK = pr.value.(int64)
			if pr.key == "created" {
				s.created = time.Unix(n, 0)
			} else {
				s.expires = time.Unix(n, 0)
			}
		default:
			typeOK = true // a parameter of a later registration; it is signed as sent
		}
		if !typeOK {
			return s, fail(CodeMalformed, "signature parameter "+pr.key+" has the wrong type")
		}
	}
	if s.keyID == "" {
		return s, fail(CodeMalformed, "keyid missing")
	}
	return s, nil
}

func lookup(dict []member, key string) (entry, bool) {
	for _, m := range dict {
		if m.key == key {
			return m.value, true
		}
	}
	return entry{}, false
}

// signatureBase builds the RFC 9421 section 2.5 signature base of s.
func (v *Verifier) signatureBase(r *http.Request, s messageSignature) (string, *Error) {
	var b strings.Builder
	for _, c := range s.components {
		val, err := v.componentValue(r, c)
		if err != nil {
			return "", err
		}
		for i := 0; i < len(val); i++ {
			if c := val[i]; (c < 0x20 && c != '\t') || c > 0x7e {
				return "", fail(CodeMalformed, "component value is not printable ASCII")
			}
		}
		b.WriteString(serializeItem(c))
		b.WriteString(": ")
		b.WriteString(val)
		b.WriteByte('\n')
	}
	b.WriteString(`"@signature-params": `)
	b.WriteString(serializeInnerList(s.components, s.params))
	return b.String(), nil
}

// componentValue derives one covered component (RFC 9421 sections 2.1
// and 2.2). Of the component parameters only @query-param's name is
// read; sf, key, bs, req and tr are refused as unknown.
func (v *Verifier) componentValue(r *http.Request, c item) (string, *Error) {
	name := c.value.(string)
	if name == "@query-param" {
		if len(c.params) != 1 || c.params[0].key != "name" {
			return "", fail(CodeMalformed, "@query-param needs exactly a name parameter")
		}
		want, ok := c.params[0].value.(string)
		if !ok {
			return "", fail(CodeMalformed, "@query-param name is not a string")
		}
		return queryParam(requestTarget(r), want)
	}
	if len(c.params) > 0 {
		return "", fail(CodeMalformed, "unsupported component parameter on "+name)
	}
	target := requestTarget(r)
	path, query, hasQuery := strings.Cut(target, "?")
	switch name {
	case "@method":
		return r.Method, nil
	case "@target-uri":
		return v.scheme() + "://" + authority(r, v.scheme()) + target, nil
	case "@authority":
		return authority(r, v.scheme()), nil
	case "@scheme":
		return strings.ToLower(v.scheme()), nil
	case "@request-target":
		return target, nil
	case "@path":
		if path == "" {
			path = "/"
		}
		return path, nil
	case "@query":
		if !hasQuery {
			return "?", nil
		}
		return "?" + query, nil
	}
	if strings.HasPrefix(name, "@") {
		return "", fail(CodeMalformed, "unknown derived component "+name)
	}
	for i := 0; i < len(name); i++ {
		if !isTChar(name[i]) || (name[i] >= 'A' && name[i] <= 'Z') {
			return "", fail(CodeMalformed, "bad field name in a component")
		}
	}
	val, ok := fieldValue(r, name)
	if !ok {
		return "", fail(CodeMalformed, "covered field "+name+" is absent")
	}
	return val, nil
}

// authority is the request's host, lowercased, without the scheme's
// default port (RFC 9110 section 4.2.3).
func authority(r *http.Request, scheme string) string {
	host := strings.ToLower(requestHost(r))
	switch {
	case scheme == "https" && strings.HasSuffix(host, ":443"):
		host = strings.TrimSuffix(host, ":443")
	case scheme == "http" && strings.HasSuffix(host, ":80"):
		host = strings.TrimSuffix(host, ":80")
	}
	return host
}

// queryParam is the value of the one query parameter whose encoded name
// is name, decoded and encoded again as RFC 9421 section 2.2.8 asks. A
// name absent or repeated is an error.
func queryParam(target, name string) (string, *Error) {
	_, query, _ := strings.Cut(target, "?")
	found, value := 0, ""
	for pair := range strings.SplitSeq(query, "&") {
		if pair == "" {
			continue
		}
		k, val, _ := strings.Cut(pair, "=")
		if formEncode(formDecode(k)) != name {
			continue
		}
		found++
		value = formEncode(formDecode(val))
	}
	if found != 1 {
		return "", fail(CodeMalformed, "query parameter absent or repeated")
	}
	return value, nil
}

// formDecode is application/x-www-form-urlencoded decoding: '+' is a
// space, %XX a byte, a '%' not followed by two hex digits itself.
func formDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+':
			b.WriteByte(' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// formEncode percent-encodes every byte but ASCII letters, digits and
// "*-._", a space as %20 (RFC 9421 section 2.2.8's examples).
func formEncode(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlpha(c) || isDigit(c) || c == '*' || c == '-' || c == '.' || c == '_' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&0xf])
	}
	return b.String()
}

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func unhex(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// checkCoverage is what we require an RFC 9421 signature to cover: the
// method, the authority, the path and query, and the content's digest
// when there is content (Mastodon asks @method, @target-uri and
// Content-Digest; @authority with @path and @query say as much).
func checkCoverage(r *http.Request, s messageSignature, body []byte) *Error {
	has := func(name string) bool {
		for _, c := range s.components {
			if c.value.(string) == name {
				return true
			}
		}
		return false
	}
	_, _, hasQuery := strings.Cut(requestTarget(r), "?")
	if !has("@method") {
		return fail(CodeCoverage, "@method must be signed")
	}
	if !has("@target-uri") && !has("@authority") {
		return fail(CodeCoverage, "@target-uri or @authority must be signed")
	}
	if !has("@target-uri") && !has("@request-target") && !(has("@path") && (has("@query") || !hasQuery)) {
		return fail(CodeCoverage, "the path and query must be signed")
	}
	if hasBody(r, body) && !has("content-digest") {
		return fail(CodeDigestMissing, "a request with a body must sign content-digest")
	}
	return nil
}

func (v *Verifier) verifyRFC9421(ctx context.Context, r *http.Request, body []byte) (*Verified, *Error) {
	s, err := parseMessageSignature(r, v.Label, v.maxHeaderBytes())
	if err != nil {
		return nil, err
	}
	if s.alg != "" && !knownAlgorithm(s.alg) {
		return nil, fail(CodeAlgorithm, "alg "+s.alg+" not accepted")
	}
	if err := checkCoverage(r, s, body); err != nil {
		return nil, err
	}
	if s.created.IsZero() {
		return nil, fail(CodeDate, "created missing")
	}
	if err := v.checkTime(s.created, s.expires); err != nil {
		return nil, err
	}
	covered := make([]string, len(s.components))
	for i, c := range s.components {
		covered[i] = serializeItem(c)
		name := c.value.(string)
		if name != "content-digest" && name != "digest" {
			continue
		}
		val, ok := fieldValue(r, name)
		if !ok {
			return nil, fail(CodeDigestMissing, name+" header missing")
		}
		check := checkContentDigest
		if name == "digest" {
			check = checkDigest
		}
		if err := check(val, body); err != nil {
			return nil, err
		}
	}
	base, err := v.signatureBase(r, s)
	if err != nil {
		return nil, err
	}
	pick := func(key Key) (string, *Error) { return chooseAlgorithm(s.alg, key) }
	alg, err := v.checkSignature(ctx, s.keyID, pick, []byte(base), s.signature)
	if err != nil {
		return nil, err
	}
	return &Verified{Scheme: SchemeRFC9421, KeyID: s.keyID, Algorithm: alg, Signed: s.created, Covered: covered}, nil
}
