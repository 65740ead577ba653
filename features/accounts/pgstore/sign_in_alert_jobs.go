package pgstore

import "context"

// SendSignInAlertArgs is the job warning a member of failed sign-ins
// (accounts.SendSignInAlert). Its retries send nothing more once the mail is
// queued: one alert per window.
type SendSignInAlertArgs struct {
	Email string `json:"email"`
}

// Kind is the job's stable name.
func (SendSignInAlertArgs) Kind() string { return "accounts.send_sign_in_alert" }

func (a SendSignInAlertArgs) address() string { return a.Email }

// EnqueueSignInAlert enqueues the job for an e-mail.
func (q MailJobs) EnqueueSignInAlert(ctx context.Context, email string) error {
	return q.insert(ctx, SendSignInAlertArgs{Email: email})
}
