package app

import (
	"context"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
)

// posts is an in-memory PostReader.
type posts map[domain.PostID]domain.Post

func (p posts) Post(_ context.Context, id domain.PostID, _ domain.UserID) (domain.Post, error) {
	return portstest.Lookup(p, id)
}

// filer is an in-memory ReportFiler: one report per (reporter, target).
type filer struct {
	stored map[string]domain.Report
	err    error
}

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

// The rules every report shares, checked on the post report without a
// database: who may report, what, with which reason, and a repeat.
func TestReportRules(t *testing.T) {
	author, reader := domain.NewUserID(), domain.NewUserID()
	public, hidden := domain.NewPostID(), domain.NewPostID()
	store := &filer{stored: map[string]domain.Report{}}
	uc := &ReportPost{
		Posts: posts{
			public: {ID: public, AuthorID: author, Visibility: domain.VisibilityPublic},
			hidden: {ID: hidden, AuthorID: author, Visibility: domain.VisibilityFriendsOnly},
		},
		Reports: store, Clock: ports.SystemClock{},
	}
	long := strings.Repeat("á", domain.ReportReasonMaxRunes+1)
	blank := "   "
	cases := []struct {
		name   string
		viewer domain.UserID
		post   domain.PostID
		why    *string
		code   string
	}{
		{"signed out", domain.UserID{}, public, nil, CodeUnauthenticated},
		{"missing post", reader, domain.NewPostID(), nil, CodePostNotFound},
		{"post the viewer may not read", reader, hidden, nil, CodePostNotFound},
		{"own post", author, public, nil, CodeOwnPost},
		{"reason too long", reader, public, &long, CodeReasonTooLong},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := uc.Handle(context.Background(), domain.Viewer{UserID: c.viewer}, c.post, c.why)
			if portstest.CodeOf(err) != c.code {
				t.Fatalf("error %v, want code %s", err, c.code)
			}
		})
	}
	if len(store.stored) != 0 {
		t.Fatalf("a refused report was stored: %v", store.stored)
	}

	first, err := uc.Handle(context.Background(), domain.Viewer{UserID: reader}, public, &blank)
	if err != nil || !first.Created || first.Report.Reason != nil || first.Report.Status != domain.ReportOpen {
		t.Fatalf("first report: %+v, %v (a blank reason is stored as none)", first, err)
	}
	again, err := uc.Handle(context.Background(), domain.Viewer{UserID: reader}, public, nil)
	if err != nil || again.Created || again.Report.ID != first.Report.ID {
		t.Fatalf("repeat: %+v, %v; want the first report back", again, err)
	}

	store.err = ErrNoProfile
	if _, err := uc.Handle(context.Background(), domain.Viewer{UserID: domain.NewUserID()}, public, nil); portstest.CodeOf(err) != CodeNoProfile {
		t.Fatalf("reporter without a profile: %v", err)
	}
}
