package stories

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// memberData is the stories' part of a member's data: their live stories
// (who viewed them is theirs to know), and, on deletion, their stories and
// their views of others' stories, each view's count lowered with it.
type memberData struct{ db *bun.DB }

var _ ports.MemberData = memberData{}

func newMemberData(db *bun.DB) plugin.MemberData {
	return plugin.MemberData{Plugin: Name, Name: Name, Data: memberData{db: db}}
}

type exportStory struct {
	ID        uuid.UUID `bun:"id" json:"id"`
	Text      string    `bun:"text" json:"texto"`
	ViewCount int       `bun:"view_count" json:"visualizacoes"`
	CreatedAt time.Time `bun:"created_at" json:"criado_em"`
	ExpiresAt time.Time `bun:"expires_at" json:"expira_em"`
}

// ExportMember writes stories/stories.json.
func (d memberData) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	list := []exportStory{}
	if err := pgkit.IDB(ctx, d.db).NewRaw(`SELECT id, text, view_count, created_at, expires_at FROM stories
		WHERE author_id = ? ORDER BY created_at, id`, uuid.UUID(member)).Scan(ctx, &list); err != nil {
		return fmt.Errorf("stories: %w", err)
	}
	return w.JSON("stories/stories.json", list)
}

// EraseMember removes a batch of the member's views (lowering each story's
// count), then of their stories.
func (d memberData) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	uid := uuid.UUID(member)
	more := false
	err := pgkit.NewTransactor(d.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, d.db)
		for _, q := range []string{
			`WITH gone AS (DELETE FROM story_views WHERE viewer_id = ?0 AND story_id IN
				(SELECT story_id FROM story_views WHERE viewer_id = ?0 LIMIT ?1) RETURNING story_id),
			counted AS (UPDATE stories SET view_count = greatest(view_count - 1, 0)
				WHERE id IN (SELECT story_id FROM gone) RETURNING 1)
			SELECT count(*) FROM gone`,
			`WITH gone AS (DELETE FROM stories WHERE id IN (SELECT id FROM stories WHERE author_id = ?0 LIMIT ?1) RETURNING 1)
			SELECT count(*) FROM gone`,
		} {
			var n int
			if err := db.NewRaw(q, uid, batch).Scan(ctx, &n); err != nil {
				return err
			}
			if n > 0 {
				more = true
				return nil
			}
		}
		return nil
	})
	return more, err
}
