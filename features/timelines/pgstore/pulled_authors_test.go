package pgstore_test

import (
	"slices"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
	postsapp "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	timelines "social/features/timelines/app"
	timelinesstore "social/features/timelines/pgstore"
)

// following is member's 'Seguindo' as the posts store reads it, page by
// page of size (newest first), all pages joined.
func (r *timelineRig) following(member domain.UserID, size int) []domain.PostID {
	r.T.Helper()
	store := postsstore.NewPosts(r.DB)
	var out []domain.PostID
	var after *postsapp.ChronoCursor
	for range 20 {
		page, next, err := store.Following(r.Ctx, member, after, size)
		if err != nil {
			r.T.Fatal(err)
		}
		for _, it := range page {
			out = append(out, it.Post.ID)
		}
		if next == nil {
			return out
		}
		after = next
	}
	r.T.Fatal("'Seguindo' did not end in 20 pages")
	return nil
}

// A post by an author above the threshold (PullAbove) is written into
// their own timeline only, and every follower reads it in 'Seguindo' at its commit,
// in order with the rows written for other authors, once each.
func TestAPulledAuthorsPostsAreReadNotWritten(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	const pullAbove = 5000
	place := &timelines.PlaceNewPost{Store: r.store, Queue: timelinesstore.TimelineQueue{Jobs: r.jobs()}, PullAbove: pullAbove}
	famous, friend, reader, stranger := r.Member(), r.Member(), r.Member(), r.Member()
	r.Follow(reader, famous)
	r.Follow(reader, friend)
	r.Follow(friend, famous)

	// Before famous is pulled, their post is written into timelines.
	r.Exec(`UPDATE profiles SET follower_count = ? WHERE id = ?`, timelines.InlineFanOut+1, uuid.UUID(famous))
	early := r.Post(famous, "public")
	r.must(place.Handle(r.Ctx, early))
	r.must((&timelines.FanOut{Store: r.store}).Handle(r.Ctx, early))
	r.wantTimeline(reader, early)

	r.Exec(`UPDATE profiles SET follower_count = ? WHERE id = ?`, pullAbove+1, uuid.UUID(famous))
	var made []domain.PostID
	for i, author := range []domain.UserID{friend, famous, friend, famous} {
		visibility := "public"
		if i == 3 {
			visibility = "friends_only" // a follower may read it
		}
		p := r.Post(author, visibility)
		r.must(place.Handle(r.Ctx, p))
		made = append(made, p)
	}
	friendOld, famousOld, friendNew, famousNew := made[0], made[1], made[2], made[3]
	if n := r.count(`SELECT count(*) FROM timeline_pulled_authors WHERE author_id = ?`, uuid.UUID(famous)); n != 1 {
		t.Fatalf("famous is in timeline_pulled_authors %d times, want once", n)
	}
	// Only the author's own timeline got their new posts.
	r.wantTimeline(reader, friendNew, friendOld, early)
	r.wantTimeline(famous, famousNew, famousOld, early)
	// Its job tells the followers but writes nothing.
	placed, _, err := r.store.FanOut(r.Ctx, famousNew, domain.UserID{}, 10)
	r.must(err)
	slices.SortFunc(placed.Members, func(a, b domain.UserID) int { return slices.Compare(a[:], b[:]) })
	want := []domain.UserID{reader, friend}
	slices.SortFunc(want, func(a, b domain.UserID) int { return slices.Compare(a[:], b[:]) })
	if !slices.Equal(placed.Members, want) {
		t.Errorf("told of a pulled author's post: %v, want the followers %v", placed.Members, want)
	}
	r.wantTimeline(reader, friendNew, friendOld, early)

	whole := []domain.PostID{famousNew, friendNew, famousOld, friendOld, early}
	for _, size := range []int{50, 2, 1} {
		if got := r.following(reader, size); !slices.Equal(got, whole) {
			t.Errorf("'Seguindo' of the reader in pages of %d = %v, want %v", size, got, whole)
		}
	}
	if got := r.following(famous, 50); !slices.Equal(got, []domain.PostID{famousNew, famousOld, early}) {
		t.Errorf("'Seguindo' of the pulled author = %v, want their own posts", got)
	}
	if got := r.following(stranger, 50); len(got) != 0 {
		t.Errorf("'Seguindo' of a stranger = %v, want nothing", got)
	}

	// Mastodon's apps read the same window both ways: the two just newer
	// than the oldest, answered newest first.
	posts := postsstore.NewPosts(r.DB)
	at, ok, err := posts.PostTime(r.Ctx, early)
	if err != nil || !ok {
		t.Fatalf("time of the first post: %v %v", ok, err)
	}
	earlyAt := postsapp.ChronoCursor{CreatedAt: at, ID: early}
	items, err := posts.Timeline(r.Ctx, reader, postsapp.TimelineRead{Kind: postsapp.TimelineFollowing,
		Window: postsapp.Window{Newer: &earlyAt, Forward: true}}, 2)
	r.must(err)
	if got := ids(items); !slices.Equal(got, []domain.PostID{famousOld, friendOld}) {
		t.Errorf("the two just newer than the first = %v, want %v", got, []domain.PostID{famousOld, friendOld})
	}

	// A mute, then an unfollow, take the pulled author's posts out at once.
	r.Exec(`INSERT INTO member_mutes (muter_id, muted_id, created_at) VALUES (?, ?, now())`, uuid.UUID(reader), uuid.UUID(famous))
	if got := r.following(reader, 2); !slices.Equal(got, []domain.PostID{friendNew, friendOld}) {
		t.Errorf("'Seguindo' muting the pulled author = %v, want only the friend's", got)
	}
	r.Exec(`DELETE FROM member_mutes WHERE muter_id = ?`, uuid.UUID(reader))
	r.Unfollow(reader, famous)
	if got := r.following(reader, 2); !slices.Equal(got, []domain.PostID{friendNew, friendOld}) {
		t.Errorf("'Seguindo' after unfollowing the pulled author = %v, want only the friend's", got)
	}
	// Following again needs no backfill to read their posts, and writes none.
	r.Follow(reader, famous)
	r.must(r.store.Backfill(r.Ctx, reader, famous, 10))
	r.wantTimeline(reader, friendNew, friendOld, early)
	if got := r.following(reader, 50); !slices.Equal(got, whole) {
		t.Errorf("'Seguindo' after following again = %v, want %v", got, whole)
	}
}

func ids(items []domain.FeedItem) []domain.PostID {
	out := make([]domain.PostID, len(items))
	for i, it := range items {
		out[i] = it.Post.ID
	}
	return out
}
