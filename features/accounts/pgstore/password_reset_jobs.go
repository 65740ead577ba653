package pgstore

import "context"

// SendPasswordResetArgs is the job answering one password-recovery request
// (accounts.SendPasswordReset). Its retries send nothing more once the mail
// is queued: the per-address cooldown holds them.
type SendPasswordResetArgs struct {
	Email string `json:"email"`
}

// Kind is the job's stable name.
func (SendPasswordResetArgs) Kind() string { return "accounts.send_password_reset" }

func (a SendPasswordResetArgs) address() string { return a.Email }

// EnqueuePasswordReset enqueues the job of one request.
func (q MailJobs) EnqueuePasswordReset(ctx context.Context, email string) error {
	return q.insert(ctx, SendPasswordResetArgs{Email: email})
}
