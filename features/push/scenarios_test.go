package push_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"social/config"
	at "social/tests/testkit/apptest"
)

// byType indexes pushes by their payload's type.
func byType(rs []received) map[string][]received {
	out := map[string][]received{}
	for _, r := range rs {
		out[r.Payload.Type] = append(out[r.Payload.Type], r)
	}
	return out
}

// Every alert of the notification list reaches a subscribed device,
// encrypted to it and signed with the server's key, with a pt-BR title,
// the screen to open and the collapse topic; nothing secret is in it.
func TestEachNotificationIsPushedToTheDevice(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	phone := ps.device("ana-phone")
	s := subscribe(t, ana, ps, phone, nil)
	if !s.Standard || s.Policy != "all" || s.Endpoint != ps.endpoint(phone) || s.Alerts["moderation"] ||
		!s.Alerts["follow"] || !s.Alerts["like"] || !s.Alerts["comment"] || !s.Alerts["mention"] || !s.Alerts["message"] {
		t.Fatalf("subscription = %+v", s)
	}

	post := ana.NewPost(t, "Meu primeiro post", "public")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Que legal!"}).
		Expect(t, http.StatusCreated)
	mention := bia.NewPost(t, "Olá @ana_souza", "public")
	settle(t, app)

	got := byType(ps.pushes())
	want := map[string]struct{ title, body, url, urgency, topic string }{
		"follow":  {"Membro bia_lima começou a seguir você", "Toque para ver o perfil.", "/profile/bia_lima", "low", "follow"},
		"like":    {"Membro bia_lima curtiu seu post", "", "/post/" + post, "low", "like-"},
		"comment": {"Membro bia_lima comentou no seu post", "Que legal!", "/post/" + post, "normal", "comment-"},
		"mention": {"Membro bia_lima mencionou você em um post", "Olá @ana_souza", "/post/" + mention, "normal", "mention-"},
	}
	var list struct {
		Items []struct {
			ID   string `json:"id"`
			Type string `json:"type"`
		} `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &list)
	ids := map[string]string{}
	for _, n := range list.Items {
		ids[n.Type] = n.ID
	}
	for typ, w := range want {
		rs := got[typ]
		if len(rs) != 1 {
			t.Errorf("%s: %d pushes", typ, len(rs))
			continue
		}
		r := rs[0]
		p := r.Payload
		if p.Title != w.title || p.Body != w.body || p.URL != w.url || r.Urgency != w.urgency ||
			!strings.HasPrefix(r.Topic, w.topic) || p.Tag != r.Topic || p.ID != ids[typ] || r.TTL <= 0 || r.TTL > 86400 {
			t.Errorf("%s push = %+v", typ, r)
		}
	}
	if len(got) != 4 {
		t.Errorf("pushes = %+v", got)
	}
	// Switching an alert off stops it; the others still come.
	var upd subscription
	ana.Do(http.MethodPut, "/api/v1/push/subscription", map[string]any{"data": map[string]any{"alerts": map[string]bool{"like": false}}}).
		Expect(t, http.StatusOK).JSON(t, &upd)
	if upd.Alerts["like"] || !upd.Alerts["comment"] || upd.ID != s.ID {
		t.Fatalf("after switching likes off: %+v", upd)
	}
	ps.reset()
	caio := app.Member("caio_reis")
	caio.Do(http.MethodPut, "/api/v1/posts/"+mention+"/like", nil).Expect(t, http.StatusOK) // not ana's: nothing
	other := ana.NewPost(t, "Outro post", "public")
	caio.Do(http.MethodPut, "/api/v1/posts/"+other+"/like", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/posts/"+other+"/comments", map[string]string{"text_content": "oi"}).Expect(t, http.StatusCreated)
	settle(t, app)
	if got := ps.pushes(); len(got) != 1 || got[0].Payload.Type != "comment" {
		t.Fatalf("with likes off: %+v", got)
	}
}

// What the list hides is not pushed: a blocked member's acts (no
// notification at all), a muted member's, and a muted word's.
func TestBlockedOrMutedActorsAreNotPushed(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana, bia, caio, duda := app.Member("ana_souza"), app.Member("bia_lima"), app.Member("caio_reis"), app.Member("duda_m")
	subscribe(t, ana, ps, ps.device("ana-phone"), nil)
	post := ana.NewPost(t, "Post da Ana", "public")

	ana.Do(http.MethodPost, "/api/v1/profiles/bia_lima/block", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/profiles/caio_reis/mute", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": "spoiler", "duration": "forever"}).
		Expect(t, http.StatusOK)

	bia.NewPost(t, "Oi @ana_souza", "public") // a blocked member's mention
	caio.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	duda.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Um SPOILER do filme"}).
		Expect(t, http.StatusCreated)
	// The control: a comment nothing hides is pushed.
	duda.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Adorei"}).
		Expect(t, http.StatusCreated)
	settle(t, app)
	got := ps.pushes()
	if len(got) != 1 || got[0].Payload.Body != "Adorei" {
		t.Fatalf("pushes = %+v", got)
	}
}

// Ten likes of one post within the window are one push to a device (its
// topic would make the push service replace a waiting one anyway); a
// comment on it is a topic of its own.
func TestRepeatsCollapseByTopic(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana := app.Member("ana_souza")
	subscribe(t, ana, ps, ps.device("ana-phone"), nil)
	post := ana.NewPost(t, "Curtam!", "public")
	var fans []*at.Member
	for _, h := range []string{"f1", "f2", "f3", "f4"} {
		fans = append(fans, app.Member("fan_"+h))
	}
	for _, f := range fans {
		f.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	}
	fans[0].Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "Curti"}).Expect(t, http.StatusCreated)
	settle(t, app)
	got := byType(ps.pushes())
	if len(got["like"]) != 1 || len(got["comment"]) != 1 {
		t.Fatalf("pushes = %+v", got)
	}
	if got["like"][0].Topic == got["comment"][0].Topic {
		t.Fatalf("like and comment share topic %q", got["like"][0].Topic)
	}
}

// A push service's 410 (the browser unsubscribed) removes the device; a
// 429 or 5xx is retried.
func TestGoneDevicesAreRemovedAndBusyServicesRetried(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	tablet := ps.device("bia-tablet")
	subscribe(t, bia, ps, tablet, nil)
	ps.answer(tablet, http.StatusTooManyRequests, http.StatusServiceUnavailable)
	ana.Do(http.MethodPost, "/api/v1/profiles/bia_lima/follow", nil).Expect(t, http.StatusOK)
	settle(t, app)
	if got := ps.pushes(); len(got) != 1 || got[0].Payload.Type != "follow" {
		t.Fatalf("after 429 and 503: %+v", got)
	}

	ps.reset()
	ps.answer(tablet, http.StatusGone)
	post := bia.NewPost(t, "post", "public")
	ana.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	settle(t, app)
	if got := ps.pushes(); len(got) != 0 {
		t.Fatalf("pushes after 410: %+v", got)
	}
	bia.Do(http.MethodGet, "/api/v1/push/subscription", nil).Expect(t, http.StatusNotFound)
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM push_subscriptions`).Scan(context.Background(), &n); err != nil || n != 0 {
		t.Fatalf("%d subscriptions left, %v", n, err)
	}
}

// Two nodes on one database: each push is sent once, whichever node
// recorded the notification and whichever worked the job.
func TestTwoNodesDeliverOnce(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	other := app.AnotherNode()
	ana := app.Member("ana_souza")
	subscribe(t, ana, ps, ps.device("ana-phone"), nil)
	post := ana.NewPost(t, "Dois nós", "public")
	var sent int
	for i, h := range []string{"n1", "n2", "n3", "n4", "n5", "n6"} {
		m := app.Member("no_" + h)
		c := m.Client
		if i%2 == 1 {
			// Half of the acts come through the other node.
			c = other.Client()
			c.Token = m.Client.Token
		}
		c.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "oi " + h}).Expect(t, http.StatusCreated)
		c.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
		sent++
	}
	settle(t, app)
	got := ps.pushes()
	ids := map[string]int{}
	for _, r := range got {
		ids[r.Payload.ID]++
	}
	for id, n := range ids {
		if n != 1 {
			t.Errorf("notification %s pushed %d times", id, n)
		}
	}
	// The comments share a topic, and so do the follows: one of each.
	if k := byType(got); len(k["comment"]) != 1 || len(k["follow"]) != 1 {
		t.Fatalf("pushes = %+v", got)
	}
}

// Signing out, or ending a session from another, removes that session's
// device; the subscription answers only for its own session.
func TestEndingTheSessionRemovesItsDevice(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana := app.Member("ana_souza")
	subscribe(t, ana, ps, ps.device("ana-phone"), nil)
	ana.Do(http.MethodGet, "/api/v1/push/subscription", nil).Expect(t, http.StatusOK)

	laptop := app.Client()
	s := laptop.SignIn(ana.Email, at.Password)
	laptop.Token = s.AccessToken
	laptop.Do(http.MethodGet, "/api/v1/push/subscription", nil).Expect(t, http.StatusNotFound)
	subscribe(t, &at.Member{Client: laptop}, ps, ps.device("ana-laptop"), nil)

	count := func() int {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM push_subscriptions`).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count() != 2 {
		t.Fatalf("%d subscriptions", count())
	}
	laptop.Do(http.MethodPost, "/api/v1/auth/sign-out", nil)
	if count() != 1 {
		t.Fatalf("after signing out: %d subscriptions", count())
	}
	ana.Do(http.MethodPost, "/api/v1/auth/sessions/end-others", nil)
	ana.Do(http.MethodDelete, "/api/v1/push/subscription", nil).Expect(t, http.StatusNoContent)
	ana.Do(http.MethodDelete, "/api/v1/push/subscription", nil).Expect(t, http.StatusNoContent)
	if count() != 0 {
		t.Fatalf("after unsubscribing: %d subscriptions", count())
	}
}

// Bad subscriptions are refused field by field, in Portuguese.
func TestBadSubscriptionsAreRefused(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana := app.Member("ana_souza")
	d := ps.device("x")
	r := ana.Do(http.MethodPost, "/api/v1/push/subscription", map[string]any{
		"subscription": map[string]any{"endpoint": "ftp://push.example.com/x",
			"keys": map[string]string{"p256dh": "bm90LWEtcG9pbnQ", "auth": "c2hvcnQ"}},
		"data": map[string]any{"alerts": map[string]bool{"poll": true}, "policy": "everyone"}})
	p := at.ExpectProblem(t, r, http.StatusUnprocessableEntity, "invalid_push_subscription", "Dados de inscrição inválidos.")
	for field, msg := range map[string]string{"endpoint": "Endereço de notificação inválido.", "p256dh": "Chave p256dh inválida.",
		"auth": "Segredo auth inválido.", "alerts.poll": "Tipo de alerta desconhecido.", "policy": "Política inválida: use all, followed, follower ou none."} {
		if p.Field(field) != msg {
			t.Errorf("field %s = %q", field, p.Field(field))
		}
	}
	// A member cannot switch the moderation alert on.
	s := subscribe(t, ana, ps, d, map[string]any{"alerts": map[string]bool{"moderation": true, "like": false}, "policy": "followed"})
	if s.Alerts["moderation"] || s.Alerts["like"] || !s.Alerts["follow"] || s.Policy != "followed" {
		t.Fatalf("subscription = %+v", s)
	}
	at.ExpectProblem(t, app.Client().Do(http.MethodGet, "/api/v1/push/subscription", nil), http.StatusUnauthorized, "unauthenticated", "")
}

// A direct message is pushed with its excerpt and the conversation to open,
// at high urgency; a burst in one conversation is one push; a muted
// sender's messages are not pushed.
func TestDirectMessagesArePushed(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana, bia, caio := app.Member("ana_souza"), app.Member("bia_lima"), app.Member("caio_reis")
	subscribe(t, ana, ps, ps.device("ana-phone"), nil)
	var conv struct {
		ID string `json:"id"`
	}
	r := bia.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "ana_souza"})
	r.JSON(t, &conv)
	for _, text := range []string{"Oi, Ana!", "Tudo bem?"} {
		bia.Do(http.MethodPost, "/api/v1/messages/conversations/"+conv.ID+"/messages", map[string]string{"text": text}).
			Expect(t, http.StatusCreated)
	}
	ana.Do(http.MethodPost, "/api/v1/profiles/caio_reis/mute", nil).Expect(t, http.StatusOK)
	var muted struct {
		ID string `json:"id"`
	}
	caio.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "ana_souza"}).JSON(t, &muted)
	caio.Do(http.MethodPost, "/api/v1/messages/conversations/"+muted.ID+"/messages", map[string]string{"text": "psiu"}).
		Expect(t, http.StatusCreated)
	settle(t, app)
	got := ps.pushes()
	if len(got) != 1 {
		t.Fatalf("pushes = %+v", got)
	}
	p := got[0]
	if p.Payload.Type != "message" || p.Payload.Title != "Nova mensagem de Membro bia_lima" || p.Payload.Body != "Oi, Ana!" ||
		p.Payload.URL != "/messages/"+conv.ID || p.Urgency != "high" || !strings.HasPrefix(p.Topic, "message-") {
		t.Fatalf("message push = %+v", p)
	}
}

// A report reaches the devices of the staff who switched moderation on,
// never a member's.
func TestReportsArePushedToModerators(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	mod := app.Staff("moderadora", "moderator")
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	s := subscribe(t, mod, ps, ps.device("mod-phone"), map[string]any{"alerts": map[string]bool{"moderation": true}})
	if !s.Alerts["moderation"] {
		t.Fatalf("moderator's subscription = %+v", s)
	}
	subscribe(t, ana, ps, ps.device("ana-phone"), map[string]any{"alerts": map[string]bool{"moderation": true}})
	post := ana.NewPost(t, "post denunciado", "public")
	bia.Do(http.MethodPost, "/api/v1/posts/"+post+"/report", map[string]string{"reason": "spam"}).Expect(t, http.StatusCreated)
	settle(t, app)
	got := ps.pushes()
	if len(got) != 1 || got[0].Device != "mod-phone" || got[0].Payload.Type != "moderation" ||
		got[0].Payload.Title != "Nova denúncia para moderação" || got[0].Payload.URL != "/admin/#/reports" {
		t.Fatalf("pushes = %+v", got)
	}
}

// A member's devices take at most push.per_member_per_minute pushes a
// minute, across topics.
func TestPushesPerMemberAreCapped(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, func(c *config.Config) { c.Push.PerMemberPerMinute = 2 })
	ana := app.Member("ana_souza")
	subscribe(t, ana, ps, ps.device("ana-phone"), nil)
	// Four likes of four posts: four topics, so no collapsing.
	for _, h := range []string{"c1", "c2", "c3", "c4"} {
		post := ana.NewPost(t, "post "+h, "public")
		app.Member("cap_"+h).Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	}
	settle(t, app)
	if got := ps.pushes(); len(got) != 2 {
		t.Fatalf("%d pushes reached the cap of 2: %+v", len(got), got)
	}
}

// The settings screen's test push reaches this session's device even with
// every alert off, and a session without a device is told so.
func TestATestPushReachesThisDevice(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	ana := app.Member("ana_souza")
	off := map[string]bool{"follow": false, "like": false, "comment": false, "mention": false, "message": false}
	subscribe(t, ana, ps, ps.device("ana-phone"), map[string]any{"alerts": off})
	ana.Do(http.MethodPost, "/api/v1/push/subscription/test", nil).Expect(t, http.StatusAccepted)
	settle(t, app)
	got := ps.pushes()
	if len(got) != 1 || got[0].Device != "ana-phone" || got[0].Payload.Title != "Notificação de teste" ||
		got[0].Payload.Body != "As notificações deste aparelho estão funcionando." || got[0].Payload.URL != "/settings" {
		t.Fatalf("pushes = %+v", got)
	}
	ps.reset()
	laptop := app.Client()
	laptop.Token = laptop.SignIn(ana.Email, at.Password).AccessToken
	at.ExpectProblem(t, laptop.Do(http.MethodPost, "/api/v1/push/subscription/test", nil), http.StatusNotFound,
		"push_subscription_not_found", "Este aparelho não está inscrito para notificações.")
	// The laptop is a new device: the phone hears of it, switches off or not.
	settle(t, app)
	if got := ps.pushes(); len(got) != 1 || got[0].Topic != "system-new_sign_in" {
		t.Fatalf("pushes after the laptop's sign-in = %+v", got)
	}
}

// The service's notices reach the member's device whatever its switches
// (they are about the member's own account): a post the moderators
// removed, with its excerpt and the list to open; a sign-in from a new
// device, opening the sessions in Settings. Each notice has its own topic,
// and the policy "none" still silences every push.
func TestServiceNoticesArePushed(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	app := startApp(t, ps, nil)
	mod := app.Staff("moderadora", "moderator")
	ana := app.Member("ana_souza")
	off := map[string]bool{"follow": false, "like": false, "comment": false, "mention": false, "message": false}
	subscribe(t, ana, ps, ps.device("ana-phone"), map[string]any{"alerts": off})
	post := ana.NewPost(t, "Um post que sai do ar", "public")
	mod.Do(http.MethodDelete, "/api/v1/admin/posts/"+post, map[string]string{"reason": "Fora das regras"}).Expect(t, http.StatusOK)
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": ana.Email, "password": at.Password},
		"User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1").
		Expect(t, http.StatusOK)
	settle(t, app)

	got := ps.pushes()
	byTopic := map[string]received{}
	for _, r := range got {
		byTopic[r.Topic] = r
	}
	removed, signIn := byTopic["system-post_removed"], byTopic["system-new_sign_in"]
	if len(got) != 2 || removed.Payload.Type != "system" || removed.Payload.Title != "A moderação removeu um post seu" ||
		removed.Payload.Body != "Um post que sai do ar" || removed.Payload.URL != "/notifications" || removed.Payload.Icon != nil ||
		removed.Payload.Tag != "system-post_removed" || removed.Urgency != "normal" {
		t.Fatalf("removed post push: %+v (all: %+v)", removed, got)
	}
	if signIn.Payload.Title != "Novo acesso à sua conta" || signIn.Payload.URL != "/settings#sessoes" ||
		!strings.Contains(signIn.Payload.Body, "Safari no iPhone") {
		t.Fatalf("new sign-in push: %+v", signIn)
	}

	// Policy "none": no push at all, notices included.
	ana.Do(http.MethodPut, "/api/v1/push/subscription", map[string]any{"data": map[string]any{"policy": "none"}}).Expect(t, http.StatusOK)
	ps.reset()
	mod.Do(http.MethodDelete, "/api/v1/admin/posts/"+ana.NewPost(t, "Outro", "public"), map[string]string{"reason": "Spam"}).
		Expect(t, http.StatusOK)
	settle(t, app)
	if got := ps.pushes(); len(got) != 0 {
		t.Fatalf("with policy none: %+v", got)
	}
}
