package mail

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"social/core/ports"
	"social/platform/pgkit"
)

// Outbox writes mail rows and their delivery jobs (see ports.Outbox).
type Outbox struct {
	db    *bun.DB
	jobs  *pgkit.JobInserter
	clock ports.Clock
}

// NewOutbox makes the outbox.
func NewOutbox(db *bun.DB, jobs *pgkit.JobInserter, clock ports.Clock) *Outbox {
	return &Outbox{db: db, jobs: jobs, clock: clock}
}

// Enqueue stores m and its mail.deliver job in the transaction of ctx (or
// in its own).
func (o *Outbox) Enqueue(ctx context.Context, m ports.Mail) error {
	if strings.ContainsAny(m.To+m.Subject, "\r\n") {
		return fmt.Errorf("mail to %q: line break in a header", m.To)
	}
	return pgkit.NewTransactor(o.db).InTx(ctx, func(ctx context.Context) error {
		var id int64
		err := pgkit.IDB(ctx, o.db).NewRaw(`INSERT INTO mail_outbox (to_address, subject, body_text, created_at)
			VALUES (?, ?, ?, ?) RETURNING id`, m.To, m.Subject, m.BodyText, o.clock.Now()).Scan(ctx, &id)
		if err != nil {
			return fmt.Errorf("queue mail: %w", err)
		}
		return o.jobs.Insert(ctx, DeliverArgs{MailID: id}, nil)
	})
}
