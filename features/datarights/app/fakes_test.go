package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// exportsAt is where the export tests start: a member, an empty store and
// the moment of the first call.
func exportsAt() (ana domain.Viewer, store *memExports, now time.Time) {
	return domain.Viewer{UserID: domain.NewUserID()}, &memExports{}, time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
}

// memExports keeps exports in memory, newest last.
type memExports struct {
	list     []Export
	enqueued []uuid.UUID
	expired  []uuid.UUID
}

func (m *memExports) Create(_ context.Context, e Export) error {
	m.list = append(m.list, e)
	return nil
}

func (m *memExports) Latest(_ context.Context, member domain.UserID) (*Export, error) {
	for i := len(m.list) - 1; i >= 0; i-- {
		if m.list[i].MemberID == member {
			e := m.list[i]
			return &e, nil
		}
	}
	return nil, nil
}

func (m *memExports) LastCounted(_ context.Context, member domain.UserID) (*time.Time, error) {
	for i := len(m.list) - 1; i >= 0; i-- {
		if e := m.list[i]; e.MemberID == member && e.Status != ExportFailed {
			return &e.RequestedAt, nil
		}
	}
	return nil, nil
}

func (m *memExports) ByID(context.Context, uuid.UUID) (Export, error) {
	return Export{}, domain.ErrNotFound
}
func (m *memExports) SetProgress(context.Context, uuid.UUID, string, int) error {
	return errors.New("not used by these use cases")
}
func (m *memExports) MarkReady(context.Context, uuid.UUID, string, int64, time.Time, time.Time) error {
	return errors.New("not used by these use cases")
}
func (m *memExports) MarkFailed(context.Context, uuid.UUID, time.Time) error {
	return errors.New("not used by these use cases")
}

func (m *memExports) Expired(_ context.Context, now time.Time, limit int) ([]Export, error) {
	var out []Export
	for _, e := range m.list {
		if e.Status == ExportReady && e.ExpiresAt != nil && !now.Before(*e.ExpiresAt) && len(out) < limit {
			out = append(out, e)
		}
	}
	return out, nil
}

func (m *memExports) MarkExpired(_ context.Context, id uuid.UUID) error {
	for i := range m.list {
		if m.list[i].ID == id {
			m.list[i].Status = ExportExpired
			m.expired = append(m.expired, id)
		}
	}
	return nil
}

func (m *memExports) EnqueueExport(_ context.Context, id uuid.UUID) error {
	m.enqueued = append(m.enqueued, id)
	return nil
}

// ready stores a ready export of member made at, kept until expires.
func (m *memExports) ready(member domain.UserID, at, expires time.Time) Export {
	key := "exports/" + member.String() + ".zip"
	e := Export{ID: uuid.New(), MemberID: member, Status: ExportReady, RequestedAt: at, FinishedAt: &at,
		ExpiresAt: &expires, ArchiveKey: &key}
	m.list = append(m.list, e)
	return e
}

// memBlobs is a ports.BlobStore of byte slices; failDelete, when set, is
// what Delete answers.
type memBlobs struct {
	files      map[string][]byte
	failDelete error
}

func (b *memBlobs) Put(_ context.Context, key string, r io.Reader, _ int64, _ string) error {
	data, err := io.ReadAll(r)
	b.files[key] = data
	return err
}

func (b *memBlobs) Open(_ context.Context, key string) (io.ReadSeekCloser, ports.BlobInfo, error) {
	data, ok := b.files[key]
	if !ok {
		return nil, ports.BlobInfo{}, ports.ErrBlobNotFound
	}
	return nopCloser{bytes.NewReader(data)}, ports.BlobInfo{Size: int64(len(data))}, nil
}

func (b *memBlobs) Delete(_ context.Context, key string) error {
	if b.failDelete != nil {
		return b.failDelete
	}
	if _, ok := b.files[key]; !ok {
		return ports.ErrBlobNotFound
	}
	delete(b.files, key)
	return nil
}

func (b *memBlobs) SignedURL(context.Context, string, time.Duration) (string, error) {
	return "", errors.New("archives are never linked")
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }
