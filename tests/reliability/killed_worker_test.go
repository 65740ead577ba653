package reliability_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/adapters/mail/smtptest"
)

// killedFollowers is how many members follow the author whose post is
// fanned out: enough batches (timelines.FanOutBatch = 5000 each) that the
// job runs long enough to be killed between two of them.
const killedFollowers = 25_000

// writeEveryTimeline keeps a post by an author with many followers written
// into each follower's timeline (by default, above 5,000 followers it is
// read from the posts instead), so that its fan-out is a job of several
// batches: the long job these tests stop.
const writeEveryTimeline = "SOCIAL_TIMELINES_PULL_ABOVE_FOLLOWERS=1000000"

// A `social serve` killed (SIGKILL) in the middle of two jobs: the
// 'Seguindo' fan-out of a post by an author with many followers, some
// batches written, and a confirmation mail whose SMTP delivery the server
// had not acknowledged. The next process's River rescues both, and each
// effect happens exactly once: every follower has the post once in their
// timeline, counters and notifications are as the post left them, and the
// SMTP server accepts exactly one message.
func TestKilledWorkerJobsRescuedOnce(t *testing.T) {
	ctx := context.Background()
	const target = "destinataria@exemplo.com.br"
	smtp := smtptest.StartHolding(t, target)
	rig := newProcessRig(t)
	rig.Env = append(rig.Env, "SOCIAL_MAIL_SMTP_HOST=127.0.0.1", "SOCIAL_MAIL_SMTP_PORT="+strconv.Itoa(smtp.Port),
		"SOCIAL_MAIL_SMTP_TLS=none", writeEveryTimeline)
	// The first process runs with the default job timings: a killed node
	// is what the rescue is for, not a setting of its own.
	first := rig.Serve(t)
	author := rig.Member(t, first, "autora")
	addBulkFollowers(t, rig.DB, author.ID, killedFollowers)

	// The mail first: the SMTP server holds its end of data unanswered
	// until the sender's process dies.
	first.MustCall(t, "", http.MethodPost, "/api/v1/auth/sign-up", map[string]string{
		"email": target, "password": rigPassword, "password_confirmation": rigPassword,
		"display_name": "Destinatária", "handle": "destinataria",
	}, http.StatusCreated, nil)
	waitUntil(t, 30*time.Second, "the SMTP server holds the confirmation to "+target, smtp.Holding)
	mailID := queryInt(t, rig.DB, `SELECT id FROM mail_outbox WHERE to_address = $1`, target)
	mailJob := jobID(t, rig.DB, "mail.deliver", "mail_id", strconv.Itoa(mailID))

	var post struct {
		ID string `json:"id"`
	}
	first.MustCall(t, author.Token, http.MethodPost, "/api/v1/posts", map[string]string{
		"text_content": "pé de #jabuticaba carregado, olha só @seguidor_000001", "visibility": "public",
	}, http.StatusCreated, &post)
	fanOut := jobID(t, rig.DB, "timelines.fan_out", "post_id", post.ID)
	timelineRows := func() int {
		return queryInt(t, rig.DB, `SELECT count(*) FROM timelines WHERE post_id = $1`, post.ID)
	}
	// Mid-job: the author's row and at least one batch are written.
	waitUntil(t, 30*time.Second, "the fan-out has written a batch", func() bool {
		return timelineRows() > 1 && jobState(t, rig.DB, fanOut) == "running"
	})
	first.Signal(t, syscall.SIGKILL)
	if _, err := first.Wait(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	written := timelineRows()
	if written >= killedFollowers+1 {
		t.Fatalf("the fan-out finished (%d rows) before the kill: raise killedFollowers", written)
	}
	for _, id := range []int{fanOut, mailJob} {
		if state, attempt := jobAttempt(t, rig.DB, id); state != "running" || attempt != 1 {
			t.Fatalf("job %d after the kill: %s, attempt %d; want running, attempt 1", id, state, attempt)
		}
	}
	countsAtKill := postEffects(t, rig.DB, post.ID, author.ID)
	t.Logf("killed with %d of %d timeline rows written", written, killedFollowers+1)

	// River rescues a job only once it is older than both the job timeout
	// and rescue_after. The rescuer runs on River's leader, every 30 s from
	// its election; the new process is elected when the dead one's lease
	// ends, 9 to 15 s after the kill, so the jobs are old enough at its
	// first run. The rerun of the fan-out takes well under a second here.
	rescued := time.Now()
	rig.Serve(t, "SOCIAL_JOBS_JOB_TIMEOUT=6s", "SOCIAL_JOBS_RESCUE_AFTER=7s")
	waitUntil(t, 100*time.Second, "both jobs completed after the rescue", func() bool {
		for _, id := range []int{fanOut, mailJob} {
			state, attempt := jobAttempt(t, rig.DB, id)
			if state == "discarded" || state == "cancelled" || attempt > 2 {
				t.Fatalf("job %d: %s, attempt %d; errors: %s", id, state, attempt, jobErrors(t, rig.DB, id))
			}
			if state != "completed" {
				return false
			}
		}
		return true
	})
	var rerun float64
	if err := rig.DB.QueryRow(ctx, `SELECT extract(epoch FROM finalized_at - attempted_at) FROM river_job WHERE id = $1`, fanOut).Scan(&rerun); err != nil {
		t.Fatal(err)
	}
	t.Logf("rescued and completed %v after the new start; the fan-out's second run took %.2f s",
		time.Since(rescued).Round(100*time.Millisecond), rerun)

	for _, id := range []int{fanOut, mailJob} {
		state, attempt := jobAttempt(t, rig.DB, id)
		rescues := queryInt(t, rig.DB, `SELECT count(*) FROM river_job, unnest(errors) e
			WHERE id = $1 AND e->>'error' LIKE 'Stuck job rescued%'`, id)
		if state != "completed" || attempt != 2 || rescues != 1 {
			t.Errorf("job %d: %s, attempt %d, %d rescues; want completed, attempt 2, 1 rescue; errors: %s",
				id, state, attempt, rescues, jobErrors(t, rig.DB, id))
		}
	}

	t.Run("every follower has the post exactly once", func(t *testing.T) {
		notOnce := queryInt(t, rig.DB, `SELECT count(*) FROM (
				SELECT f.follower_id, count(tl.post_id) AS n FROM follows f
				LEFT JOIN timelines tl ON tl.member_id = f.follower_id AND tl.post_id = $2
				WHERE f.following_id = $1 GROUP BY f.follower_id) per
			WHERE n <> 1`, author.ID, post.ID)
		own := queryInt(t, rig.DB, `SELECT count(*) FROM timelines WHERE member_id = $1 AND post_id = $2`, author.ID, post.ID)
		if notOnce != 0 || own != 1 || timelineRows() != killedFollowers+1 {
			t.Fatalf("%d followers without the post exactly once, the author's own %d, %d rows in all (want %d)",
				notOnce, own, timelineRows(), killedFollowers+1)
		}
	})

	t.Run("counters and notifications are as the post left them", func(t *testing.T) {
		if after := postEffects(t, rig.DB, post.ID, author.ID); after != countsAtKill {
			t.Fatalf("after the rescue %+v, at the kill %+v", after, countsAtKill)
		}
		if countsAtKill.mentions != 1 || countsAtKill.postCount != 1 || countsAtKill.followers != killedFollowers ||
			countsAtKill.hashtagUses != 1 {
			t.Fatalf("the post's own effects: %+v", countsAtKill)
		}
	})

	t.Run("the SMTP server accepted exactly one message", func(t *testing.T) {
		accepted, aborted := smtp.To(target), smtp.CutOff()
		var status string
		var attempts int
		if err := rig.DB.QueryRow(ctx, `SELECT status, attempts FROM mail_outbox WHERE id = $1`, mailID).Scan(&status, &attempts); err != nil {
			t.Fatal(err)
		}
		if len(accepted) != 1 || aborted != 1 || status != "sent" || attempts != 2 {
			t.Fatalf("%d accepted, %d cut off by the kill; outbox %s after %d attempts", len(accepted), aborted, status, attempts)
		}
		if !strings.Contains(accepted[0], "Subject: =?utf-8?q?Confirme_seu_email") && !strings.Contains(accepted[0], "Confirme seu email") {
			t.Fatalf("accepted message:\n%s", accepted[0])
		}
	})

	if n := queryInt(t, rig.DB, `SELECT count(*) FROM river_job WHERE state = 'discarded'`); n != 0 {
		t.Errorf("%d jobs discarded", n)
	}
}

// postEffects are the rows and counters a post's writing transaction sets
// and its jobs must leave alone.
type postEffectCounts struct {
	notifications, mentions, postCount, followers, likes, hashtagUses int
}

func postEffects(t *testing.T, db *pgxpool.Pool, postID, authorID string) postEffectCounts {
	t.Helper()
	var c postEffectCounts
	err := db.QueryRow(context.Background(), `SELECT
			(SELECT count(*) FROM notifications),
			(SELECT count(*) FROM notifications WHERE post_id = $1 AND type = 'mention'),
			(SELECT post_count FROM profiles WHERE id = $2),
			(SELECT follower_count FROM profiles WHERE id = $2),
			(SELECT like_count FROM posts WHERE id = $1),
			(SELECT coalesce(sum(usage_count), 0) FROM hashtags WHERE tag = 'jabuticaba')`,
		postID, authorID).Scan(&c.notifications, &c.mentions, &c.postCount, &c.followers, &c.likes, &c.hashtagUses)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// addBulkFollowers makes n members following author, with SQL: signing
// tens of thousands of members up and following through the API would
// take minutes, and only the follow rows matter to the fan-out. The
// author's follower_count is kept as the follow use case keeps it.
func addBulkFollowers(t *testing.T, db *pgxpool.Pool, author string, n int) {
	t.Helper()
	ctx := context.Background()
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	for _, st := range []struct {
		sql  string
		args []any
	}{
		{`CREATE TEMP TABLE bulk_followers ON COMMIT DROP AS
			SELECT gen_random_uuid() AS id, 'seguidor_' || lpad(i::text, 6, '0') AS handle
			FROM generate_series(1, $1::int) i`, []any{n}},
		{`INSERT INTO accounts (id, email, password_hash, confirmed_at, created_at, updated_at)
			SELECT id, handle || '@exemplo.com.br', 'not-a-hash', now(), now(), now() FROM bulk_followers`, nil},
		{`INSERT INTO profiles (id, handle, display_name, following_count, created_at, updated_at)
			SELECT id, handle, 'Seguidor', 1, now(), now() FROM bulk_followers`, nil},
		{`INSERT INTO follows (id, follower_id, following_id, created_at)
			SELECT gen_random_uuid(), id, $1::uuid, now() FROM bulk_followers`, []any{author}},
		{`UPDATE profiles SET follower_count = follower_count + $1::int WHERE id = $2::uuid`, []any{n, author}},
	} {
		if _, err := tx.Exec(ctx, st.sql, st.args...); err != nil {
			t.Fatalf("%s: %v", st.sql, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

// jobID is the River job of kind whose argument key is value.
func jobID(t *testing.T, db *pgxpool.Pool, kind, key, value string) int {
	t.Helper()
	return queryInt(t, db, `SELECT id FROM river_job WHERE kind = $1 AND args->>$2 = $3`, kind, key, value)
}

func jobState(t *testing.T, db *pgxpool.Pool, id int) string {
	t.Helper()
	state, _ := jobAttempt(t, db, id)
	return state
}

func jobAttempt(t *testing.T, db *pgxpool.Pool, id int) (state string, attempt int) {
	t.Helper()
	if err := db.QueryRow(context.Background(), `SELECT state::text, attempt FROM river_job WHERE id = $1`, id).Scan(&state, &attempt); err != nil {
		t.Fatalf("job %d: %v", id, err)
	}
	return state, attempt
}

// jobErrors are the errors River recorded for a job's attempts.
func jobErrors(t *testing.T, db *pgxpool.Pool, id int) string {
	t.Helper()
	var s string
	if err := db.QueryRow(context.Background(), `SELECT coalesce(string_agg(
			format('attempt %s: %s', e->>'attempt', e->>'error'), '; '), '') FROM river_job, unnest(errors) e WHERE id = $1`, id).Scan(&s); err != nil {
		t.Fatalf("job %d: %v", id, err)
	}
	return s
}

// waitUntil polls ok every 20 ms until it holds, failing t after within.
func waitUntil(t *testing.T, within time.Duration, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(within); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
	}
}
