package bleve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/google/uuid"

	"social/core/ports"
)

// RecentWindow is how long a post counts as recent. The public posts of
// this window live in an index of their own, which a post search reads
// first, reaching into the full index only when they hold fewer matches
// than it needs. A common word matches a tenth of all posts, and ranking
// every one of them was most of a search's time; the recent posts hold a
// small share of them, and the newest matches are what a member of a
// social network expects first.
//
// A post enters the full index only once it has aged out of the window,
// moved there with the other aged posts in one large batch (settleRecent).
// Each new post is then written to one small index, not to two: every
// batch a Bleve index commits makes a segment and sets off merges, and on
// the full index, of every post there is, that was half the work of
// publishing a post.
const RecentWindow = 72 * time.Hour

// settleEvery is how often a write moves the posts that have aged out of
// the recent index into the full one: a post stays recent at most this
// long past the window, where it is still a right answer, only no longer
// among the newest.
const settleEvery = time.Hour

// settleBatch is how many aged posts one step of a move carries.
const settleBatch = 1000

// recentFolder is the recent posts' index, inside the index folder: it
// goes wherever the folder goes, and removing the folder removes both.
const recentFolder = "recent"

// where names the indexes a document is written to.
type where uint8

const (
	inFull where = 1 << iota
	inRecent
)

// homeOf is where d belongs at now: a post younger than the window in the
// recent index; one that aged less than settleEvery ago in both, since the
// move may or may not have reached it; anything else in the full index.
// at is a recent post's creation time.
func homeOf(d ports.SearchDoc, now time.Time) (at time.Time, home where) {
	if d.Kind != ports.SearchPost {
		return time.Time{}, inFull
	}
	at, ok := postTime(d.ID)
	switch age := now.Sub(at); {
	case !ok || age >= RecentWindow+settleEvery:
		return time.Time{}, inFull
	case age >= RecentWindow:
		return at, inFull | inRecent
	default:
		return at, inRecent
	}
}

// postTime is when a post was created. Post IDs are UUIDv7
// (domain.NewPostID), whose first 48 bits are the creation time; ok is
// false for any other ID, and such a post is found in the full index only.
func postTime(id string) (at time.Time, ok bool) {
	u, err := uuid.Parse(id)
	if err != nil || u.Version() != 7 {
		return time.Time{}, false
	}
	return time.Unix(u.Time().UnixTime()), true
}

// openRecent opens the recent posts' index inside the index folder,
// creating it when missing or built by another mapping version. An empty
// one is only slower, never wrong: a search finds the rest in the full
// index, and `social reindex` fills it.
func openRecent(dir string) (bleve.Index, error) {
	path := filepath.Join(dir, recentFolder)
	idx, err := bleve.OpenUsing(path, runtimeConfig(true))
	switch {
	case err == nil:
		if v, verr := idx.GetInternal(versionKey); verr == nil && string(v) == mappingVersion {
			return idx, nil
		}
		_ = idx.Close()
		if err := os.RemoveAll(path); err != nil {
			return nil, fmt.Errorf("remove a recent posts' index of another version: %w", err)
		}
	case !isMissing(err):
		return nil, err
	}
	return create(path, true)
}

// settleRecent moves the posts older than the window from the recent
// index into the full one, a batch at a time: each is written to the full
// index from its stored source, then removed from the recent one. A move
// cut short leaves a post in both, which a search tells apart by its ID
// and the next move finishes.
func (x *Index) settleRecent(ctx context.Context, now time.Time) error {
	cutoff := float64(now.Add(-RecentWindow).Unix())
	inclusive := true
	for {
		aged := bleve.NewNumericRangeInclusiveQuery(nil, &cutoff, nil, &inclusive)
		aged.SetField("at")
		req := bleve.NewSearchRequestOptions(aged, settleBatch, 0, false)
		req.Score = "none"
		req.Fields = []string{"source"}
		found, err := x.recent.SearchInContext(ctx, req)
		if err != nil {
			return fmt.Errorf("find aged recent posts: %w", err)
		}
		if len(found.Hits) == 0 {
			return nil
		}
		moved, removed := x.idx.NewBatch(), x.recent.NewBatch()
		for _, h := range found.Hits {
			d, err := storedDoc(h)
			if err != nil {
				return err
			}
			r, err := toRecord(d)
			if err != nil {
				return err
			}
			if err := moved.Index(h.ID, r); err != nil {
				return fmt.Errorf("move %s to the full index: %w", h.ID, err)
			}
			removed.Delete(h.ID)
		}
		if err := x.writes.commit(x.idx, moved); err != nil {
			return fmt.Errorf("move aged recent posts: %w", err)
		}
		if err := x.recentWrites.commit(x.recent, removed); err != nil {
			return fmt.Errorf("remove aged recent posts: %w", err)
		}
		if len(found.Hits) < settleBatch {
			return nil
		}
	}
}

// maybeSettleRecent settles when settleEvery has passed since the last
// time; of writers arriving together, one settles and the others go on.
func (x *Index) maybeSettleRecent(ctx context.Context, now time.Time) error {
	next := x.nextSettle.Load()
	if now.UnixNano() < next || !x.nextSettle.CompareAndSwap(next, now.Add(settleEvery).UnixNano()) {
		return nil
	}
	return x.settleRecent(ctx, now)
}

// searchPosts finds the posts matching q: the recent ones first, best
// match first, and when they are fewer than limit, the best of the others.
func (x *Index) searchPosts(ctx context.Context, q string, limit int) ([]ports.SearchDoc, error) {
	match := textMatch("text", q)
	// By score alone, in both indexes: a tie-break on the document ID
	// (UUIDv7, so newest first) would look up the ID of every match, which
	// took a third of a common word's search even among recent posts;
	// equal scores keep the index's order.
	found, err := hitsOf(ctx, x.recent, match, limit)
	if err != nil || len(found) >= limit {
		return found, err
	}
	older, err := hitsOf(ctx, x.idx, match, limit+len(found))
	if err != nil {
		return nil, err
	}
	// A post in both indexes (a move cut short, or one that aged in the
	// last hour) is taken once, from the recent index.
	seen := make(map[string]bool, len(found))
	for _, d := range found {
		seen[d.ID] = true
	}
	for _, d := range older {
		if len(found) == limit {
			break
		}
		if !seen[d.ID] {
			found = append(found, d)
		}
	}
	return found, nil
}
