package bulkseed

import (
	"cmp"
	"context"
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
	// Rows member by member, generated as COPY asks for them.
	var rows []int
	member, next, total := -1, 0, 0
	for m := range g.members {
		n := len(byAuthor[m])
		for _, f := range g.following[m] {
			n += len(byAuthor[f])
		}
		total += min(n, depth)
	}
	err := copyRows(ctx, tx, StageTimelines, "timelines", []string{"member_id", "post_id", "author_id", "created_at"}, total,
		func(int) []any {
			for next == len(rows) {
				member++
				rows = append(rows[:0], byAuthor[member]...)
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
