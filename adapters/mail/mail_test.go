package mail_test

import (
	"bufio"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"social/core/domain"
	"strings"
	"sync"
	"testing"
	"time"

	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// smtpServer is a minimal SMTP server that keeps what it receives: the
// outside provider the real SMTP sender is tested against.
type smtpServer struct {
	ln       net.Listener
	mu       sync.Mutex
	messages []received
}

type received struct {
	from, to string
	data     string
}

func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s
}

func (s *smtpServer) serve(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	say := func(line string) { io.WriteString(conn, line+"\r\n") }
	say("220 test ESMTP")
	var msg received
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250-test")
			say("250 8BITMIME")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			msg.from = pathOf(line[10:])
			say("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			msg.to = pathOf(line[8:])
			say("250 ok")
		case cmd == "DATA":
			say("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(l)
			}
			msg.data = b.String()
			s.mu.Lock()
			s.messages = append(s.messages, msg)
			s.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

// pathOf reads <address> out of a MAIL or RCPT argument (and its parameters).
func pathOf(arg string) string {
	arg = strings.TrimSpace(arg)
	if i := strings.IndexByte(arg, '>'); i >= 0 {
		arg = arg[:i]
	}
	return strings.TrimPrefix(arg, "<")
}

func (s *smtpServer) received() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.messages...)
}

func TestMailIsSentOverSMTPWhenConfigured(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	_, port, _ := net.SplitHostPort(srv.ln.Addr().String())
	app := at.Start(t, func(c *at.Config) {
		c.Mail.SMTP.Host = "127.0.0.1"
		c.Mail.SMTP.Port = mustAtoi(t, port)
		c.Mail.SMTP.TLS = "none"
		c.Mail.From = "Social <nao-responda@social.example>"
	})
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("smtp@example.com", "smtp_user")).Expect(t, http.StatusCreated)

	deadline := time.Now().Add(15 * time.Second)
	for len(srv.received()) == 0 || app.Mails("smtp@example.com")[0].Status != "sent" {
		if time.Now().After(deadline) {
			t.Fatalf("not sent: server got %d, outbox %+v", len(srv.received()), app.Mails("smtp@example.com"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	got := srv.received()
	if len(got) != 1 || got[0].from != "nao-responda@social.example" || got[0].to != "smtp@example.com" {
		t.Fatalf("envelope = %+v", got)
	}
	m, err := mail.ReadMessage(strings.NewReader(got[0].data))
	if err != nil {
		t.Fatal(err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(m.Body))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(subject, "Confirme seu email") || m.Header.Get("To") != "<smtp@example.com>" ||
		!strings.HasPrefix(m.Header.Get("Content-Type"), "text/plain; charset=utf-8") {
		t.Fatalf("headers = %v (subject %q)", m.Header, subject)
	}
	// The link in the mail confirms the account.
	link := string(body)[strings.Index(string(body), app.Config.HTTP.PublicURL):]
	link = strings.Fields(link)[0]
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("mailed link %q: %v", link, err)
	}
	r := app.Client().Do(http.MethodGet, u.RequestURI(), nil).Expect(t, http.StatusSeeOther)
	if r.Header.Get("Location") != "/?sessao=1" {
		t.Fatalf("mailed link: %s -> %s", link, r.Header.Get("Location"))
	}
	// Delivering twice sends once: the row is no longer pending.
	if n := len(srv.received()); n != 1 {
		t.Fatalf("%d messages sent", n)
	}
}

func TestMailStaysPendingWhileTheServerIsDown(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close() // nothing listens there
	app := at.Start(t, func(c *at.Config) {
		c.Mail.SMTP.Host, c.Mail.SMTP.Port, c.Mail.SMTP.TLS = "127.0.0.1", mustAtoi(t, port), "none"
	})
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("down@example.com", "down_user")).Expect(t, http.StatusCreated)
	deadline := time.Now().Add(15 * time.Second)
	for {
		var lastError *string
		err := app.DB.NewRaw("SELECT last_error FROM mail_outbox").Scan(t.Context(), &lastError)
		if err == nil && lastError != nil {
			if m := app.Mails("down@example.com")[0]; m.Status != "pending" {
				t.Fatalf("status = %q", m.Status)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("delivery failure never recorded")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestOutboxAdminResource(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	c := app.Client()
	for _, h := range []string{"um_user", "dois_user", "tres_user"} {
		c.Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm(h+"@example.com", h)).Expect(t, http.StatusCreated)
	}
	get := func(query string) *at.Response { return c.Do(http.MethodGet, "/api/v1/admin/mail"+query, nil) }

	r := get(`?sort=["id","ASC"]&range=[0,1]`).Expect(t, http.StatusOK)
	if cr := r.Header.Get("Content-Range"); cr != "mail 0-1/3" {
		t.Fatalf("Content-Range = %q", cr)
	}
	var rows []at.Mail
	r.JSON(t, &rows)
	if len(rows) != 2 || rows[0].To != "um_user@example.com" || rows[0].ID >= rows[1].ID {
		t.Fatalf("page = %+v", rows)
	}
	r = get(`?range=[2,9]`).Expect(t, http.StatusOK)
	if cr := r.Header.Get("Content-Range"); cr != "mail 2-2/3" {
		t.Fatalf("last page Content-Range = %q", cr)
	}
	r.JSON(t, &rows)
	if rows[0].To != "um_user@example.com" {
		t.Fatalf("default order is newest first: %+v", rows)
	}
	r = get(`?filter={"q":"DOIS_USER"}`).Expect(t, http.StatusOK)
	if cr := r.Header.Get("Content-Range"); cr != "mail 0-0/1" {
		t.Fatalf("search Content-Range = %q", cr)
	}
	r.JSON(t, &rows)
	one := c.Do(http.MethodGet, "/api/v1/admin/mail/"+itoa(rows[0].ID), nil).Expect(t, http.StatusOK)
	if !strings.Contains(string(one.Body), `"body_text":"Olá, Membro dois_user!`) || !strings.Contains(string(one.Body), `"created_at":"`) {
		t.Fatalf("one message: %s", one.Body)
	}
	get(`?range=[50,60]`).Expect(t, http.StatusOK)
	c.Do(http.MethodGet, "/api/v1/admin/mail/999999", nil).Expect(t, http.StatusNotFound)
	for _, bad := range []string{`?sort=["password","ASC"]`, `?range=oops`, `?filter={"nope":1}`} {
		get(bad).Expect(t, http.StatusUnprocessableEntity)
	}

	closed := at.Start(t, func(c *at.Config) { c.Admin.OpenAccess = false })
	p := closed.Client().Do(http.MethodGet, "/api/v1/admin/mail", nil).Expect(t, http.StatusUnauthorized).Problem(t)
	if p.Code != "unauthenticated" {
		t.Fatalf("behind the gate: %+v", p)
	}
	token := testkit.Staff(t, closed.App, "dona", domain.RoleAdmin)
	closed.Client().Do(http.MethodGet, "/api/v1/admin/mail", nil, "Authorization", "Bearer "+token).Expect(t, http.StatusOK)
}
