package app

import (
	"context"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
)

// The rules every report shares, checked on the post report without a
// database: who may report, what, with which reason, and a repeat.
func TestReportRules(t *testing.T) {
	author, reader := domain.NewUserID(), domain.NewUserID()
	public, hidden := domain.NewPostID(), domain.NewPostID()
	store := newFiler()
	uc := &ReportPost{
		Filing: Filing{Reports: store, Clock: ports.SystemClock{}},
		Posts: posts{
			public: {ID: public, AuthorID: author, Visibility: domain.VisibilityPublic},
			hidden: {ID: hidden, AuthorID: author, Visibility: domain.VisibilityFriendsOnly},
		},
	}
	long := strings.Repeat("á", domain.ReportReasonMaxRunes+1)
	blank := "   "
	checkRefusals(t, uc.Handle, store, []refusal[domain.PostID]{
		{"signed out", domain.UserID{}, public, nil, CodeUnauthenticated},
		{"missing post", reader, domain.NewPostID(), nil, CodePostNotFound},
		{"post the viewer may not read", reader, hidden, nil, CodePostNotFound},
		{"own post", author, public, nil, CodeOwnPost},
		{"reason too long", reader, public, &long, CodeReasonTooLong},
	})

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
