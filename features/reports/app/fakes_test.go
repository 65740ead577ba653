package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// posts is an in-memory PostReader.
type posts map[domain.PostID]domain.Post

func (p posts) Post(_ context.Context, id domain.PostID, _ domain.UserID) (domain.Post, error) {
	return portstest.Lookup(p, id)
}

// commentsByID is an in-memory CommentReader.
type commentsByID map[domain.CommentID]domain.CommentItem

func (c commentsByID) Comment(_ context.Context, id domain.CommentID, _ domain.UserID) (domain.CommentItem, error) {
	return portstest.Lookup(c, id)
}

// filer is an in-memory ReportFiler: one report per (reporter, target).
type filer struct {
	stored map[string]domain.Report
	err    error
}

func newFiler() *filer { return &filer{stored: map[string]domain.Report{}} }

func (f *filer) File(_ context.Context, r domain.Report) (domain.Report, bool, error) {
	if f.err != nil {
		return domain.Report{}, false, f.err
	}
	key := r.ReporterID.String() + string(r.TargetType) + r.TargetID.String()
	if old, ok := f.stored[key]; ok {
		return old, false, nil
	}
	f.stored[key] = r
	return r, true, nil
}

// refusal is a report the use case refuses with code.
type refusal[ID any] struct {
	name   string
	viewer domain.UserID
	target ID
	why    *string
	code   string
}

// checkRefusals files each refused report and checks the code it answers,
// and that none of them reached the store.
func checkRefusals[ID any](t *testing.T, file func(context.Context, domain.Viewer, ID, *string) (Filed, error),
	store *filer, refusals []refusal[ID]) {
	t.Helper()
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			_, err := file(context.Background(), domain.Viewer{UserID: r.viewer}, r.target, r.why)
			if portstest.CodeOf(err) != r.code {
				t.Fatalf("error %v, want code %s", err, r.code)
			}
		})
	}
	if len(store.stored) != 0 {
		t.Fatalf("a refused report was stored: %v", store.stored)
	}
}
