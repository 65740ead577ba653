package bulkseed

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
)

// StageTimelines is the progress stage of the 'Seguindo' timelines.
const StageTimelines = "timelines"

// loadTimelines writes each member's timeline: the newest TimelineDepth
// of their own posts and their followees', as the fan-out would have left
// it. The generator holds every post's author and time and every follow,
// so the merge happens here and the rows go through COPY: in SQL it is
// one index walk per member and followee, minutes at benchmark scale.
func (g *bulkGen) loadTimelines(ctx context.Context, tx pgx.Tx, res *Result) error {
	depth := g.opt.TimelineDepth
	if depth <= 0 {
		return nil
	}
	// Each author's newest depth posts, newest first.
	byAuthor := make([][]int, len(g.members))
	for i, a := range g.authors {
		byAuthor[a] = append(byAuthor[a], i)
	}
	newest := func(a, b int) int {
		return cmp.Or(g.postAt[b].Compare(g.postAt[a]), slices.Compare(g.postIDs[b][:], g.postIDs[a][:]))
	}
	for a, posts := range byAuthor {
		slices.SortFunc(posts, newest)
		byAuthor[a] = posts[:min(len(posts), depth)]
	}
	// A pulled author's posts are in their own timeline only, as the
	// server would have left them.
	pulled, err := g.loadPulledAuthors(ctx, tx)
	if err != nil {
		return err
	}
	ownOnly := make(map[int][]int, len(pulled))
	for _, a := range pulled {
		ownOnly[a], byAuthor[a] = byAuthor[a], nil
	}
	// Rows member by member, generated as COPY asks for them.
	var rows []int
	member, next, total := -1, 0, 0
	own := func(m int) []int {
		if posts, ok := ownOnly[m]; ok {
			return posts
		}
		return byAuthor[m]
	}
	for m := range g.members {
		n := len(own(m))
		for _, f := range g.following[m] {
			n += len(byAuthor[f])
		}
		total += min(n, depth)
	}
	err = copyRows(ctx, tx, StageTimelines, "timelines", []string{"member_id", "post_id", "author_id", "created_at"}, total,
		func(int) []any {
			for next == len(rows) {
				member++
				rows = append(rows[:0], own(member)...)
				for _, f := range g.following[member] {
					rows = append(rows, byAuthor[f]...)
				}
				slices.SortFunc(rows, newest)
				rows, next = rows[:min(len(rows), depth)], 0
			}
			p := rows[next]
			next++
			return []any{g.members[member], g.postIDs[p], g.members[g.authors[p]], g.postAt[p]}
		}, g.opt.Progress)
	res.Timelines = total
	return err
}

// loadPulledAuthors marks the authors with more than PullAbove followers
// pulled, and answers them (member indexes).
func (g *bulkGen) loadPulledAuthors(ctx context.Context, tx pgx.Tx) ([]int, error) {
	if g.opt.PullAbove <= 0 {
		return nil, nil
	}
	followers := make([]int, len(g.members))
	for _, followees := range g.following {
		for _, f := range followees {
			followers[f]++
		}
	}
	var (
		pulled []int
		marked [][]any
	)
	for m, n := range followers {
		if n > g.opt.PullAbove {
			pulled = append(pulled, m)
			marked = append(marked, []any{g.members[m], g.opt.Now})
		}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"timeline_pulled_authors"}, []string{"author_id", "since"},
		pgx.CopyFromRows(marked)); err != nil {
		return nil, fmt.Errorf("copy timeline_pulled_authors: %w", err)
	}
	return pulled, nil
}
