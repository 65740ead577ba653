package mail_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"social/adapters/mail"
	"social/core/ports"
)

// A kept message's links carry tokens: the log says who it is for and its
// subject, never its body.
func TestLogSenderKeepsTheBodyOutOfTheLog(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	sender := mail.LogSender{Log: slog.New(slog.NewTextHandler(&out, nil))}
	const token = "confirmation-token-4f1c2b"
	err := sender.Send(context.Background(), ports.Mail{To: "ana@example.com", Subject: "Confirme seu email no social",
		BodyText: "Abra http://localhost:8080/api/v1/auth/confirm?token=" + token})
	if err != nil {
		t.Fatal(err)
	}
	line := out.String()
	if strings.Contains(line, token) {
		t.Errorf("the log has the mail's token: %s", line)
	}
	if !strings.Contains(line, "ana@example.com") || !strings.Contains(line, "Confirme seu email no social") {
		t.Errorf("the log lacks the recipient or the subject: %s", line)
	}
}
