// Package jsonwire writes the API's busiest answers as JSON without
// reflection. A type that implements Appender writes itself; the API's
// JSON format (Marshal) uses it and falls back to encoding/json for
// everything else.
//
// An Appender must write exactly the bytes encoding/json writes for the
// same value, with HTML escaping off as the API's encoder has it: clients
// cannot tell which path answered. The helpers here follow encoding/json's
// rules for strings and times, and each Appender's test compares its output
// with encoding/json's over randomly filled values (wiretest.SameAsStd), so
// a field added to a type but not to its AppendJSON fails there.
package jsonwire

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"reflect"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// Appender is a value that appends its own JSON encoding to b. It returns
// an error when it cannot (a time encoding/json refuses, say); Marshal
// then lets encoding/json answer, with encoding/json's error.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// buffers are reused between answers: a feed page is some 30 KB.
var buffers = sync.Pool{New: func() any { return new([]byte) }}

// largestKept is the largest buffer put back in the pool; a rare huge
// answer should not stay in memory.
const largestKept = 256 << 10

// Marshal writes v to w as encoding/json's Encoder with SetEscapeHTML(false)
// does, newline included.
func Marshal(w io.Writer, v any) error {
	return Encode(v, func(b []byte) error {
		_, err := w.Write(b)
		return err
	})
}

// Encode calls write once with v's encoding as Marshal writes it, whole:
// an HTTP answer can then say its length, and goes out without chunks. The
// bytes are reused once write returns. An encoding error comes back
// without write being called.
func Encode(v any, write func([]byte) error) error {
	if a, ok := v.(Appender); ok && writesItself(reflect.TypeOf(v)) {
		p := buffers.Get().(*[]byte)
		b, err := a.AppendJSON((*p)[:0])
		if err == nil {
			err = write(append(b, '\n'))
			if cap(b) <= largestKept {
				*p = b
				buffers.Put(p)
			}
			return err
		}
		buffers.Put(p)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return write(out.Bytes())
}

var appenderType = reflect.TypeFor[Appender]()

// ownAppender caches writesItself by type.
var ownAppender sync.Map // reflect.Type -> bool

// writesItself reports whether t's AppendJSON is its own rather than one
// promoted from an embedded field: a struct that embeds a Post and adds
// fields has the Post's AppendJSON, which would leave the fields out. Such
// a type goes through encoding/json.
func writesItself(t reflect.Type) bool {
	if known, ok := ownAppender.Load(t); ok {
		return known.(bool)
	}
	own := true
	s := t
	if s.Kind() == reflect.Pointer {
		s = s.Elem()
	}
	if s.Kind() == reflect.Struct {
		for i := range s.NumField() {
			f := s.Field(i)
			if f.Anonymous && (f.Type.Implements(appenderType) || reflect.PointerTo(f.Type).Implements(appenderType)) {
				own = false
				break
			}
		}
	}
	ownAppender.Store(t, own)
	return own
}

const hexDigits = "0123456789abcdef"

// AppendString appends s quoted as encoding/json quotes it without HTML
// escaping: '"', '\\' and control characters escaped (\b \f \n \r \t by
// name, the others as \u00XX), each invalid UTF-8 byte replaced by
// \ufffd, and U+2028 and U+2029 escaped because JavaScript once took them
// for line ends.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	done := 0 // s[:done] is already in b
	for i := 0; i < len(s); {
		// Eight bytes that need nothing are skipped at once: most of a
		// post's text and every address are such bytes.
		for i+8 <= len(s) && plainWord(s[i:i+8]) {
			i += 8
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[done:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[done:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[done:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	b = append(b, s[done:]...)
	return append(b, '"')
}

// plainWord reports whether the 8 bytes of w are all ASCII that a JSON
// string carries as it is: none below 0x20, no '"' or '\\', none from 0x80
// (their UTF-8 is checked rune by rune). The tests over a whole word are
// the classic bit tricks for "has a zero byte" and "has a byte below n".
func plainWord(w string) bool {
	_ = w[7]
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	return x&highBits == 0 && !hasByteBelow(x, 0x20) &&
		!hasByteBelow(x^(eachByte*'"'), 1) && !hasByteBelow(x^(eachByte*'\\'), 1)
}

const (
	eachByte = 0x0101010101010101
	highBits = 0x8080808080808080
)

// hasByteBelow reports whether a byte of x is below n, for x without high
// bits and n at most 0x80.
func hasByteBelow(x, n uint64) bool { return (x-eachByte*n)&^x&highBits != 0 }

// AppendStringPtr appends *s, or null when s is nil.
func AppendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return AppendString(b, *s)
}

// AppendInt appends n.
func AppendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// errTimeOutOfRange marks a time encoding/json refuses or writes in its
// own way; the caller's whole answer then goes through encoding/json.
var errTimeOutOfRange = &json.UnsupportedValueError{Str: "time outside RFC 3339"}

// AppendTime appends t in RFC 3339 with nanoseconds, quoted, as
// time.Time's MarshalJSON does. Years outside 0-9999 and offsets that
// RFC 3339 cannot write (seconds, a day or more) are left to encoding/json.
func AppendTime(b []byte, t time.Time) ([]byte, error) {
	if y := t.Year(); y < 0 || y > 9999 {
		return b, errTimeOutOfRange
	}
	if _, offset := t.Zone(); offset%60 != 0 || offset <= -24*60*60 || offset >= 24*60*60 {
		return b, errTimeOutOfRange
	}
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), nil
}

// errFloatUnsupported marks NaN and the infinities, which JSON cannot
// write: the caller's whole answer goes through encoding/json, which
// refuses them with its own error.
var errFloatUnsupported = &json.UnsupportedValueError{Str: "NaN or infinite float"}

// AppendFloat appends f as encoding/json writes a float64: the shortest
// decimal that reads back as f, in exponent form only below 1e-6 or from
// 1e21 up (e-07 written e-7).
func AppendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, errFloatUnsupported
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// List is a slice of Appenders that writes itself: a handler answering a
// []T hands Marshal List[T](items) and the list goes without reflection.
type List[T Appender] []T

// AppendJSON writes the list as encoding/json writes a slice: null when
// nil.
func (l List[T]) AppendJSON(b []byte) ([]byte, error) {
	return AppendList(b, l)
}

// AppendList appends items as encoding/json writes a slice of them: null
// when nil.
func AppendList[T Appender](b []byte, items []T) ([]byte, error) {
	if items == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = items[i].AppendJSON(b); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}
