package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	"social/plugins/federation/app"
)

// QueueName is the plugin's job queue: deliveries wait on other servers,
// sometimes for long, and come in floods (a post to every follower's
// server); in a queue of their own they never hold up the members' jobs.
const QueueName = "federation"

// MaxAttempts is a delivery's attempts: with Backoff, the last is about
// five days after the first, which is how long a server may be down for
// maintenance, a move or an outage and still get what it missed.
const MaxAttempts = 20

// MaxActivityBytes bounds an activity sent: ours are small (a Note with
// its tags is a few kilobytes); a bigger one is a mistake, not a post.
const MaxActivityBytes = 256 << 10

// Args is one activity to one inbox. The pair is the job's identity: the
// same activity queued twice for an inbox is sent once.
type Args struct {
	Signer     uuid.UUID       `json:"signer"`
	ActivityID string          `json:"activity_id" river:"unique"`
	Inbox      string          `json:"inbox" river:"unique"`
	Activity   json.RawMessage `json:"activity"`
}

// Kind is the job's stable name.
func (Args) Kind() string { return "federation.deliver" }

// InsertOpts puts the job in the plugin's queue with its attempts, unique
// by activity and inbox.
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueName, MaxAttempts: MaxAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// JobInserter enqueues a job in the transaction of ctx
// (pgkit.JobInserter).
type JobInserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Queue is the plugin's app.Deliverer.
type Queue struct {
	Jobs JobInserter
}

var _ app.Deliverer = (*Queue)(nil)

// Deliver queues activity, signed by signer, once for each distinct inbox,
// in the transaction ctx carries. activity must be a JSON object with an
// absolute id; inboxes must be http(s) URLs.
func (q *Queue) Deliver(ctx context.Context, signer domain.UserID, activity []byte, inboxes []string) error {
	if len(inboxes) == 0 {
		return nil
	}
	if len(activity) > MaxActivityBytes {
		return fmt.Errorf("deliver: activity of %d bytes, more than %d", len(activity), MaxActivityBytes)
	}
	var head struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(activity, &head); err != nil {
		return fmt.Errorf("deliver: activity: %w", err)
	}
	if !absolute(head.ID) {
		return errors.New("deliver: the activity has no absolute id")
	}
	seen := make(map[string]bool, len(inboxes))
	distinct := make([]string, 0, len(inboxes))
	for _, inbox := range inboxes {
		if seen[inbox] {
			continue
		}
		if !absolute(inbox) {
			return fmt.Errorf("deliver: inbox %q is not an http(s) URL", inbox)
		}
		seen[inbox] = true
		distinct = append(distinct, inbox)
	}
	for _, inbox := range interleave(distinct) {
		if err := q.Jobs.Insert(ctx, Args{Signer: uuid.UUID(signer), ActivityID: head.ID, Inbox: inbox,
			Activity: json.RawMessage(activity)}, nil); err != nil {
			return err
		}
	}
	return nil
}

// interleave orders inboxes one server at a time in turn (the first inbox
// of each server, then the second of each...), each server's in their
// order. The workers take jobs in the order they were queued, and only
// per_host of them may send to one server at once: queued server by
// server, the followers of a post on one large server would fill the
// workers' hands and send the rest back to wait, while other servers'
// deliveries stood behind them.
func interleave(inboxes []string) []string {
	var hosts []string
	byHost := map[string][]string{}
	for _, inbox := range inboxes {
		u, _ := url.Parse(inbox)
		h := strings.ToLower(u.Host)
		if _, ok := byHost[h]; !ok {
			hosts = append(hosts, h)
		}
		byHost[h] = append(byHost[h], inbox)
	}
	out := make([]string, 0, len(inboxes))
	for round := 0; len(out) < len(inboxes); round++ {
		for _, h := range hosts {
			if list := byHost[h]; round < len(list) {
				out = append(out, list[round])
			}
		}
	}
	return out
}

// absolute reports whether s is an http(s) URL with a host.
func absolute(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && u.User == nil
}
