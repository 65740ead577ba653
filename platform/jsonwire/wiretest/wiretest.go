// Package wiretest checks an Appender against encoding/json over randomly
// filled values.
package wiretest

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"social/platform/jsonwire"
)

// SameAsStd fills values of T at random, n times, and fails t unless
// jsonwire.Marshal writes for each what encoding/json writes. Every field
// is filled (a pointer sometimes nil, a slice sometimes nil or empty), so a
// field the Appender forgets shows up as a difference.
func SameAsStd[T jsonwire.Appender](t *testing.T, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, uint64(n)))
	for i := range n {
		var v T
		Fill(r, reflect.ValueOf(&v).Elem())
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatalf("value %d: encoding/json: %v", i, err)
		}
		if err := jsonwire.Marshal(&got, v); err != nil {
			t.Fatalf("value %d: jsonwire: %v", i, err)
		}
		if want.String() != got.String() {
			t.Fatalf("value %d differs from encoding/json\nwant %s\n got %s", i, want.String(), got.String())
		}
	}
}

// pieces are what strings are made of: the characters JSON escapes,
// invalid UTF-8, line separators, HTML, accents and emoji, and plain text.
var pieces = []string{
	"a", "Ç", "ção", "😀", "👩🏽‍💻", " ", "\"", "\\", "/", "<", ">", "&", "\u2028", "\u2029",
	"\x00", "\x01", "\x1f", "\x7f", "\b", "\f", "\n", "\r", "\t",
	"\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "https://exemplo.com.br/a?b=1&c=2", "#verão", "@maria_silva",
}

// zones are offsets a time may carry; the ones RFC 3339 cannot write are
// left to encoding/json by AppendTime.
var zones = []*time.Location{
	time.UTC, time.FixedZone("BRT", -3*60*60), time.FixedZone("IST", 5*60*60+30*60),
	time.FixedZone("LMT", -(3*60*60 + 6*60 + 28)),
}

// Fill sets v, and everything under it, to random values.
func Fill(r *rand.Rand, v reflect.Value) {
	if v.Type() == reflect.TypeFor[time.Time]() {
		sec := r.Int64N(4_102_444_800) // 1970 to 2100
		t := time.Unix(sec, 0).In(zones[r.IntN(len(zones))])
		if r.IntN(2) == 0 {
			t = t.Add(time.Duration(r.Int64N(int64(time.Second))))
		}
		v.Set(reflect.ValueOf(t))
		return
	}
	switch v.Kind() {
	case reflect.String:
		var s strings.Builder
		for range r.IntN(12) {
			s.WriteString(pieces[r.IntN(len(pieces))])
		}
		v.SetString(s.String())
	case reflect.Float64:
		// From 1e-25 to 1e25, some whole: encoding/json writes the
		// smallest and the largest with an exponent.
		f := r.Float64() * math.Pow(10, float64(r.IntN(51)-25))
		if r.IntN(4) == 0 {
			f = math.Trunc(f)
		}
		if r.IntN(2) == 0 {
			f = -f
		}
		v.SetFloat(f)
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(r.Int64N(2_000_000) - 1_000_000)
	case reflect.Pointer:
		if r.IntN(3) == 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		Fill(r, p.Elem())
		v.Set(p)
	case reflect.Slice:
		switch r.IntN(4) {
		case 0:
			return // nil
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			s := reflect.MakeSlice(v.Type(), 1+r.IntN(3), 3)
			for i := range s.Len() {
				Fill(r, s.Index(i))
			}
			v.Set(s)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				Fill(r, v.Field(i))
			}
		}
	default:
		panic("wiretest: cannot fill a " + v.Type().String())
	}
}
