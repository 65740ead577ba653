package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	push "social/features/push/app"
	pushstore "social/features/push/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// device adds a member's push subscription, with the session it belongs to.
func device(rig *sqlrig.Rig, member domain.UserID) uuid.UUID {
	session, sub := uuid.New(), uuid.New()
	rig.Exec(`INSERT INTO sessions (id, account_id, created_at, expires_at, last_used_at)
		VALUES (?, ?, now(), now() + interval '1 day', now())`, session, uuid.UUID(member))
	rig.Exec(`INSERT INTO push_subscriptions (id, session_id, account_id, endpoint, p256dh, auth, alerts, policy, created_at, updated_at)
		VALUES (?, ?, ?, ?, decode(repeat('04', 65), 'hex'), decode(repeat('01', 16), 'hex'), '{like}', 'all', now(), now())`,
		sub, session, uuid.UUID(member), "https://push.example/"+sub.String())
	return sub
}

func queue(t *testing.T, rig *sqlrig.Rig) pushstore.Queue {
	jobs, err := pgkit.NewJobInserter(rig.DB, testkit.Logger())
	if err != nil {
		t.Fatal(err)
	}
	return pushstore.Queue{DB: rig.DB, Jobs: jobs}
}

// queued lists the topics of the push jobs queued for sub, oldest first.
func queued(t *testing.T, rig *sqlrig.Rig, sub uuid.UUID) []string {
	t.Helper()
	var topics []string
	if err := rig.DB.NewRaw(`SELECT args->>'topic' FROM river_job WHERE kind = 'push.deliver' AND args->>'subscription' = ?
		ORDER BY id`, sub.String()).Scan(context.Background(), &topics); err != nil {
		t.Fatal(err)
	}
	return topics
}

// The window is measured from a device's last push of the topic: a
// repeat inside it is left out, one at its end goes, and other topics and
// other devices have windows of their own.
func TestRepeatsWithinTheWindowAreLeftOut(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	ana := rig.Member()
	phone, laptop := device(rig, ana), device(rig, ana)
	q := queue(t, rig)
	start := time.Date(2026, 11, 30, 11, 59, 0, 0, time.UTC)
	enqueue := func(sub uuid.UUID, topic string, after time.Duration) {
		t.Helper()
		j := push.Job{Subscription: sub, Recipient: ana, Alert: push.AlertLike, Topic: topic, At: start.Add(after)}
		if err := q.Enqueue(rig.Ctx, []push.Job{j, j}, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	enqueue(phone, "like-a", 0)
	enqueue(phone, "like-a", 59*time.Second)
	enqueue(phone, "like-b", time.Second)
	enqueue(laptop, "like-a", 30*time.Second)
	enqueue(phone, "like-a", time.Minute)
	enqueue(phone, "like-a", time.Minute+30*time.Second)
	if got := queued(t, rig, phone); len(got) != 3 || got[0] != "like-a" || got[1] != "like-b" || got[2] != "like-a" {
		t.Errorf("phone's pushes = %q, want like-a, like-b, like-a", got)
	}
	if got := queued(t, rig, laptop); len(got) != 1 {
		t.Errorf("laptop's pushes = %q, want one", got)
	}
	// The windows that ended are gone; the open ones stay.
	var left int
	if err := rig.DB.NewRaw(`SELECT count(*) FROM push_topics`).Scan(rig.Ctx, &left); err != nil || left != 2 {
		t.Errorf("push_topics rows = %d, %v; want like-a of the phone and of the laptop", left, err)
	}
}

// A burst of one topic that straddles a turn of the clock (a second here,
// as a minute in production) is still one push: the window is not a slot
// of the calendar.
func TestABurstAcrossATurnOfTheClockIsOnePush(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	ana := rig.Member()
	phone := device(rig, ana)
	q := queue(t, rig)
	// Start 100 ms before a second turns, and push again 200 ms later.
	now := time.Now()
	time.Sleep(now.Truncate(time.Second).Add(900*time.Millisecond).Sub(now) + time.Second)
	for range 2 {
		j := push.Job{Subscription: phone, Recipient: ana, Alert: push.AlertLike, Topic: "like-a", At: time.Now()}
		if err := q.Enqueue(rig.Ctx, []push.Job{j}, time.Second); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if got := queued(t, rig, phone); len(got) != 1 {
		t.Errorf("pushes = %q, want one", got)
	}
}
