package mail_test

import (
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"testing"
	"time"

	"social/adapters/mail/smtptest"
	"social/config"
	"social/core/domain"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestMailIsSentOverSMTPWhenConfigured(t *testing.T) {
	t.Parallel()
	srv := smtptest.Start(t)
	app := at.Start(t, func(c *config.Config) {
		c.Mail.SMTP.Host = "127.0.0.1"
		c.Mail.SMTP.Port = srv.Port
		c.Mail.SMTP.TLS = "none"
		c.Mail.From = "Social <nao-responda@social.example>"
	})
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("smtp@example.com", "smtp_user")).Expect(t, http.StatusCreated)

	deadline := time.Now().Add(15 * time.Second)
	for len(srv.Received()) == 0 || app.Mails("smtp@example.com")[0].Status != "sent" {
		if time.Now().After(deadline) {
			t.Fatalf("not sent: server got %d, outbox %+v", len(srv.Received()), app.Mails("smtp@example.com"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	got := srv.Received()
	if len(got) != 1 || got[0].From != "nao-responda@social.example" || got[0].To != "smtp@example.com" {
		t.Fatalf("envelope = %+v", got)
	}
	m, err := mail.ReadMessage(strings.NewReader(got[0].Data))
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
	if n := len(srv.Received()); n != 1 {
		t.Fatalf("%d messages sent", n)
	}
}

func TestMailStaysPendingWhileTheServerIsDown(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close() // nothing listens there
	app := at.Start(t, func(c *config.Config) {
		c.Mail.SMTP.Host, c.Mail.SMTP.Port, c.Mail.SMTP.TLS = "127.0.0.1", port, "none"
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

	closed := at.Start(t, func(c *config.Config) { c.Admin.OpenAccess = false })
	p := closed.Client().Do(http.MethodGet, "/api/v1/admin/mail", nil).Expect(t, http.StatusUnauthorized).Problem(t)
	if p.Code != "unauthenticated" {
		t.Fatalf("behind the gate: %+v", p)
	}
	token := testkit.Staff(t, closed.App, "dona", domain.RoleAdmin)
	closed.Client().Do(http.MethodGet, "/api/v1/admin/mail", nil, "Authorization", "Bearer "+token).Expect(t, http.StatusOK)
}
