package pgkit

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
)

// EraseBatch is one step of erasing a deleted member's rows
// (ports.MemberData.EraseMember): in one transaction it deletes at most
// batch of the member's rows of each of steps in order (lowering the counts
// that counted them), and stops at the first step that deleted any. more
// says whether one did: rows may be left for the next step.
func EraseBatch(ctx context.Context, db *bun.DB, member domain.UserID, batch int, steps ...EraseRows) (more bool, err error) {
	err = NewTransactor(db).InTx(ctx, func(ctx context.Context) error {
		for _, step := range steps {
			var n int
			if err := IDB(ctx, db).NewRaw(step.SQL(), uuid.UUID(member), batch).Scan(ctx, &n); err != nil {
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

// EraseRows is a step of EraseBatch: its statement deletes at most ?1 rows of Table
// whose Member column holds the member's ID (?0), picked by Key (a column,
// or several separated by commas), and answers how many it deleted. With
// Parents and Count set, each row counted once in the Parents row whose id
// its Key holds, and that Count is lowered in the same statement.
type EraseRows struct {
	Table, Member, Key string
	Parents, Count     string
}

// SQL is the statement; ?0 is the member's ID, ?1 the batch.
func (e EraseRows) SQL() string {
	gone := fmt.Sprintf(`WITH gone AS (DELETE FROM %[1]s WHERE %[2]s = ?0 AND (%[3]s) IN
		(SELECT %[3]s FROM %[1]s WHERE %[2]s = ?0 LIMIT ?1) RETURNING %[3]s)`, e.Table, e.Member, e.Key)
	if e.Parents == "" {
		return gone + `
	SELECT count(*) FROM gone`
	}
	return gone + fmt.Sprintf(`,
	counted AS (UPDATE %[1]s SET %[2]s = greatest(%[2]s - 1, 0) WHERE id IN (SELECT %[3]s FROM gone) RETURNING 1)
	SELECT count(*) FROM gone`, e.Parents, e.Count, e.Key)
}
