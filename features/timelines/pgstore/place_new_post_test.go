package pgstore_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	notifications "social/features/notifications/app"
	notificationsstore "social/features/notifications/pgstore"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	searchstore "social/features/search/pgstore"
	timelines "social/features/timelines/app"
	"social/features/timelines/pgstore"
	"social/kit/demo"
	"social/platform/pgkit"
)

// newCreatePost is the create use case as the posts feature wires it, on
// the rig's database, broadcasting nothing.
func newCreatePost(r *timelineRig) *posts.CreatePost {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	clock := demo.NewClock(time.Now())
	store, notes := postsstore.NewPosts(r.DB), notificationsstore.NewNotifications(r.DB)
	return &posts.CreatePost{Tx: pgkit.NewTransactor(r.DB), Search: searchstore.NewSearchQueue(r.DB), Posts: store,
		Previews: postsstore.PreviewQueue{Jobs: r.jobs()}, Mentions: store,
		Timelines: &timelines.PlaceNewPost{Store: pgstore.NewTimelines(r.DB), Queue: pgstore.TimelineQueue{Jobs: r.jobs()}},
		Notices:   &notifications.Recorder{Store: notes, Clock: clock},
		Announcer: &notifications.Announcer{Counts: notes, Broadcaster: demo.Silent{}, Log: log},
		Clock:     clock, Broadcaster: demo.Silent{}, Log: log}
}

// A follow that commits while a post by the followed author is being
// created must not miss the post: with the post written into timelines by
// its own transaction, no fan-out job reads the follows later. The post's
// transaction waits on the author's profile row, which the follow's
// transaction holds (the follower count), and then sees the follow. A
// create that wrote the timelines before taking that row would miss it,
// and the follow's backfill, which ran before the post committed, too.
func TestNewPostReachesAFollowCommittedWhileItWasCreated(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	create := newCreatePost(r)
	author, follower := r.Member(), r.Member()

	// The follow, as FollowMember writes it, left uncommitted.
	follow, err := r.DB.BeginTx(r.Ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer follow.Rollback() //nolint:errcheck
	for _, q := range []string{
		`INSERT INTO follows (id, follower_id, following_id, created_at) VALUES (gen_random_uuid(), ?0, ?1, now())`,
		`UPDATE profiles SET following_count = following_count + CASE WHEN id = ?0 THEN 1 ELSE 0 END,
			follower_count = follower_count + CASE WHEN id = ?1 THEN 1 ELSE 0 END WHERE id IN (?0, ?1)`,
	} {
		if _, err := follow.NewRaw(q, uuid.UUID(follower), uuid.UUID(author)).Exec(r.Ctx); err != nil {
			t.Fatal(err)
		}
	}

	created := make(chan error, 1)
	var post posts.Created
	go func() {
		var err error
		post, err = create.Handle(context.Background(), domain.Viewer{UserID: author, Role: domain.RoleMember},
			posts.NewPost{Text: "chegou agora", Type: domain.PostText, Visibility: domain.VisibilityPublic})
		created <- err
	}()
	// The create is waiting on the author's profile row before the follow
	// commits: what PostgreSQL says of its backend, not a guess by time.
	r.waitForLocked(`%profiles%`)
	select {
	case err := <-created:
		t.Fatalf("the post was created while the follow held its author's profile (err %v)", err)
	default:
	}
	if err := follow.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-created; err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(follower); len(got) != 1 || got[0] != post.Post.ID {
		t.Errorf("the new follower's timeline = %v, want [%s]", got, post.Post.ID)
	}
}
