package httpapi_test

import (
	"testing"

	"social/features/posts/httpapi"
	"social/platform/jsonwire/wiretest"
)

func TestFeedPagesAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	wiretest.SameAsStd[httpapi.FeedPage](t, 1000)
}
