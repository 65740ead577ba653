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

// RecentWindow is how long a post counts as recent. A post search looks
// among the public posts of this window first, in an index of their own,
// and reaches into every post only when they hold fewer matches than it
// needs. A common word matches a tenth of all posts, and ranking every one
// of them was most of a search's time; the recent posts hold a small share
// of them, and the newest matches are what a member of a social network
// expects first.
const RecentWindow = 72 * time.Hour

// pruneEvery is how often a write removes the posts that have aged out of
// the recent index: a post stays there at most this long past the window,
// where it is still a right answer, only no longer the newest.
const pruneEvery = time.Hour

// pruneBatch is how many aged posts one step of a prune removes.
const pruneBatch = 1000

// recentFolder is the recent posts' index, inside the index folder: it
// goes wherever the folder goes, and removing the folder removes both.
const recentFolder = "recent"

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

// mayBeRecent is true for a post the recent index holds, or may still hold
// until the next prune: a change to it must reach that index too.
func mayBeRecent(d ports.SearchDoc, now time.Time) (at time.Time, ok bool) {
	if d.Kind != ports.SearchPost {
		return time.Time{}, false
	}
	at, ok = postTime(d.ID)
	return at, ok && now.Sub(at) < RecentWindow+pruneEvery
}

// openRecent opens the recent posts' index inside the index folder,
// creating it when missing or built by another mapping version. An empty
// one is only slower, never wrong: a search finds the rest in the full
// index, and `social reindex` fills it.
func openRecent(dir string) (bleve.Index, error) {
	path := filepath.Join(dir, recentFolder)
	idx, err := bleve.OpenUsing(path, map[string]interface{}{"bolt_timeout": lockWait})
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

// pruneRecent removes the posts older than the window from the recent
// index, a batch at a time.
func (x *Index) pruneRecent(ctx context.Context, now time.Time) error {
	cutoff := float64(now.Add(-RecentWindow).Unix())
	inclusive := true
	for {
		aged := bleve.NewNumericRangeInclusiveQuery(nil, &cutoff, nil, &inclusive)
		aged.SetField("at")
		req := bleve.NewSearchRequestOptions(aged, pruneBatch, 0, false)
		req.Score = "none"
		found, err := x.recent.SearchInContext(ctx, req)
		if err != nil {
			return fmt.Errorf("find aged recent posts: %w", err)
		}
		if len(found.Hits) == 0 {
			return nil
		}
		b := x.recent.NewBatch()
		for _, h := range found.Hits {
			b.Delete(h.ID)
		}
		if err := x.recentWrites.commit(x.recent, b); err != nil {
			return fmt.Errorf("remove aged recent posts: %w", err)
		}
		if len(found.Hits) < pruneBatch {
			return nil
		}
	}
}

// maybePruneRecent prunes when pruneEvery has passed since the last time;
// of writers arriving together, one prunes and the others go on.
func (x *Index) maybePruneRecent(ctx context.Context, now time.Time) error {
	next := x.nextPrune.Load()
	if now.UnixNano() < next || !x.nextPrune.CompareAndSwap(next, now.Add(pruneEvery).UnixNano()) {
		return nil
	}
	return x.pruneRecent(ctx, now)
}

// searchPosts finds the posts matching q: the recent ones first, best
// match first, and when they are fewer than limit, the best of the others.
func (x *Index) searchPosts(ctx context.Context, q string, limit int) ([]ports.SearchDoc, error) {
	match := textMatch("text", q)
	// By score alone, in both indexes: a tie-break on the document ID
	// (UUIDv7, so newest first) would look up the ID of every match, which
	// took a third of a common word's search even among recent posts;
	// equal scores keep the index's order.
	found, err := hitsOf(ctx, x.recent, match, limit, "-_score")
	if err != nil || len(found) >= limit {
		return found, err
	}
	older, err := hitsOf(ctx, x.idx, match, limit+len(found), "-_score")
	if err != nil {
		return nil, err
	}
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
