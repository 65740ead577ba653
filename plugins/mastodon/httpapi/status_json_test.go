package httpapi

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	postwire "social/features/posts/wire"

	"social/platform/jsonwire"
	"social/platform/jsonwire/wiretest"
)

func TestStatusesAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	wiretest.SameAsStd[Status](t, 2000)
	wiretest.SameAsStd[jsonwire.List[Status]](t, 300)
	wiretest.SameAsStd[MediaAttachment](t, 1000)
	wiretest.SameAsStd[MediaMeta](t, 1000)
	wiretest.SameAsStd[MediaSize](t, 1000)
	wiretest.SameAsStd[Mention](t, 500)
	wiretest.SameAsStd[Tag](t, 500)
	wiretest.SameAsStd[StatusApp](t, 500)
	wiretest.SameAsStd[PreviewCard](t, 1000)
	wiretest.SameAsStd[nobodyApproves](t, 1)
}

func TestAccountsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	wiretest.SameAsStd[Account](t, 2000)
	wiretest.SameAsStd[jsonwire.List[Account]](t, 300)
	wiretest.SameAsStd[CustomEmoji](t, 500)
	wiretest.SameAsStd[Field](t, 500)
}

// A status as the timelines make it (UTC times, a media's sizes) is
// written without falling back to encoding/json.
func TestATimelineStatusIsWrittenWithoutReflection(t *testing.T) {
	b := NewBase("https://exemplo.com.br")
	text, media, w, h := "Olá #verão <b>&</b> https://exemplo.com.br/a?b=1&c=2", "https://exemplo.com.br/m.jpg", 1200, 800
	at := time.Date(2026, 11, 30, 12, 0, 0, 5, time.FixedZone("BRT", -3*60*60))
	s := b.Status(postwire.Post{ID: "01936f0e-0000-7000-8000-000000000001", TextContent: &text, Type: "image",
		MediaURL: &media, MediaWidth: &w, MediaHeight: &h, MediaVariants: []postwire.MediaVariant{{URL: media, Width: 400, Height: 267}},
		CreatedAt: at, UpdatedAt: at.Add(time.Hour), LinkPreviewURL: &media,
		Author: postwire.Author{ID: "01936f0e-0000-7000-8000-000000000002", Handle: "maria", DisplayName: "Maria"}})
	s.Reblog = &Status{Account: s.Account, CreatedAt: s.CreatedAt}
	got, err := s.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if string(got)+"\n" != want.String() {
		t.Fatalf("differs from encoding/json\nwant %s\n got %s", want.String(), got)
	}
}
