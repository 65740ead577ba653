package pgstore_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"social/core/domain"
	notifications "social/features/notifications/app"
	"social/features/notifications/pgstore"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// Pages of the list by notification IDs, both ways, filtered by type and
// sender; dismissing deletes one, clearing all, and only the recipient's.
func TestPageDismissAndClear(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	lia, ana, rui, bia := rig.Member(), rig.Member(), rig.Member(), rig.Member()
	store := pgstore.NewNotifications(rig.DB)
	ctx := context.Background()
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	var ids []domain.NotificationID // oldest first
	for i, sender := range []domain.UserID{ana, rui, bia, rui} {
		n := domain.Notification{ID: domain.NewNotificationID(), RecipientID: lia, SenderID: sender,
			Type: domain.NotifyFollow, CreatedAt: at.Add(time.Duration(i) * time.Minute)}
		if i%2 == 1 {
			n.Type = domain.NotifyMention
			post := rig.Post(sender, "public")
			n.PostID = &post
		}
		if made, err := store.Insert(ctx, n); err != nil || !made {
			t.Fatalf("insert %d: %v %v", i, made, err)
		}
		ids = append(ids, n.ID)
	}
	uc := &notifications.PageNotifications{Store: store}
	v := domain.Viewer{UserID: lia}
	read := func(q notifications.PageQuery) []domain.NotificationID {
		t.Helper()
		list, err := uc.Handle(ctx, v, q)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]domain.NotificationID, len(list))
		for i, it := range list {
			out[i] = it.ID
		}
		return out
	}
	list := func(l ...domain.NotificationID) []domain.NotificationID { return l }
	checks := []struct {
		name string
		q    notifications.PageQuery
		want []domain.NotificationID
	}{
		{"newest", notifications.PageQuery{Limit: 2}, list(ids[3], ids[2])},
		{"max_id", notifications.PageQuery{MaxID: ids[2].String()}, list(ids[1], ids[0])},
		{"since_id", notifications.PageQuery{SinceID: ids[0].String(), Limit: 2}, list(ids[3], ids[2])},
		{"min_id", notifications.PageQuery{MinID: ids[0].String(), Limit: 2}, list(ids[2], ids[1])},
		{"types", notifications.PageQuery{Types: []domain.NotificationType{domain.NotifyMention}}, list(ids[3], ids[1])},
		{"exclude", notifications.PageQuery{Exclude: []domain.NotificationType{domain.NotifyMention}}, list(ids[2], ids[0])},
		{"sender", notifications.PageQuery{Sender: &rui}, list(ids[3], ids[1])},
	}
	for _, c := range checks {
		if got := read(c.q); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	// Read up to the second: it and the first; another's ID marks nothing.
	if err := store.MarkReadUpTo(ctx, ana, ids[3]); err != nil {
		t.Fatal(err)
	}
	if n, err := store.Unread(ctx, lia); err != nil || n != 4 {
		t.Fatalf("unread after another's mark: %d %v", n, err)
	}
	if err := store.MarkReadUpTo(ctx, lia, ids[1]); err != nil {
		t.Fatal(err)
	}
	if n, err := store.Unread(ctx, lia); err != nil || n != 2 {
		t.Fatalf("unread after marking up to the second: %d %v", n, err)
	}
	if err := store.Delete(ctx, ana, ids[0]); err != domain.ErrNotFound {
		t.Fatalf("someone else's dismiss: %v", err)
	}
	if err := store.Delete(ctx, lia, ids[0]); err != nil {
		t.Fatal(err)
	}
	if got := read(notifications.PageQuery{}); !slices.Equal(got, list(ids[3], ids[2], ids[1])) {
		t.Fatalf("after dismiss: %v", got)
	}
	if err := store.DeleteAll(ctx, lia); err != nil {
		t.Fatal(err)
	}
	if got := read(notifications.PageQuery{}); len(got) != 0 {
		t.Fatalf("after clear: %v", got)
	}
}
