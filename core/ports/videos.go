package ports

import (
	"context"
	"errors"
	"io"
)

// VideoFormat is an accepted video container, decided from the bytes.
type VideoFormat string

const (
	VideoMP4  VideoFormat = "video/mp4"
	VideoWebM VideoFormat = "video/webm"
	VideoOgg  VideoFormat = "video/ogg"
)

// ErrVideoMalformed is wrapped by every refusal of a VideoChecker: the
// file is cut short, carries bytes past its structure, or its structure
// does not hold together. The wrapping error says where, for the logs.
var ErrVideoMalformed = errors.New("video is not structurally whole")

// VideoChecker checks that an uploaded video is structurally whole: its
// container's structure accounts for every byte of the file, from the
// first to the last. It streams (reads headers and seeks past payloads), so
// a large upload on disk is never held in memory, and leaves r's position
// anywhere. A refusal wraps ErrVideoMalformed; any other error is a failure
// to read r, or the context's.
type VideoChecker interface {
	Check(ctx context.Context, r io.ReadSeeker, format VideoFormat) error
}
