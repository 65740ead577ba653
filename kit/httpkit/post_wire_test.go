package httpkit_test

import (
	"testing"
	"time"

	"social/kit/httpkit"
	"social/kit/jsonwire/wiretest"
)

func TestPostsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	wiretest.SameAsStd[httpkit.Post](t, 3000)
	wiretest.SameAsStd[httpkit.Author](t, 1000)
}

func TestAPostWithPlainTimesIsWrittenWithoutReflection(t *testing.T) {
	at := time.Date(2026, 11, 26, 12, 0, 0, 5, time.UTC)
	if _, err := (httpkit.Post{CreatedAt: at, UpdatedAt: at}).AppendJSON(nil); err != nil {
		t.Fatal(err)
	}
}
