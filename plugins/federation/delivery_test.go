package federation_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	core "social/core/domain"
	"social/platform/pgkit"
	"social/plugins/federation/delivery"
	at "social/tests/testkit/apptest"
)

// deliveryRig is the app with federation on, what tests queue deliveries
// with, and River's client to read and move jobs.
type deliveryRig struct {
	*at.App
	Queue *delivery.Queue
	River *river.Client[pgx.Tx]
}

func startDelivery(t *testing.T) deliveryRig {
	t.Helper()
	var jobs *pgkit.JobInserter
	var client *river.Client[pgx.Tx]
	app := at.StartPopulating(t, on(nil), &jobs, &client)
	return deliveryRig{App: app, Queue: &delivery.Queue{Jobs: jobs}, River: client}
}

// activityOf is a minimal activity of member id.
func activityOf(id, member string) []byte {
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams", "id": id,
		"type": "Create", "actor": base + "/ap/users/" + member})
	return b
}

// job is the delivery job of activity id to inbox, waiting until it is in
// one of states.
func (r deliveryRig) job(t *testing.T, activityID, inbox string, states ...rivertype.JobState) *rivertype.JobRow {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var id int64
		err := r.DB.NewRaw(`SELECT id FROM river_job WHERE kind = 'federation.deliver'
			AND args->>'activity_id' = ? AND args->>'inbox' = ?`, activityID, inbox).Scan(context.Background(), &id)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			t.Fatal(err)
		}
		if err == nil {
			row, err := r.River.JobGet(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(states, row.State) {
				return row
			}
			if time.Now().After(deadline) {
				t.Fatalf("job of %s to %s is %s (errors %v), want one of %v", activityID, inbox, row.State, row.Errors, states)
			}
		} else if time.Now().After(deadline) {
			t.Fatalf("no job of %s to %s", activityID, inbox)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (r deliveryRig) deliver(t *testing.T, member string, activity []byte, inboxes ...string) {
	t.Helper()
	id, _ := uuid.Parse(member)
	if err := r.Queue.Deliver(context.Background(), core.UserID(id), activity, inboxes); err != nil {
		t.Fatal(err)
	}
}

// A delivery reaches the inbox once per distinct inbox, signed with the
// member's key over the request target, host, date and digest, as
// application/activity+json; the same activity queued again is not sent
// again.
func TestDeliverySignsAndSendsOncePerInbox(t *testing.T) {
	r := startDelivery(t)
	ana := r.Member("ana")
	inbox := newRemote(t, r.App)
	act := activityOf(base+"/ap/activities/1", ana.ID)
	r.deliver(t, ana.ID, act, inbox.URL("/inbox"), inbox.URL("/inbox"))
	got := inbox.Await(1)[0]
	if got.KeyID != base+"/ap/users/"+ana.ID+"#main-key" {
		t.Errorf("keyId %q", got.KeyID)
	}
	if want := []string{"(request-target)", "host", "date", "digest"}; !slices.Equal(got.Covered, want) {
		t.Errorf("signed %v, want %v", got.Covered, want)
	}
	if got.ContentType != "application/activity+json" || got.Path != "/inbox" || got.Activity["id"] != base+"/ap/activities/1" {
		t.Errorf("delivered %+v", got)
	}
	r.job(t, base+"/ap/activities/1", inbox.URL("/inbox"), rivertype.JobStateCompleted)
	r.deliver(t, ana.ID, act, inbox.URL("/inbox"))
	time.Sleep(300 * time.Millisecond)
	if n := inbox.tries.Load(); n != 1 {
		t.Fatalf("%d POSTs, want 1", n)
	}
	var jobs int
	if err := r.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'federation.deliver'`).Scan(context.Background(), &jobs); err != nil || jobs != 1 {
		t.Fatalf("%d jobs (%v), want 1", jobs, err)
	}
}

// A server that is down is retried a minute later, then twice as late
// each time; the host's failure is remembered and forgotten once a
// delivery gets through.
func TestDeliveryRetriesADownServerWithBackoff(t *testing.T) {
	r := startDelivery(t)
	ana := r.Member("ana")
	inbox := newRemote(t, r.App)
	inbox.Status.Store(http.StatusServiceUnavailable)
	id := base + "/ap/activities/2"
	r.deliver(t, ana.ID, activityOf(id, ana.ID), inbox.URL("/inbox"))
	row := r.job(t, id, inbox.URL("/inbox"), rivertype.JobStateRetryable)
	if wait := time.Until(row.ScheduledAt); row.Attempt != 1 || wait < 50*time.Second || wait > 70*time.Second {
		t.Fatalf("attempt %d, next in %s; want attempt 1, next in about a minute", row.Attempt, wait)
	}
	var failures int
	if err := r.DB.NewRaw(`SELECT failures FROM federation_hosts WHERE host = ? AND failing_since IS NOT NULL`,
		inbox.Host()).Scan(context.Background(), &failures); err != nil || failures != 1 {
		t.Fatalf("host failures %d (%v), want 1", failures, err)
	}
	// The second failure waits about two minutes.
	if _, err := r.River.JobRetry(context.Background(), row.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for row.Attempt < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		row = r.job(t, id, inbox.URL("/inbox"), rivertype.JobStateRetryable, rivertype.JobStateAvailable, rivertype.JobStateRunning)
	}
	row = r.job(t, id, inbox.URL("/inbox"), rivertype.JobStateRetryable)
	if wait := time.Until(row.ScheduledAt); row.Attempt != 2 || wait < 110*time.Second || wait > 130*time.Second {
		t.Fatalf("attempt %d, next in %s; want attempt 2, next in about two minutes", row.Attempt, wait)
	}
	// Back up: the next attempt delivers.
	inbox.Status.Store(http.StatusAccepted)
	if _, err := r.River.JobRetry(context.Background(), row.ID); err != nil {
		t.Fatal(err)
	}
	if got := inbox.Await(1); got[0].Activity["id"] != id {
		t.Fatalf("delivered %v", got[0].Activity)
	}
	r.job(t, id, inbox.URL("/inbox"), rivertype.JobStateCompleted)
	var failing bool
	if err := r.DB.NewRaw(`SELECT failing_since IS NOT NULL FROM federation_hosts WHERE host = ?`,
		inbox.Host()).Scan(context.Background(), &failing); err != nil || failing {
		t.Fatalf("host still failing (%v)", err)
	}
}

// A host failing for longer than unreachable_after is unreachable: its
// deliveries complete without a connection. A refusal (a 4xx) is final.
func TestDeliverySkipsUnreachableHostsAndEndsOnRefusal(t *testing.T) {
	r := startDelivery(t)
	ana := r.Member("ana")
	inbox := newRemote(t, r.App)
	inbox.Status.Store(http.StatusBadGateway)
	first := base + "/ap/activities/3"
	r.deliver(t, ana.ID, activityOf(first, ana.ID), inbox.URL("/inbox"))
	row := r.job(t, first, inbox.URL("/inbox"), rivertype.JobStateRetryable)
	// Eight days later it still fails: the host is taken as gone.
	r.Clock.Advance(8 * 24 * time.Hour)
	if _, err := r.River.JobRetry(context.Background(), row.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for inbox.tries.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	r.job(t, first, inbox.URL("/inbox"), rivertype.JobStateRetryable)
	var unreachable bool
	if err := r.DB.NewRaw(`SELECT unreachable_since IS NOT NULL FROM federation_hosts WHERE host = ?`,
		inbox.Host()).Scan(context.Background(), &unreachable); err != nil || !unreachable {
		t.Fatalf("host not unreachable (%v)", err)
	}
	second := base + "/ap/activities/4"
	r.deliver(t, ana.ID, activityOf(second, ana.ID), inbox.URL("/other-inbox"))
	r.job(t, second, inbox.URL("/other-inbox"), rivertype.JobStateCompleted)
	if n := inbox.tries.Load(); n != 2 {
		t.Fatalf("%d POSTs, want 2: none to an unreachable host", n)
	}

	// Another server refuses: no retry.
	other := newRemote(t, r.App)
	other.Status.Store(http.StatusForbidden)
	third := base + "/ap/activities/5"
	r.deliver(t, ana.ID, activityOf(third, ana.ID), other.URL("/inbox"))
	row = r.job(t, third, other.URL("/inbox"), rivertype.JobStateCancelled)
	if row.Attempt != 1 {
		t.Fatalf("refused delivery: %d attempts, want 1", row.Attempt)
	}
}
