package digest_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	digest "social/features/digest/app"
	digeststore "social/features/digest/pgstore"
	notifications "social/features/notifications/app"
	"social/platform/pgkit"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// sendNow makes the week's digests go out from Monday 00:00 UTC, and the
// run look every second, so that a test does not wait for Monday noon.
func sendNow(c *config.Config) {
	c.Digest.SendAfter = 0
	c.Digest.CheckEvery = time.Second
}

const subjectPrefix = "Seu resumo semanal"

// digests are the digest e-mails to m, newest first.
func digests(app *at.App, m *at.Member) []at.Mail {
	var out []at.Mail
	for _, mail := range app.Mails(m.Email) {
		if strings.HasPrefix(mail.Subject, subjectPrefix) {
			out = append(out, mail)
		}
	}
	return out
}

// waitDigests waits until m has n digest e-mails and answers them.
func waitDigests(t *testing.T, app *at.App, m *at.Member, n int) []at.Mail {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		got := digests(app, m)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d digests, want %d", m.Handle, len(got), n)
		}
	}
}

// settle waits until no digest job waits or runs.
func settle(t *testing.T, app *at.App) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind LIKE 'digest.%'
			AND state NOT IN ('completed', 'cancelled', 'discarded')`).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d digest jobs still waiting", n)
		}
	}
}

// waitRuns lets the periodic run pass a few times (it runs every second).
func waitRuns(t *testing.T, app *at.App) {
	t.Helper()
	time.Sleep(3 * time.Second)
	settle(t, app)
}

// signInAgain gives m a fresh session once the test's clock has moved
// past its access token.
func signInAgain(m *at.Member) {
	m.Session = m.SignIn(m.Email, at.Password)
	m.Token = m.Session.AccessToken
}

func setDigest(t *testing.T, m *at.Member, on bool) {
	t.Helper()
	var p struct {
		Enabled bool `json:"enabled"`
	}
	m.Do(http.MethodPut, "/api/v1/notifications/email-digest", map[string]bool{"enabled": on}).
		Expect(t, http.StatusOK).JSON(t, &p)
	if p.Enabled != on {
		t.Fatalf("PUT enabled=%v answered %v", on, p.Enabled)
	}
}

func digestOn(t *testing.T, m *at.Member) bool {
	t.Helper()
	var p struct {
		Enabled bool `json:"enabled"`
	}
	m.Do(http.MethodGet, "/api/v1/notifications/email-digest", nil).Expect(t, http.StatusOK).JSON(t, &p)
	return p.Enabled
}

var linkToken = regexp.MustCompile(`/email/unsubscribe#t=([A-Za-z0-9_-]+)`)

func tokenOf(t *testing.T, m at.Mail) string {
	t.Helper()
	match := linkToken.FindStringSubmatch(m.BodyText)
	if match == nil {
		t.Fatalf("no unsubscribe link in %q", m.BodyText)
	}
	return match[1]
}

func unsubscribe(app *at.App, token string) *at.Response {
	return app.Client().Do(http.MethodPost, "/api/v1/notifications/email-digest/unsubscribe", map[string]string{"token": token})
}

// notificationID is the ID of m's notification of typ whose message is msg
// ("" for none).
func notificationID(t *testing.T, m *at.Member, typ, msg string) string {
	t.Helper()
	var list struct {
		Items []struct {
			ID      string  `json:"id"`
			Type    string  `json:"type"`
			Message *string `json:"message"`
		} `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &list)
	for _, n := range list.Items {
		if n.Type == typ && (msg == "" || (n.Message != nil && *n.Message == msg)) {
			return n.ID
		}
	}
	t.Fatalf("no %s notification %q", typ, msg)
	return ""
}

// A member with the digest on gets one e-mail a week summing up the unread
// notifications the list shows (not the read ones, nor those of a blocked
// or muted member, nor a muted word's), with a link to the list and an
// unsubscribe link that works without a session; the week's later runs,
// and the member's job run again, send nothing more. The next week's
// digest tells only what came since.
func TestTheWeeklyDigestSumsUpTheUnreadListOnce(t *testing.T) {
	t.Parallel()
	var jobs *pgkit.JobInserter
	app := at.StartPopulating(t, sendNow, &jobs)
	ana, bia, caio := app.Member("ana_souza"), app.Member("bia_lima"), app.Member("caio_reis")
	duda, edu := app.Member("duda_m"), app.Member("edu_s")
	if digestOn(t, ana) {
		t.Fatal("the digest is on before the member chose")
	}
	post := ana.NewPost(t, "Post da Ana", "public")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Que legal!"}).
		Expect(t, http.StatusCreated)
	caio.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Adorei"}).
		Expect(t, http.StatusCreated)
	caio.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Um spoiler do filme"}).
		Expect(t, http.StatusCreated)
	duda.NewPost(t, "Oi @ana_souza", "public")
	edu.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	// What the list hides: a blocked member, a muted one, a muted word.
	ana.Do(http.MethodPost, "/api/v1/profiles/duda_m/block", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/profiles/edu_s/mute", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": "spoiler", "duration": "forever"}).
		Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/notifications/"+notificationID(t, ana, "comment", "Adorei")+"/read", nil).
		Expect(t, http.StatusOK)

	setDigest(t, ana, true)
	mails := waitDigests(t, app, ana, 1)
	m := mails[0]
	if m.Subject != "Seu resumo semanal: 4 notificações não lidas" {
		t.Errorf("subject = %q", m.Subject)
	}
	public := strings.TrimRight(app.Config.HTTP.PublicURL, "/")
	for _, want := range []string{
		"Olá, Membro ana_souza!",
		"Você tem 4 notificações que ainda não viu:",
		"- 2 curtidas\n- 1 comentário\n- 1 novo seguidor\n\n",
		"- Membro bia_lima comentou no seu post: “Que legal!”",
		"- Membro bia_lima começou a seguir você",
		"- Membro caio_reis curtiu seu post",
		"Veja todas as suas notificações: " + public + "/notifications\n",
		public + "/email/unsubscribe#t=",
	} {
		if !strings.Contains(m.BodyText, want) {
			t.Errorf("body lacks %q:\n%s", want, m.BodyText)
		}
	}
	for _, hidden := range []string{"Adorei", "spoiler", "duda_m", "edu_s", "menção"} {
		if strings.Contains(m.BodyText, hidden) {
			t.Errorf("body tells %q:\n%s", hidden, m.BodyText)
		}
	}
	token := tokenOf(t, m)

	// Later runs of the week, and something new meanwhile: nothing more.
	app.Clock.Advance(time.Minute)
	other := ana.NewPost(t, "Outro post", "public")
	bia.Do(http.MethodPut, "/api/v1/posts/"+other+"/like", nil).Expect(t, http.StatusOK)
	waitRuns(t, app)
	// The member's job run again (after River forgot the first one): the
	// week's row holds it back.
	week := digest.WeekOf(app.Clock.Now()).Format(time.DateOnly)
	if _, err := app.DB.NewRaw(`DELETE FROM river_job WHERE kind = 'digest.send'`).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := jobs.Insert(context.Background(), digeststore.SendArgs{Member: uuid.MustParse(ana.ID), Week: week}, nil); err != nil {
		t.Fatal(err)
	}
	settle(t, app)
	if got := digests(app, ana); len(got) != 1 {
		t.Fatalf("%d digests in one week", len(got))
	}

	// The link works without a session, and again.
	unsubscribe(app, token).Expect(t, http.StatusNoContent)
	unsubscribe(app, token).Expect(t, http.StatusNoContent)
	if digestOn(t, ana) {
		t.Fatal("the digest is still on after the unsubscribe link")
	}

	// Off, the next week sends nothing; back on, the week after tells only
	// what came since the last digest.
	app.Clock.Advance(7 * 24 * time.Hour)
	signInAgain(ana)
	waitRuns(t, app)
	if got := digests(app, ana); len(got) != 1 {
		t.Fatalf("%d digests with the digest off", len(got))
	}
	setDigest(t, ana, true)
	mails = waitDigests(t, app, ana, 2)
	if mails[0].Subject != "Seu resumo semanal: 1 notificação não lida" ||
		!strings.Contains(mails[0].BodyText, "- 1 curtida\n") || strings.Contains(mails[0].BodyText, "Que legal") {
		t.Errorf("the next digest = %q\n%s", mails[0].Subject, mails[0].BodyText)
	}
	if tokenOf(t, mails[0]) == token {
		t.Error("two digests share an unsubscribe link")
	}
}

// No digest for a member with it off, with nothing unread, with only what
// the list hides, suspended, or whose e-mail is not confirmed; the control
// member gets theirs.
func TestTheDigestGoesOnlyToWhoWantsItAndHasSomethingToRead(t *testing.T) {
	t.Parallel()
	app := at.Start(t, sendNow)
	bia := app.Member("bia_lima")
	off, empty, blocked := app.Member("eva_off"), app.Member("fabi_vazia"), app.Member("gabi_bloqueia")
	suspended, unconfirmed, control := app.Member("hugo_suspenso"), app.Member("ivo_sem_email"), app.Member("jo_controle")
	for _, m := range []*at.Member{empty, blocked, control} {
		setDigest(t, m, true)
	}
	// Nothing is due until something is unread.
	waitRuns(t, app)
	for _, m := range []*at.Member{off, blocked, suspended, unconfirmed, control} {
		bia.Do(http.MethodPost, "/api/v1/profiles/"+m.Handle+"/follow", nil).Expect(t, http.StatusOK)
	}
	blocked.Do(http.MethodPost, "/api/v1/profiles/bia_lima/block", nil).Expect(t, http.StatusOK)
	mod := app.Client()
	mod.Token = testkit.Staff(t, app.App, "moderadora", "moderator")
	mod.Do(http.MethodPost, "/api/v1/admin/profiles/"+suspended.ID+"/suspend", map[string]string{"reason": "Spam"}).
		Expect(t, http.StatusOK)
	// An e-mail change waiting for its confirmation, as the account sees it.
	if _, err := app.DB.NewRaw(`UPDATE accounts SET confirmed_at = NULL WHERE id = ?`, unconfirmed.ID).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Their digest is turned on only now, so that no run (one a second)
	// can come between their new follower and their suspension or
	// unconfirmed e-mail; in the database, as a suspended member has no
	// session to do it with.
	for _, m := range []*at.Member{suspended, unconfirmed} {
		if _, err := app.DB.NewRaw(`INSERT INTO email_digest_settings (account_id, enabled, updated_at)
			VALUES (?, true, now())`, m.ID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	waitDigests(t, app, control, 1)
	waitRuns(t, app)
	for _, m := range []*at.Member{off, empty, blocked, suspended, unconfirmed} {
		if got := digests(app, m); len(got) != 0 {
			t.Errorf("%s got %d digests: %q", m.Handle, len(got), got[0].BodyText)
		}
	}
	if got := digests(app, control); len(got) != 1 {
		t.Errorf("control: %d digests", len(got))
	}
}

// A bad, forged or expired link is refused with a pt-BR problem and turns
// nothing off; the token reaches no log line, though every request is
// logged.
func TestTheUnsubscribeLinkRefusesBadCapabilitiesAndStaysOutOfTheLog(t *testing.T) {
	t.Parallel()
	app, logs := at.StartLoggingAllWith(t, sendNow)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	setDigest(t, ana, true)
	bia.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	token := tokenOf(t, waitDigests(t, app, ana, 1)[0])

	var forged [32]byte
	_, _ = rand.Read(forged[:])
	flipped := []byte(token)
	flipped[0] ^= 1
	if flipped[0] == '-' || flipped[0] == '_' || flipped[0] > 'z' {
		flipped[0] = 'A'
	}
	for _, bad := range []string{"", "nao-e-um-link", base64.RawURLEncoding.EncodeToString(forged[:]), string(flipped),
		token + "A", strings.Repeat("A", 100)} {
		at.ExpectProblem(t, unsubscribe(app, bad), http.StatusUnprocessableEntity, digest.CodeLinkInvalid, digest.MsgLinkInvalid)
	}
	if !digestOn(t, ana) {
		t.Fatal("a bad link turned the digest off")
	}
	app.Clock.Advance(91 * 24 * time.Hour)
	signInAgain(ana)
	at.ExpectProblem(t, unsubscribe(app, token), http.StatusUnprocessableEntity, "digest_link_expired",
		"Este link de cancelamento expirou. Desative o resumo semanal em Configurações > Notificações.")
	if !digestOn(t, ana) {
		t.Fatal("an expired link turned the digest off")
	}
	if !strings.Contains(logs.String(), "/api/v1/notifications/email-digest/unsubscribe") {
		t.Fatal("the unsubscribe requests are not in the log: the check below would prove nothing")
	}
	if strings.Contains(logs.String(), token) {
		t.Fatal("the unsubscribe token is in the log")
	}
}

// Two runs of one member's digest at the same moment (two nodes, or a
// retry beside the first attempt) send one e-mail: the week's row is
// claimed by one of them, in the transaction that queues the mail.
func TestConcurrentRunsOfOneDigestSendOneEmail(t *testing.T) {
	t.Parallel()
	var (
		list   notifications.UseCases
		outbox ports.Outbox
	)
	app := at.StartPopulating(t, nil, &list, &outbox)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	setDigest(t, ana, true)
	bia.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	store := digeststore.NewStore(app.DB)
	send := &digest.SendDigest{Tx: pgkit.NewTransactor(app.DB), Digests: store, List: list.Page, Outbox: outbox,
		Clock: app.Clock, PublicURL: "https://social.example"}
	week := digest.WeekOf(app.Clock.Now())
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- send.Handle(context.Background(), domain.UserID(uuid.MustParse(ana.ID)), week)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := digests(app, ana); len(got) != 1 {
		t.Fatalf("%d digests from 8 concurrent runs", len(got))
	}
}
