package httpsig

// A parser and serializer for the part of RFC 8941 (Structured Field
// Values) that Signature-Input, Signature and Content-Digest use:
// dictionaries of items and inner lists with parameters. Dates and
// display strings (RFC 9651) are not read.

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// token is an sf-token, kept apart from an sf-string.
type token string

// param is one parameter; value is int64, float64, string, token,
// []byte or bool.
type param struct {
	key   string
	value any
}

type item struct {
	value  any
	params []param
}

// entry is a dictionary member's value: an item, or an inner list with
// its own parameters.
type entry struct {
	isList bool
	item   item
	list   []item
	params []param
}

type member struct {
	key   string
	value entry
}

var errSF = errors.New("structured field")

type sfParser struct {
	s string
	i int
}

func (p *sfParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: at %d: %s", errSF, p.i, fmt.Sprintf(format, args...))
}

func (p *sfParser) eof() bool { return p.i >= len(p.s) }

func (p *sfParser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.i]
}

func (p *sfParser) skipSP() {
	for !p.eof() && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *sfParser) skipOWS() {
	for !p.eof() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// parseDictionary parses a whole field value. Unlike RFC 8941, which
// keeps the last of repeated keys, a repeated key is an error: two
// signatures under one label must not be told apart by position.
func parseDictionary(s string) ([]member, error) {
	p := &sfParser{s: s}
	p.skipSP()
	var out []member
	seen := map[string]bool{}
	for !p.eof() {
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, p.errorf("repeated key %q", key)
		}
		seen[key] = true
		var v entry
		if p.peek() == '=' {
			p.i++
			if v, err = p.itemOrInnerList(); err != nil {
				return nil, err
			}
		} else {
			params, err := p.params()
			if err != nil {
				return nil, err
			}
			v = entry{item: item{value: true, params: params}}
		}
		out = append(out, member{key: key, value: v})
		p.skipOWS()
		if p.eof() {
			return out, nil
		}
		if p.peek() != ',' {
			return nil, p.errorf("expected ','")
		}
		p.i++
		p.skipOWS()
		if p.eof() {
			return nil, p.errorf("trailing ','")
		}
	}
	return out, nil
}

func (p *sfParser) itemOrInnerList() (entry, error) {
	if p.peek() == '(' {
		list, params, err := p.innerList()
		return entry{isList: true, list: list, params: params}, err
	}
	it, err := p.item()
	return entry{item: it}, err
}

func (p *sfParser) innerList() ([]item, []param, error) {
	p.i++ // '('
	var list []item
	for !p.eof() {
		p.skipSP()
		if p.peek() == ')' {
			p.i++
			params, err := p.params()
			return list, params, err
		}
		it, err := p.item()
		if err != nil {
			return nil, nil, err
		}
		list = append(list, it)
		if c := p.peek(); c != ' ' && c != ')' {
			return nil, nil, p.errorf("expected ' ' or ')' in inner list")
		}
	}
	return nil, nil, p.errorf("unterminated inner list")
}

func (p *sfParser) item() (item, error) {
	v, err := p.bareItem()
	if err != nil {
		return item{}, err
	}
	params, err := p.params()
	return item{value: v, params: params}, err
}

func (p *sfParser) params() ([]param, error) {
	var out []param
	for p.peek() == ';' {
		p.i++
		p.skipSP()
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		var v any = true
		if p.peek() == '=' {
			p.i++
			if v, err = p.bareItem(); err != nil {
				return nil, err
			}
		}
		replaced := false
		for j := range out {
			if out[j].key == key {
				out[j].value, replaced = v, true
			}
		}
		if !replaced {
			out = append(out, param{key: key, value: v})
		}
	}
	return out, nil
}

func isLCAlpha(c byte) bool { return c >= 'a' && c <= 'z' }
func isAlpha(c byte) bool   { return isLCAlpha(c) || (c >= 'A' && c <= 'Z') }
func isDigit(c byte) bool   { return c >= '0' && c <= '9' }

func isTChar(c byte) bool {
	return isAlpha(c) || isDigit(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

func (p *sfParser) key() (string, error) {
	start := p.i
	if c := p.peek(); !isLCAlpha(c) && c != '*' {
		return "", p.errorf("key must start with a lowercase letter or '*'")
	}
	for !p.eof() {
		c := p.s[p.i]
		if !isLCAlpha(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' && c != '*' {
			break
		}
		p.i++
	}
	return p.s[start:p.i], nil
}

func (p *sfParser) bareItem() (any, error) {
	c := p.peek()
	switch {
	case c == '-' || isDigit(c):
		return p.number()
	case c == '"':
		return p.str()
	case c == '*' || isAlpha(c):
		return p.token(), nil
	case c == ':':
		return p.bytes()
	case c == '?':
		return p.boolean()
	}
	return nil, p.errorf("unexpected character for an item")
}

func (p *sfParser) number() (any, error) {
	start := p.i
	if p.peek() == '-' {
		p.i++
	}
	if !isDigit(p.peek()) {
		return nil, p.errorf("number must start with a digit")
	}
	digits, dot := 0, -1
	for !p.eof() {
		c := p.s[p.i]
		if isDigit(c) {
			digits++
		} else if c == '.' && dot < 0 {
			if digits > 12 {
				return nil, p.errorf("decimal too long")
			}
			dot = digits
		} else {
			break
		}
		p.i++
		if dot < 0 && digits > 15 {
			return nil, p.errorf("integer too long")
		}
	}
	text := p.s[start:p.i]
	if digits == 0 {
		return nil, p.errorf("number without digits")
	}
	if dot < 0 {
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, p.errorf("bad integer")
		}
		return n, nil
	}
	if frac := digits - dot; frac == 0 || frac > 3 {
		return nil, p.errorf("decimal needs 1 to 3 fraction digits")
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, p.errorf("bad decimal")
	}
	return f, nil
}

func (p *sfParser) str() (string, error) {
	p.i++ // '"'
	var b strings.Builder
	for !p.eof() {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			if p.eof() {
				return "", p.errorf("unterminated escape")
			}
			n := p.s[p.i]
			if n != '"' && n != '\\' {
				return "", p.errorf("bad escape")
			}
			b.WriteByte(n)
			p.i++
		case c == '"':
			return b.String(), nil
		case c < 0x20 || c > 0x7e:
			return "", p.errorf("non-printable character in string")
		default:
			b.WriteByte(c)
		}
	}
	return "", p.errorf("unterminated string")
}

func (p *sfParser) token() token {
	start := p.i
	p.i++
	for !p.eof() {
		c := p.s[p.i]
		if !isTChar(c) && c != ':' && c != '/' {
			break
		}
		p.i++
	}
	return token(p.s[start:p.i])
}

func (p *sfParser) bytes() ([]byte, error) {
	p.i++ // ':'
	end := strings.IndexByte(p.s[p.i:], ':')
	if end < 0 {
		return nil, p.errorf("unterminated byte sequence")
	}
	text := p.s[p.i : p.i+end]
	for i := 0; i < len(text); i++ {
		c := text[i]
		if !isAlpha(c) && !isDigit(c) && c != '+' && c != '/' && c != '=' {
			return nil, p.errorf("bad base64 character")
		}
	}
	b, err := decodeBase64(text)
	if err != nil {
		return nil, p.errorf("bad base64")
	}
	p.i += end + 1
	return b, nil
}

func (p *sfParser) boolean() (bool, error) {
	p.i++ // '?'
	switch p.peek() {
	case '1':
		p.i++
		return true, nil
	case '0':
		p.i++
		return false, nil
	}
	return false, p.errorf("bad boolean")
}

// serializeInnerList writes an inner list with its parameters in the
// strict form RFC 8941 section 4.1 gives (the form @signature-params
// must take).
func serializeInnerList(list []item, params []param) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, it := range list {
		if i > 0 {
			b.WriteByte(' ')
		}
		writeBareItem(&b, it.value)
		writeParams(&b, it.params)
	}
	b.WriteByte(')')
	writeParams(&b, params)
	return b.String()
}

// serializeItem writes one item with its parameters (a component
// identifier such as "@query-param";name="Pet").
func serializeItem(it item) string {
	var b strings.Builder
	writeBareItem(&b, it.value)
	writeParams(&b, it.params)
	return b.String()
}

func writeParams(b *strings.Builder, params []param) {
	for _, pr := range params {
		b.WriteByte(';')
		b.WriteString(pr.key)
		if v, ok := pr.value.(bool); ok && v {
			continue
		}
		b.WriteByte('=')
		writeBareItem(b, pr.value)
	}
}

func writeBareItem(b *strings.Builder, v any) {
	switch v := v.(type) {
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		s := strconv.FormatFloat(v, 'f', 3, 64)
		s = strings.TrimRight(s, "0")
		if strings.HasSuffix(s, ".") {
			s += "0"
		}
		b.WriteString(s)
	case string:
		b.WriteByte('"')
		for i := 0; i < len(v); i++ {
			if v[i] == '"' || v[i] == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(v[i])
		}
		b.WriteByte('"')
	case token:
		b.WriteString(string(v))
	case []byte:
		b.WriteByte(':')
		b.WriteString(base64.StdEncoding.EncodeToString(v))
		b.WriteByte(':')
	case bool:
		if v {
			b.WriteString("?1")
		} else {
			b.WriteString("?0")
		}
	}
}
