package jsonwire_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"social/platform/jsonwire"
)

// std is encoding/json's encoding of v without HTML escaping, newline cut.
func std(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func TestStringsAreQuotedAsEncodingJSONQuotesThem(t *testing.T) {
	var cases []string
	for c := range 256 {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
		// Each byte at each place of two words of plain ones: the words
		// skipped at once must hold none that needs escaping.
		for at := range 16 {
			w := []byte("abcdefgh ~!#$%&'")
			w[at] = byte(c)
			cases = append(cases, string(w))
		}
	}
	for _, r := range []rune{0x80, 0x7ff, 0x800, 0x2027, 0x2028, 0x2029, 0x202a, 0xfffd, 0xffff, 0x10000, utf8.MaxRune} {
		cases = append(cases, string(r), "x"+string(r)+"y")
	}
	cases = append(cases, "", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x80", "ação\xffé", strings.Repeat("<&>", 50))
	rng := rand.New(rand.NewPCG(7, 7))
	for range 2000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := string(jsonwire.AppendString(nil, s)), std(t, s); got != want {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	}
}

func FuzzStringsAreQuotedAsEncodingJSONQuotesThem(f *testing.F) {
	for _, s := range []string{"", "<p>Olá, \"mundo\"</p>", "https://exemplo.com/a?b=1&c=2", "\x00\x1f\x7f\u2028é\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(jsonwire.AppendString(nil, s)), std(t, s); got != want {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}

func TestTimesAreWrittenAsTheirMarshalJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	zones := []*time.Location{time.UTC, time.FixedZone("", -3*3600), time.FixedZone("", 5*3600+45*60), time.FixedZone("", -(23*3600 + 59*60))}
	for range 2000 {
		at := time.Unix(rng.Int64N(253_402_300_799), rng.Int64N(1e9)).In(zones[rng.IntN(len(zones))])
		if rng.IntN(3) == 0 {
			at = at.Truncate(time.Second)
		}
		got, err := jsonwire.AppendTime(nil, at)
		if err != nil {
			t.Fatalf("%v: %v", at, err)
		}
		if want := std(t, at); string(got) != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	}
}

// wrapped answers with AppendTime, the way a type with a time field does.
type wrapped struct{ At time.Time }

func (w wrapped) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"At":`...)
	b, err := jsonwire.AppendTime(b, w.At)
	return append(b, '}'), err
}

func TestTimesRFC3339CannotWriteGoToEncodingJSON(t *testing.T) {
	for _, at := range []time.Time{
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600)),
		time.Date(1900, 1, 1, 0, 0, 0, 0, time.FixedZone("LMT", -(3*3600+6*60+28))),
	} {
		if _, err := jsonwire.AppendTime(nil, at); err == nil {
			t.Fatalf("%v was written", at)
		}
		var got, want bytes.Buffer
		gotErr := jsonwire.Marshal(&got, wrapped{at})
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		wantErr := enc.Encode(wrapped{at})
		if got.String() != want.String() || (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("%v: got %q (%v), want %q (%v)", at, got.String(), gotErr, want.String(), wantErr)
		}
	}
}

type failing struct{ Name string }

func (failing) AppendJSON(b []byte) ([]byte, error) {
	return append(b, "half"...), errors.New("cannot")
}

func TestAnAppenderThatFailsLeavesTheAnswerToEncodingJSON(t *testing.T) {
	var b bytes.Buffer
	if err := jsonwire.Marshal(&b, failing{Name: "<Zé>"}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "{\"Name\":\"<Zé>\"}\n" {
		t.Fatalf("got %q", b.String())
	}
}

func TestOtherValuesGoThroughEncodingJSON(t *testing.T) {
	var b bytes.Buffer
	if err := jsonwire.Marshal(&b, map[string]any{"b": 1, "a": "<&>"}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "{\"a\":\"<&>\",\"b\":1}\n" {
		t.Fatalf("got %q", b.String())
	}
}

// withTags embeds an Appender and adds a field, as a created post's answer
// adds its tags to the post.
type withTags struct {
	wrapped
	Tags []string `json:"tags"`
}

func TestATypeThatOnlyEmbedsAnAppenderGoesThroughEncodingJSON(t *testing.T) {
	at := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for _, v := range []any{withTags{wrapped{at}, []string{"café"}}, &withTags{wrapped{at}, nil}} {
		var b bytes.Buffer
		if err := jsonwire.Marshal(&b, v); err != nil {
			t.Fatal(err)
		}
		if want := std(t, v) + "\n"; b.String() != want {
			t.Fatalf("got %q, want %q", b.String(), want)
		}
	}
}

func TestFloatsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	cases := []float64{0, math.Copysign(0, -1), 1, -1, 1.5, 1200.0 / 800, 1.0 / 3, 1e-6, 9.99e-7, 1e-7, -1e-7, 1e-10, 1e20, 1e21, -1e21,
		1.2345e21, 1e100, math.MaxFloat64, math.SmallestNonzeroFloat64}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 5000 {
		if f := math.Float64frombits(rng.Uint64()); !math.IsNaN(f) && !math.IsInf(f, 0) {
			cases = append(cases, f)
		}
	}
	for _, f := range cases {
		got, err := jsonwire.AppendFloat(nil, f)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if want := std(t, f); string(got) != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := jsonwire.AppendFloat(nil, f); err == nil {
			t.Fatalf("%v: written, though JSON has no such number", f)
		}
	}
}
