package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"time"

	"social/config"
	"social/core/ports"
)

// SMTPSender sends over SMTP with STARTTLS, implicit TLS or (for a local
// relay) none.
type SMTPSender struct {
	Host     string
	Port     int
	Username string
	Password string
	TLS      string // starttls, tls or none
	From     *mail.Address
	Clock    ports.Clock
	// Timeout bounds one whole delivery.
	Timeout time.Duration
}

// NewSMTPSender reads mail.*.
func NewSMTPSender(cfg *config.Config, clock ports.Clock) (*SMTPSender, error) {
	from, err := mail.ParseAddress(cfg.Mail.From)
	if err != nil {
		return nil, fmt.Errorf("mail.from: %w", err)
	}
	s := cfg.Mail.SMTP
	return &SMTPSender{Host: s.Host, Port: s.Port, Username: s.Username, Password: s.Password, TLS: s.TLS,
		From: from, Clock: clock, Timeout: 30 * time.Second}, nil
}

// Status of a sent message.
func (*SMTPSender) Status() string { return "sent" }

// Send delivers m.
func (s *SMTPSender) Send(ctx context.Context, m ports.Mail) error {
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	dialer := &net.Dialer{}
	var conn net.Conn
	var err error
	if s.TLS == "tls" {
		conn, err = (&tls.Dialer{NetDialer: dialer, Config: &tls.Config{ServerName: s.Host}}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = dialer.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("smtp %s: %w", addr, err)
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp %s: %w", addr, err)
	}
	defer c.Close()
	if s.TLS == "starttls" {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return fmt.Errorf("smtp %s: server does not offer STARTTLS (set mail.smtp.tls)", addr)
		}
		if err := c.StartTLS(&tls.Config{ServerName: s.Host}); err != nil {
			return fmt.Errorf("smtp %s: starttls: %w", addr, err)
		}
	}
	if s.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.Username, s.Password, s.Host)); err != nil {
			return fmt.Errorf("smtp %s: auth: %w", addr, err)
		}
	}
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("smtp: recipient %q: %w", m.To, err)
	}
	if err := c.Mail(s.From.Address); err != nil {
		return fmt.Errorf("smtp %s: MAIL FROM: %w", addr, err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("smtp %s: RCPT TO: %w", addr, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp %s: DATA: %w", addr, err)
	}
	if _, err := w.Write(s.message(to, m)); err != nil {
		return fmt.Errorf("smtp %s: write: %w", addr, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp %s: end of data: %w", addr, err)
	}
	return c.Quit()
}

// message is m as a MIME message: UTF-8 text, quoted-printable.
func (s *SMTPSender) message(to *mail.Address, m ports.Mail) []byte {
	var id [12]byte
	_, _ = rand.Read(id[:])
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", s.From.String())
	fmt.Fprintf(&b, "To: %s\r\n", to.String())
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", s.Clock.Now().UTC().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id[:]), s.Host)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write(bytes.ReplaceAll([]byte(m.BodyText), []byte("\n"), []byte("\r\n")))
	_ = qp.Close()
	return b.Bytes()
}
