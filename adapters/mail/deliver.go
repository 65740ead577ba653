package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"social/core/ports"
	"social/kit/plugin"
)

// DeliverArgs is the job that sends one outbox row.
type DeliverArgs struct {
	MailID int64 `json:"mail_id"`
}

// Kind is the job's stable name.
func (DeliverArgs) Kind() string { return "mail.deliver" }

// InsertOpts puts the job in the outside queue: it waits on the SMTP server.
func (DeliverArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: plugin.QueueOutside} }

// Sender hands a message to the outside world.
type Sender interface {
	Send(ctx context.Context, m ports.Mail) error
	// Status is what a delivered row says: "sent" or "logged".
	Status() string
}

// DeliverWorker works mail.deliver. Only a pending row is sent and the row
// is marked once done, so a job run twice sends once (a crash between the
// two can still send twice: at least once, never never).
type DeliverWorker struct {
	river.WorkerDefaults[DeliverArgs]
	DB     *bun.DB
	Sender Sender
	Clock  ports.Clock
	Log    *slog.Logger
}

// Work delivers one message.
func (w *DeliverWorker) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	var row struct {
		To      string `bun:"to_address"`
		Subject string `bun:"subject"`
		Body    string `bun:"body_text"`
	}
	err := w.DB.NewRaw(`UPDATE mail_outbox SET attempts = attempts + 1 WHERE id = ? AND status = 'pending'
		RETURNING to_address, subject, body_text`, job.Args.MailID).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // delivered already, or gone
	}
	if err != nil {
		return fmt.Errorf("load mail %d: %w", job.Args.MailID, err)
	}
	if err := w.Sender.Send(ctx, ports.Mail{To: row.To, Subject: row.Subject, BodyText: row.Body}); err != nil {
		status := "pending"
		if job.Attempt >= job.MaxAttempts {
			status = "failed"
		}
		_, _ = w.DB.NewRaw(`UPDATE mail_outbox SET last_error = ?, status = ? WHERE id = ?`,
			err.Error(), status, job.Args.MailID).Exec(context.WithoutCancel(ctx))
		return fmt.Errorf("deliver mail %d: %w", job.Args.MailID, err)
	}
	_, err = w.DB.NewRaw(`UPDATE mail_outbox SET status = ?, sent_at = ?, last_error = NULL WHERE id = ? AND status = 'pending'`,
		w.Sender.Status(), w.Clock.Now(), job.Args.MailID).Exec(context.WithoutCancel(ctx))
	if err != nil {
		return fmt.Errorf("mark mail %d delivered: %w", job.Args.MailID, err)
	}
	return nil
}

// LogSender notes in the log that a message was kept instead of sent (no
// mail.smtp.host): development reads it in the outbox (`social mail list`,
// or the console's outbox). The body stays out of the log: its links carry
// tokens (confirmation, password reset) and logs are kept and shipped.
type LogSender struct{ Log *slog.Logger }

// Send logs who m is for and its subject.
func (s LogSender) Send(ctx context.Context, m ports.Mail) error {
	s.Log.InfoContext(ctx, "mail not sent (no mail.smtp.host): kept in the outbox",
		"to", m.To, "subject", m.Subject)
	return nil
}

// Status of a logged message.
func (LogSender) Status() string { return "logged" }
