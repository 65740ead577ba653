// Package mail is the mail outbox: messages are rows of mail_outbox written
// in the transaction of what they announce, and the mail.deliver job sends
// each one over SMTP (mail.smtp.host) or, with no SMTP server configured,
// writes it to the log. The outbox stays readable: `social mail list` and
// the admin resource "mail".
package mail
