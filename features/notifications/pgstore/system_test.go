package pgstore_test

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
	"social/features/notifications/pgstore"
	"social/tests/testkit/sqlrig"
)

// A notice from the service has no sender, so no block or mute stands in
// its way, and no muted word hides it: a removed post's
// excerpt holding the recipient's muted word still reads in the list, is
// counted unread and is shown to the push, while a member's mention with
// the same word is hidden as ever. Only notices the service knows are
// stored.
func TestSystemNoticesAreNeverHidden(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	lia, ana := rig.Member(), rig.Member()
	store := pgstore.NewNotifications(rig.DB)
	ctx := context.Background()
	rec := &notifications.Recorder{Store: store, Clock: portstest.Clock{At: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}}
	rig.Exec(`INSERT INTO muted_words (id, member_id, word, created_at) VALUES (gen_random_uuid(), ?, 'futebol', now())`, lia.String())

	post, text := rig.Post(ana, "public"), "futebol amanhã @lia"
	if made, err := store.Insert(ctx, domain.Notification{ID: domain.NewNotificationID(), RecipientID: lia, SenderID: ana,
		Type: domain.NotifyMention, PostID: &post, Message: &text, CreatedAt: time.Now()}); err != nil || !made {
		t.Fatal(made, err)
	}
	removed, err := rec.Tell(ctx, notifications.SystemNotice{Recipient: lia, Kind: domain.NoticePostRemoved, Text: "futebol hoje"})
	if err != nil || len(removed) != 1 {
		t.Fatalf("tell post_removed: %v %v", removed, err)
	}
	if _, err := rec.Tell(ctx, notifications.SystemNotice{Recipient: lia, Kind: domain.NoticeNewSignIn, Text: "Firefox no Linux"}); err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Tell(ctx, notifications.SystemNotice{Recipient: lia, Kind: "coupon"}); err == nil {
		t.Fatal("an unknown notice was stored")
	}

	list, err := (&notifications.ListNotifications{Store: store}).Handle(ctx, domain.Viewer{UserID: lia})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 2 || list.Unread != 2 {
		t.Fatalf("list: %+v", list)
	}
	sign, gone := list.Items[0], list.Items[1]
	if sign.Type != domain.NotifySystem || sign.Notice != domain.NoticeNewSignIn || !sign.SenderID.IsZero() ||
		sign.Title != "Novo acesso à sua conta" ||
		sign.Body != "Entrada em Firefox no Linux. Se não foi você, troque sua senha e encerre as outras sessões." {
		t.Errorf("new sign-in: %+v", sign)
	}
	if gone.Notice != domain.NoticePostRemoved || gone.Title != "A moderação removeu um post seu" || gone.Body != "futebol hoje" ||
		gone.PostID != nil {
		t.Errorf("post removed: %+v", gone)
	}
	shown, ok, err := (&notifications.ShowNotification{Store: store}).Handle(ctx, lia, removed[0].ID)
	if err != nil || !ok || shown.Body != "futebol hoje" {
		t.Errorf("shown to the push: %+v %v %v", shown, ok, err)
	}
	page, err := (&notifications.PageNotifications{Store: store}).Handle(ctx, domain.Viewer{UserID: lia},
		notifications.PageQuery{Exclude: []domain.NotificationType{domain.NotifySystem}})
	if err != nil || len(page) != 0 {
		t.Errorf("page without notices: %+v %v", page, err)
	}
}
