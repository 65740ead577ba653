package wire_test

import (
	"testing"
	"time"

	"social/features/posts/wire"
	"social/platform/jsonwire/wiretest"
)

func TestPostsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	wiretest.SameAsStd[wire.Post](t, 3000)
	wiretest.SameAsStd[wire.Author](t, 1000)
}

func TestAPostWithPlainTimesIsWrittenWithoutReflection(t *testing.T) {
	at := time.Date(2026, 11, 26, 12, 0, 0, 5, time.UTC)
	if _, err := (wire.Post{CreatedAt: at, UpdatedAt: at}).AppendJSON(nil); err != nil {
		t.Fatal(err)
	}
}
