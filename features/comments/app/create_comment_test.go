package app

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
)

// postsByID is an in-memory PostReader.
type postsByID map[domain.PostID]domain.Post

func (p postsByID) Post(_ context.Context, id domain.PostID, _ domain.UserID) (domain.Post, error) {
	return portstest.Lookup(p, id)
}

// thread is an in-memory CommentCreator counting a post's comments.
// err, when set, is what the store answers instead.
type thread struct {
	stored []domain.Comment
	err    error
}

func (t *thread) Create(_ context.Context, c domain.Comment) (domain.CommentItem, int, error) {
	if t.err != nil {
		return domain.CommentItem{}, 0, t.err
	}
	t.stored = append(t.stored, c)
	return domain.CommentItem{Comment: c}, len(t.stored), nil
}

// allowance is a ports.RateLimiter allowing `left` attempts, counting them.
type allowance struct{ left, taken int }

func (a *allowance) Take(context.Context, ...ports.RateRule) (time.Duration, error) {
	a.taken++
	if a.left == 0 {
		return 30 * time.Second, nil
	}
	a.left--
	return 0, nil
}

type noNotices struct{}

func (noNotices) Insert(context.Context, domain.Notification) (bool, error) { return false, nil }
func (noNotices) Retract(context.Context, domain.UserID, domain.UserID, domain.NotificationType, *domain.PostID) ([]domain.NotificationID, error) {
	return nil, nil
}

// Who comments where and how much: a post one may read, a text within the
// limits, and a rate that only accepted forms use up.
func TestCreateCommentRules(t *testing.T) {
	author, reader := domain.NewUserID(), domain.NewUserID()
	public, friends := domain.NewPostID(), domain.NewPostID()
	store, limit := &thread{}, &allowance{left: 2}
	clock := portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 123456789, time.UTC)}
	uc := &CreateComment{Tx: portstest.InlineTx{}, Comments: store, Limiter: limit, PerMember: 2, Clock: clock,
		Posts: postsByID{
			public:  {ID: public, AuthorID: author, Visibility: domain.VisibilityPublic},
			friends: {ID: friends, AuthorID: author, Visibility: domain.VisibilityFriendsOnly},
		},
		Notices: &notifications.Recorder{Store: noNotices{}, Clock: clock}, Announcer: &notifications.Announcer{},
		Broadcaster: &portstest.Broadcasts{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	asReader := domain.Viewer{UserID: reader}

	for _, tc := range []struct {
		post domain.PostID
		text string
		want string
	}{
		{friends, "oi", CodePostNotFound}, // a friends_only post of someone not followed looks like none
		{domain.NewPostID(), "oi", CodePostNotFound},
		{public, " \n ", CodeEmpty},
		{public, strings.Repeat("é", domain.CommentMaxRunes+1), CodeTooLong},
	} {
		if _, err := uc.Handle(ctx, asReader, tc.post, tc.text); portstest.CodeOf(err) != tc.want {
			t.Fatalf("%q on %s: %v, want %s", tc.text, tc.post, err, tc.want)
		}
	}
	if _, err := uc.Handle(ctx, domain.Viewer{}, public, "oi"); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if limit.taken != 0 || len(store.stored) != 0 {
		t.Fatalf("refused comments used %d attempts and stored %d", limit.taken, len(store.stored))
	}

	out, err := uc.Handle(ctx, asReader, public, strings.Repeat("é", domain.CommentMaxRunes))
	if err != nil || out.CommentCount != 1 || out.PostAuthorID != author {
		t.Fatalf("a comment at the limit: %+v %v", out, err)
	}
	if got := store.stored[0].CreatedAt; !got.Equal(clock.At.Truncate(time.Microsecond)) {
		t.Fatalf("kept to the microsecond, as PostgreSQL keeps it: %v", got)
	}
	if _, err := uc.Handle(ctx, asReader, public, "dois"); err != nil {
		t.Fatal(err)
	}
	_, err = uc.Handle(ctx, asReader, public, "três")
	if e, ok := errs.As(err); !ok || e.Code != CodeRateLimited || e.RetryAfter != 30*time.Second {
		t.Fatalf("past the rate: %v", err)
	}
	if len(store.stored) != 2 {
		t.Fatalf("stored %d", len(store.stored))
	}
}

// What the store finds on writing: the post deleted since it was read, or
// an author without a profile.
func TestCreateCommentStoreRefusals(t *testing.T) {
	author, reader := domain.NewUserID(), domain.NewUserID()
	post := domain.NewPostID()
	clock := portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	for _, tc := range []struct {
		stored error
		kind   errs.Kind
		code   string
	}{
		{domain.ErrNotFound, errs.KindNotFound, CodePostNotFound},
		{ErrNoProfile, errs.KindForbidden, CodeNoProfile},
	} {
		uc := &CreateComment{Tx: portstest.InlineTx{}, Comments: &thread{err: tc.stored}, Limiter: &allowance{left: 1},
			PerMember: 1, Clock: clock, Posts: postsByID{post: {ID: post, AuthorID: author, Visibility: domain.VisibilityPublic}},
			Notices: &notifications.Recorder{Store: noNotices{}, Clock: clock}, Announcer: &notifications.Announcer{},
			Broadcaster: &portstest.Broadcasts{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		_, err := uc.Handle(context.Background(), domain.Viewer{UserID: reader}, post, "oi")
		if e, ok := errs.As(err); !ok || e.Kind != tc.kind || e.Code != tc.code {
			t.Fatalf("store answers %v: %v, want %s", tc.stored, err, tc.code)
		}
	}
}
