package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	search "social/features/search/app"
	"social/platform/pgkit"
)

// HashtagCounter counts hashtags over recent public posts
// (search.HashtagCounter).
type HashtagCounter struct{ db *bun.DB }

// NewHashtagCounter makes the counter on db.
func NewHashtagCounter(db *bun.DB) *HashtagCounter { return &HashtagCounter{db: db} }

// TrendCeiling bounds the work of a count: the newest this many public
// posts of the window are counted, read from posts_public_feed_idx, so a
// busy week costs what a quiet one does (the tags of the newest posts are
// what is trending anyway).
const TrendCeiling = 10_000

// TrendingHashtags counts the tags of the window's newest public posts
// (post_hashtags' primary key). Friends-only and community posts are left
// out (their tags are not the network's to show), and so are suspended or
// leaving members'.
func (c *HashtagCounter) TrendingHashtags(ctx context.Context, since time.Time, limit int) ([]search.HashtagTrend, error) {
	var rows []struct {
		Tag    string `bun:"tag"`
		People int    `bun:"people"`
		Posts  int    `bun:"posts"`
	}
	err := c.db.NewRaw(`
		SELECT h.tag, count(DISTINCT p.author_id) AS people, count(*) AS posts
		FROM (SELECT p.id, p.author_id FROM posts p
			WHERE p.visibility = 'public' AND p.created_at >= ?`+pgkit.ActiveMember("p.author_id")+`
			ORDER BY p.created_at DESC, p.id DESC LIMIT ?) p
		JOIN post_hashtags ph ON ph.post_id = p.id
		JOIN hashtags h ON h.id = ph.hashtag_id
		GROUP BY h.tag
		ORDER BY people DESC, posts DESC, h.tag
		LIMIT ?`, since, TrendCeiling, limit).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("trending hashtags: %w", err)
	}
	out := make([]search.HashtagTrend, len(rows))
	for i, r := range rows {
		out[i] = search.HashtagTrend{Tag: r.Tag, People: r.People, Posts: r.Posts}
	}
	return out, nil
}
