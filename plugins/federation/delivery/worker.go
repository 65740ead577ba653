package delivery

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"social/core/domain"
	"social/core/ports"
	"social/kit/httpsig"
	"social/plugins/federation/activity"
	"social/plugins/federation/app"
)

// Hosts remembers which servers fail (federation_hosts).
type Hosts interface {
	// Skip reports whether deliveries to host are dropped at now: it is
	// unreachable and was tried less than probe ago.
	Skip(ctx context.Context, host string, now time.Time, probe time.Duration) (bool, error)
	// Failed records a failure at at; a host failing since longer than
	// after becomes unreachable.
	Failed(ctx context.Context, host string, at time.Time, after time.Duration) error
	// Reached records that host answered at at: it is reachable again.
	Reached(ctx context.Context, host string, at time.Time) error
}

// Keys gives the private key a member signs with, made on first need
// (domain.ErrNotFound when the member has no profile).
type Keys interface {
	SigningKey(ctx context.Context, member domain.UserID) (crypto.Signer, error)
}

// Suspensions tell which servers the operators suspended.
type Suspensions interface {
	Suspended(ctx context.Context, host string) (bool, error)
}

// probeEvery is how often a delivery to an unreachable host is tried
// anyway: the only way to learn it is back when it sends us nothing.
const probeEvery = 24 * time.Hour

// busyWait is how long a delivery waits in the queue when its host has
// per_host deliveries running from this node.
const busyWait = 3 * time.Second

// Worker works federation.deliver.
type Worker struct {
	river.WorkerDefaults[Args]
	Site   activity.Site
	Keys   Keys
	Hosts  Hosts
	Client ports.OutsidePoster
	// AllowHTTP lets plain http reach loopback inboxes (servers of one
	// machine in tests; refused in production by the plugin's start).
	AllowHTTP        bool
	RequestTimeout   time.Duration
	UnreachableAfter time.Duration
	Limit            *HostLimit
	// Policies drop every delivery to a suspended server, however long
	// it was queued before the suspension.
	Policies Suspensions
	Clock    ports.Clock
	Log      *slog.Logger
}

// NextRetry spaces the attempts by Backoff.
func (w *Worker) NextRetry(job *river.Job[Args]) time.Time {
	return time.Now().Add(Backoff(job.Attempt))
}

// Timeout bounds a job: the request's own timeout and the database's
// reads around it.
func (w *Worker) Timeout(*river.Job[Args]) time.Duration { return w.RequestTimeout + 30*time.Second }

// Work sends one activity to one inbox. Sending again what was sent is
// harmless (servers keep an activity once, by its id), so a job rerun
// after a crash is fine.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	a := job.Args
	u, err := url.Parse(a.Inbox)
	if err != nil || !w.allowed(u) {
		return river.JobCancel(fmt.Errorf("inbox %q: not a URL we send to", a.Inbox))
	}
	host := strings.ToLower(u.Host)
	now := w.Clock.Now()
	skip, err := w.Hosts.Skip(ctx, host, now, probeEvery)
	if err != nil {
		return err
	}
	if skip {
		w.Log.InfoContext(ctx, "federation delivery dropped: host unreachable", "host", host, "activity", a.ActivityID)
		return nil
	}
	if w.Policies != nil {
		suspended, err := w.Policies.Suspended(ctx, host)
		if err != nil {
			return err
		}
		if suspended {
			w.Log.InfoContext(ctx, "federation delivery dropped: host suspended", "host", host, "activity", a.ActivityID)
			return nil
		}
	}
	release, ok := w.Limit.Acquire(host)
	if !ok {
		return river.JobSnooze(busyWait)
	}
	defer release()
	key, err := w.Keys.SigningKey(ctx, domain.UserID(a.Signer))
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(errors.New("the signer has no profile"))
	}
	if err != nil {
		return err
	}
	header, err := w.sign(u, a, key, now)
	if err != nil {
		return river.JobCancel(err)
	}
	status, err := w.Client.Post(ctx, a.Inbox, header, a.Activity)
	if errors.Is(err, ports.ErrOutsideRefused) {
		return river.JobCancel(fmt.Errorf("post to %s: %w", host, err))
	}
	if err != nil {
		return w.failed(ctx, host, fmt.Errorf("post to %s: %w", host, err))
	}
	switch s := status; {
	case s >= 200 && s <= 299:
		return w.Hosts.Reached(ctx, host, w.Clock.Now())
	case s == http.StatusRequestTimeout || s == http.StatusTooManyRequests || s >= 500:
		return w.failed(ctx, host, fmt.Errorf("post to %s: status %d", host, s))
	default:
		// The server answered and refused (a 4xx) or pointed elsewhere
		// (an inbox does not move): sending again changes nothing.
		if err := w.Hosts.Reached(ctx, host, w.Clock.Now()); err != nil {
			return err
		}
		w.Log.InfoContext(ctx, "federation delivery refused", "host", host, "status", s, "activity", a.ActivityID)
		return river.JobCancel(fmt.Errorf("post to %s: status %d", host, s))
	}
}

// failed records the host's failure and answers err, for a retry.
func (w *Worker) failed(ctx context.Context, host string, err error) error {
	if ferr := w.Hosts.Failed(ctx, host, w.Clock.Now(), w.UnreachableAfter); ferr != nil {
		return errors.Join(err, ferr)
	}
	return err
}

// sign answers the headers of the POST: the activity's type, and Date,
// Digest and the Signature over (request-target), host, date and digest.
func (w *Worker) sign(u *url.URL, a Args, key crypto.Signer, now time.Time) (http.Header, error) {
	r, err := http.NewRequest(http.MethodPost, u.String(), nil)
	if err != nil {
		return nil, err
	}
	r.Header.Set("Content-Type", "application/activity+json")
	r.Header.Set("Accept", "application/activity+json, application/ld+json")
	keyID := w.Site.KeyID(a.Signer.String())
	if domain.UserID(a.Signer) == app.SiteActorID {
		keyID = w.Site.SiteKeyID()
	}
	s := httpsig.Signer{KeyID: keyID, Key: key, Now: func() time.Time { return now }}
	if err := s.Sign(r, a.Activity); err != nil {
		return nil, err
	}
	return r.Header, nil
}

// allowed reports whether the job may post to u: https, or plain http to
// a loopback host when AllowHTTP says so.
func (w *Worker) allowed(u *url.URL) bool {
	if u.Host == "" || u.User != nil {
		return false
	}
	switch u.Scheme {
	case "https":
		return true
	case "http":
		return w.AllowHTTP && app.IsLoopback(u.Hostname())
	}
	return false
}

// HostLimit bounds the deliveries running at once to one host from this
// node.
type HostLimit struct {
	mu      sync.Mutex
	max     int
	running map[string]int
}

// NewHostLimit allows max deliveries at once per host.
func NewHostLimit(max int) *HostLimit {
	return &HostLimit{max: max, running: map[string]int{}}
}

// Acquire takes a place for host, or answers false when it has max
// deliveries running; release gives the place back.
func (l *HostLimit) Acquire(host string) (release func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.running[host] >= l.max {
		return nil, false
	}
	l.running[host]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.running[host]--; l.running[host] == 0 {
			delete(l.running, host)
		}
	}, true
}
