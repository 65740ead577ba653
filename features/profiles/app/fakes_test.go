package app

import (
	"bytes"
	"context"
	"io"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/core/ports/portstest"
)

// rows is an in-memory ProfileUpdater and ProfileReader.
type rows map[domain.UserID]*domain.Profile

func (r rows) ByID(_ context.Context, id domain.UserID) (domain.Profile, error) {
	return portstest.LookupCopy(r, id)
}

func (r rows) Update(_ context.Context, id domain.UserID, fn func(p *domain.Profile) error) (domain.Profile, error) {
	p, ok := r[id]
	if !ok {
		return domain.Profile{}, domain.ErrNotFound
	}
	edited := *p
	if err := fn(&edited); err != nil {
		return domain.Profile{}, err
	}
	*p = edited
	return edited, nil
}

// reindexed counts the search documents queued.
type reindexed struct{ ids []string }

func (q *reindexed) EnqueueIndex(_ context.Context, _ ports.SearchKind, id string) error {
	q.ids = append(q.ids, id)
	return nil
}

// allowance is a ports.RateLimiter allowing `left` attempts and counting
// what was asked.
type allowance struct {
	left  int
	taken int
	rules []ports.RateRule
}

func (a *allowance) Take(_ context.Context, rules ...ports.RateRule) (time.Duration, error) {
	a.taken++
	a.rules = rules
	if a.left == 0 {
		return 40 * time.Second, nil
	}
	a.left--
	return 0, nil
}

// blobs is an in-memory ports.BlobStore.
type blobs struct{ stored map[string][]byte }

func (b *blobs) Put(_ context.Context, key string, r io.Reader, _ int64, _ string) error {
	data, err := io.ReadAll(r)
	b.stored[key] = data
	return err
}

func (b *blobs) Open(context.Context, string) (io.ReadSeekCloser, ports.BlobInfo, error) {
	return nil, ports.BlobInfo{}, ports.ErrBlobNotFound
}

func (b *blobs) Delete(_ context.Context, key string) error {
	if _, ok := b.stored[key]; !ok {
		return ports.ErrBlobNotFound
	}
	delete(b.stored, key)
	return nil
}

func (b *blobs) SignedURL(_ context.Context, key string, _ time.Duration) (string, error) {
	return key, nil
}

// pngOnly is a ports.ImageCleaner that takes bytes starting "PNG" as a PNG
// and refuses anything else as the adapter refuses a type it does not know.
type pngOnly struct{}

func (pngOnly) Clean(_ context.Context, data []byte, _ ...ports.ImageFormat) (ports.CleanImage, error) {
	if !bytes.HasPrefix(data, []byte("PNG")) {
		return ports.CleanImage{}, errs.Invalid(ports.CodeInvalidFileType, "tipo", nil)
	}
	return ports.CleanImage{Data: data, Format: ports.ImagePNG}, nil
}

// writing is what every profile write of the tests shares: one member's
// row, the reindex queue, the limiter and a stopped clock.
type writing struct {
	member  domain.UserID
	rows    rows
	search  *reindexed
	limiter *allowance
	indexer Indexer
	clock   portstest.Clock
}

func newWriting(allowed int) *writing {
	w := &writing{member: domain.NewUserID(), search: &reindexed{}, limiter: &allowance{left: allowed},
		clock: portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}}
	w.rows = rows{w.member: {ID: w.member, Handle: "sara", DisplayName: "Sara"}}
	w.indexer = Indexer{Tx: portstest.InlineTx{}, Search: w.search}
	return w
}
