package ports

import (
	"context"

	"social/core/errs"
)

// TrendingTrack is one song of a top-charts feed. PreviewURL is empty when
// the store has no preview clip for it.
type TrendingTrack struct {
	ID         string
	Title      string
	Artist     string
	AlbumArt   string
	PreviewURL string
	Link       string
}

// TrendingSource reads the most played songs of a country (ISO 3166-1
// alpha-2, lower case: "br"), at most limit of them, in chart order.
// Failures are *errs.Error: CodeInvalidResponseFormat when the provider's
// answer has the wrong shape, CodeTrendingUnavailable otherwise.
type TrendingSource interface {
	TopSongs(ctx context.Context, country string, limit int) ([]TrendingTrack, error)
}

// Stable codes and texts of trending failures.
const (
	CodeInvalidResponseFormat = "invalid_response_format"
	MsgInvalidResponseFormat  = "Invalid response format"
	CodeTrendingUnavailable   = "trending_unavailable"
	MsgTrendingUnavailable    = "Não foi possível carregar as músicas trending"
)

// ErrInvalidResponseFormat is a provider answer of the wrong shape.
func ErrInvalidResponseFormat(cause error) *errs.Error {
	return errs.Unavailable(CodeInvalidResponseFormat, MsgInvalidResponseFormat, cause)
}

// ErrTrendingUnavailable is the provider unreachable or failing.
func ErrTrendingUnavailable(cause error) *errs.Error {
	return errs.Unavailable(CodeTrendingUnavailable, MsgTrendingUnavailable, cause)
}
