package federation_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"social/config"
	core "social/core/domain"
	"social/plugins/federation"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

// instance is one whole app with federation on, served on a loopback
// address of its own, its public URL that address: two of them are two
// servers of the social web on different hosts.
type instance struct {
	*at.App
	Host  string // host:port, the members' addresses' domain
	River *river.Client[pgx.Tx]
}

// startInstance boots an app on host ip (127.0.0.2, 127.0.0.3...) at a
// free port, on its own database.
func startInstance(t *testing.T, ip string) instance {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	host := l.Addr().String()
	_ = l.Close()
	var client *river.Client[pgx.Tx]
	app := at.StartPopulating(t, on(func(cfg *config.Config, _ *federation.Config) {
		cfg.HTTP.Addr = host
		cfg.HTTP.PublicURL = "http://" + host
	}), &client)
	return instance{App: app, Host: host, River: client}
}

// actorURL is the actor of member id on the instance.
func (in instance) actorURL(id string) string { return "http://" + in.Host + "/ap/users/" + id }

// lookUp has searcher find member of the instance from by their address,
// as a member of another server does: searcher's server asks from's
// WebFinger and fetches the actor. It answers the address.
func lookUp(t *testing.T, searcher *at.Member, from instance, member *at.Member) string {
	t.Helper()
	address := member.Handle + "@" + from.Host
	if got := search(t, searcher, "@"+address); len(got) != 1 || got[0].Subtitle != "@"+address {
		t.Fatalf("search of @%s: %+v", address, got)
	}
	return address
}

// eventually polls check until it holds, for at most 20 seconds.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !check(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// copyOf is the local post or comment that the object uri of another
// server became ("" while there is none).
func copyOf(t *testing.T, in instance, uri string) string {
	t.Helper()
	var id uuid.UUID
	err := in.DB.NewRaw(`SELECT local_id FROM federation_remote_objects WHERE object_uri = ?`, uri).Scan(context.Background(), &id)
	if err != nil {
		return ""
	}
	return id.String()
}

type postView struct {
	ID          string  `json:"id"`
	TextContent *string `json:"text_content"`
	LikeCount   int     `json:"like_count"`
}

// postOf reads a post as c sees it; ok is false when c cannot see it.
func postOf(t *testing.T, c *at.Client, id string) (postView, bool) {
	t.Helper()
	r := c.Do(http.MethodGet, "/api/v1/posts/"+id, nil)
	if r.Status == http.StatusNotFound {
		return postView{}, false
	}
	var p postView
	r.Expect(t, http.StatusOK).JSON(t, &p)
	return p, true
}

// done fails the test unless r succeeded.
func done(t *testing.T, r *at.Response) {
	t.Helper()
	if r.Status >= 300 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
}

// deliveryJob is the delivery job of activity id, once it is in one of
// states.
func deliveryJob(t *testing.T, in instance, activityID string, states ...rivertype.JobState) *rivertype.JobRow {
	t.Helper()
	var row *rivertype.JobRow
	eventually(t, "the delivery of "+activityID+" in one of "+fmt.Sprint(states), func() bool {
		var id int64
		if err := in.DB.NewRaw(`SELECT id FROM river_job WHERE kind = 'federation.deliver' AND args->>'activity_id' = ?`,
			activityID).Scan(context.Background(), &id); err != nil {
			return false
		}
		var err error
		if row, err = in.River.JobGet(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		return slices.Contains(states, row.State)
	})
	return row
}

func following(t *testing.T, m *at.Member) []string {
	t.Helper()
	return m.ListIDs(t, "/api/v1/feed?algorithm=following&limit=50")
}

// Two servers of this network, each on its own database and host, talk
// to each other as any two servers of the social web do: every activity
// goes out from a member's request, is delivered by a River job, signed,
// verified by the other side, and applied by its inbox's job.
func TestTwoInstancesFederate(t *testing.T) {
	a := startInstance(t, "127.0.0.2")
	b := startInstance(t, "127.0.0.3")
	ana := a.Member("ana")
	bob := b.Member("bob")
	caio := b.Member("caio") // follows nobody there

	anaThere := lookUp(t, bob, a, ana)
	anaPath := "/api/v1/profiles/" + url.PathEscape(anaThere)

	// bob follows ana: A keeps the follow and answers with an Accept.
	done(t, bob.Do(http.MethodPost, anaPath+"/follow", nil))
	eventually(t, "bob among ana's followers on A", func() bool {
		return count(t, a.App, `SELECT count(*) FROM follows f JOIN profiles p ON p.id = f.follower_id
			WHERE f.following_id = ? AND p.handle = ?`, ana.ID, "bob@"+b.Host) == 1
	})
	eventually(t, "the Accept taken on B", func() bool {
		return count(t, b.App, `SELECT count(*) FROM federation_inbox_activities
			WHERE processed_at IS NOT NULL AND activity_id LIKE ?`, a.actorURL(ana.ID)+"#accepts/%") == 1
	})

	// A public post reaches bob's Seguindo.
	pub := ana.NewPost(t, "olá do servidor A", "public")
	pubURI := "http://" + a.Host + "/ap/posts/" + pub
	var pubThere string
	eventually(t, "the public post copied to B", func() bool { pubThere = copyOf(t, b, pubURI); return pubThere != "" })
	if !contains(following(t, bob), pubThere) {
		t.Fatalf("public post %s not in bob's Seguindo", pubThere)
	}
	if p, ok := postOf(t, caio.Client, pubThere); !ok || p.TextContent == nil || *p.TextContent != "olá do servidor A" {
		t.Fatalf("public post as caio sees it: %+v %v", p, ok)
	}

	// A post with a picture: B downloads it from A and serves its own
	// copy, with its description; bob's browser never asks A.
	body, ct := form(t, fixtures.PNG(t, 40, 30), map[string]string{"text_content": "praia", "image_alt": "Mar azul"})
	var pic struct {
		ID string `json:"id"`
	}
	ana.Do(http.MethodPost, "/api/v1/posts/media", body, "Content-Type", ct).Expect(t, http.StatusCreated).JSON(t, &pic)
	var picThere string
	eventually(t, "the picture's post copied to B", func() bool {
		picThere = copyOf(t, b, "http://"+a.Host+"/ap/posts/"+pic.ID)
		return picThere != ""
	})
	var seen remotePost
	eventually(t, "the picture copied into B's storage", func() bool {
		bob.Do(http.MethodGet, "/api/v1/posts/"+picThere, nil).Expect(t, http.StatusOK).JSON(t, &seen)
		return seen.MediaURL != nil
	})
	link, err := url.Parse(*seen.MediaURL)
	if err != nil || link.Host != "" && link.Host != b.Host || seen.ImageAlt == nil || *seen.ImageAlt != "Mar azul" {
		t.Fatalf("the picture's post on B: %+v", seen)
	}
	if got := b.Client().Do(http.MethodGet, link.RequestURI(), nil).Expect(t, http.StatusOK).Body; !bytes.HasPrefix(got, []byte("\x89PNG")) {
		t.Fatal("B's copy is not the picture")
	}

	// A followers-only post reaches bob, and nobody else there sees it.
	priv := ana.NewPost(t, "só para quem me segue", "friends_only")
	privURI := "http://" + a.Host + "/ap/posts/" + priv
	var privThere string
	eventually(t, "the followers-only post copied to B", func() bool { privThere = copyOf(t, b, privURI); return privThere != "" })
	if !contains(following(t, bob), privThere) {
		t.Fatalf("followers-only post %s not in bob's Seguindo", privThere)
	}
	if _, ok := postOf(t, caio.Client, privThere); ok {
		t.Fatal("caio, who does not follow ana, sees her followers-only post")
	}

	// bob likes ana's post: it is counted on A.
	done(t, bob.Do(http.MethodPut, "/api/v1/posts/"+pubThere+"/like", nil))
	eventually(t, "bob's like counted on A", func() bool {
		p, _ := postOf(t, ana.Client, pub)
		return p.LikeCount == 1
	})

	// bob comments on ana's post: the reply reaches A as a comment on it,
	// and its deletion deletes it there.
	var reply struct {
		ID string `json:"id"`
	}
	bob.Do(http.MethodPost, "/api/v1/posts/"+pubThere+"/comments", map[string]string{"text_content": "olá de B"}).
		Expect(t, http.StatusCreated).JSON(t, &reply)
	replyURI := "http://" + b.Host + "/ap/comments/" + reply.ID
	var replyHere string
	eventually(t, "bob's reply a comment on A", func() bool { replyHere = copyOf(t, a, replyURI); return replyHere != "" })
	if n := count(t, a.App, `SELECT count(*) FROM comments c JOIN profiles p ON p.id = c.author_id
		WHERE c.id = ? AND c.post_id = ? AND c.text_content = ? AND p.handle = ?`, replyHere, pub, "olá de B", "bob@"+b.Host); n != 1 {
		t.Fatalf("bob's reply on A: %d comments match", n)
	}
	bob.Do(http.MethodDelete, "/api/v1/comments/"+reply.ID, nil).Expect(t, http.StatusNoContent)
	eventually(t, "bob's reply deleted on A", func() bool {
		return count(t, a.App, `SELECT count(*) FROM comments WHERE id = ?`, replyHere) == 0
	})

	// ana edits her post: the copy on B has the new text.
	ana.Do(http.MethodPatch, "/api/v1/posts/"+pub, map[string]string{"text_content": "olá, editado"}).Expect(t, http.StatusOK)
	eventually(t, "the edit applied on B", func() bool {
		p, ok := postOf(t, bob.Client, pubThere)
		return ok && p.TextContent != nil && *p.TextContent == "olá, editado"
	})

	// ana renames herself: her profile on B is renamed.
	ana.Do(http.MethodPatch, "/api/v1/profiles/me", map[string]string{"display_name": "Ana de A"}).Expect(t, http.StatusOK)
	eventually(t, "the rename applied on B", func() bool {
		var p struct {
			DisplayName string `json:"display_name"`
		}
		bob.Do(http.MethodGet, anaPath, nil).Expect(t, http.StatusOK).JSON(t, &p)
		return p.DisplayName == "Ana de A"
	})

	// ana deletes her post: it is gone on B.
	ana.Do(http.MethodDelete, "/api/v1/posts/"+pub, nil).Expect(t, http.StatusNoContent)
	eventually(t, "the deletion applied on B", func() bool {
		_, ok := postOf(t, bob.Client, pubThere)
		return !ok
	})

	// B is down when ana posts: the delivery waits for its retry, which
	// (moved forward rather than waited for) gets through once B is back.
	if err := b.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	down := ana.NewPost(t, "enquanto B está fora", "public")
	downURI := "http://" + a.Host + "/ap/posts/" + down
	row := deliveryJob(t, a, downURI+"/activity", rivertype.JobStateRetryable)
	if row.Attempt != 1 {
		t.Fatalf("attempt %d, want 1", row.Attempt)
	}
	b.App = b.Restart()
	if _, err := a.River.JobRetry(context.Background(), row.ID); err != nil {
		t.Fatal(err)
	}
	if row = deliveryJob(t, a, downURI+"/activity", rivertype.JobStateCompleted); row.Attempt != 2 {
		t.Fatalf("delivered at attempt %d, want 2", row.Attempt)
	}
	var downThere string
	eventually(t, "the post made while B was down copied to B", func() bool { downThere = copyOf(t, b, downURI); return downThere != "" })
	if !contains(following(t, bob), downThere) {
		t.Fatalf("post %s not in bob's Seguindo", downThere)
	}

	// ana blocks bob: his follow of her ends on both sides, and her next
	// post does not reach him.
	bobHere := "bob@" + b.Host
	done(t, ana.Do(http.MethodPost, "/api/v1/profiles/"+url.PathEscape(bobHere)+"/block", nil))
	eventually(t, "bob's follow of ana ended on B", func() bool {
		return count(t, b.App, `SELECT count(*) FROM follows WHERE follower_id = ?`, bob.ID) == 0
	})
	if n := count(t, a.App, `SELECT count(*) FROM follows WHERE following_id = ?`, ana.ID); n != 0 {
		t.Fatalf("%d followers of ana left on A", n)
	}
	after := ana.NewPost(t, "depois do bloqueio", "public")
	if n := count(t, a.App, `SELECT count(*) FROM river_job WHERE kind = 'federation.deliver'
		AND args->>'activity_id' LIKE ?`, "%/ap/posts/"+after+"%"); n != 0 {
		t.Fatalf("%d deliveries of a post after the block", n)
	}
}

// Between two servers of this network: a member's account deletion
// reaches the other server, which removes their remote account; and a
// server suspended by the other's moderators gets nothing in (its
// activities refused) and nothing out (deliveries queued before the
// suspension dropped).
func TestTwoInstancesDeletionAndSuspension(t *testing.T) {
	a := startInstance(t, "127.0.0.2")
	b := startInstance(t, "127.0.0.3")
	ana := a.Member("ana")
	dani := a.Member("dani")
	bob := b.Member("bob")
	mod := b.Staff("moderadora", core.RoleModerator)

	anaThere := lookUp(t, bob, a, ana)
	daniThere := lookUp(t, bob, a, dani)
	for _, h := range []string{anaThere, daniThere} {
		done(t, bob.Do(http.MethodPost, "/api/v1/profiles/"+url.PathEscape(h)+"/follow", nil))
	}
	eventually(t, "bob following ana and dani on A", func() bool {
		return count(t, a.App, `SELECT count(*) FROM follows f JOIN profiles p ON p.id = f.follower_id
			WHERE p.handle = ?`, "bob@"+b.Host) == 2
	})

	// dani deletes her account on A: her remote account goes on B, and
	// bob follows one account there.
	dani.Do(http.MethodPost, "/api/v1/account/delete", map[string]string{"password": at.Password}).
		Expect(t, http.StatusNoContent)
	eventually(t, "dani's remote account removed on B", func() bool {
		return count(t, b.App, `SELECT count(*) FROM profiles WHERE handle = ?`, daniThere) == 0
	})
	bob.Do(http.MethodGet, "/api/v1/profiles/"+url.PathEscape(daniThere), nil).Expect(t, http.StatusNotFound)
	var me struct {
		FollowingCount int `json:"following_count"`
	}
	bob.Do(http.MethodGet, "/api/v1/profiles/bob", nil).Expect(t, http.StatusOK).JSON(t, &me)
	if me.FollowingCount != 1 {
		t.Fatalf("bob follows %d accounts after dani's deletion, want 1", me.FollowingCount)
	}

	// ana posts; bob likes the copy while A is down: the like's delivery
	// waits for a retry.
	pub := ana.NewPost(t, "olá antes da suspensão", "public")
	pubURI := "http://" + a.Host + "/ap/posts/" + pub
	var pubThere string
	eventually(t, "the post copied to B", func() bool { pubThere = copyOf(t, b, pubURI); return pubThere != "" })
	if err := a.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	done(t, bob.Do(http.MethodPut, "/api/v1/posts/"+pubThere+"/like", nil))
	var likeID string
	eventually(t, "the like's delivery queued on B", func() bool {
		return b.DB.NewRaw(`SELECT args->>'activity_id' FROM river_job WHERE kind = 'federation.deliver'
			AND args->'activity'->>'type' = 'Like'`).Scan(context.Background(), &likeID) == nil
	})
	row := deliveryJob(t, b, likeID, rivertype.JobStateRetryable)

	// B's moderators suspend A: ana's account goes on B.
	var policy struct {
		ID string `json:"id"`
	}
	mod.Do(http.MethodPost, "/api/v1/admin/federation_policies", map[string]any{"domain": a.Host, "suspend": true,
		"reason": "Servidor suspenso no teste"}).Expect(t, http.StatusCreated).JSON(t, &policy)
	eventually(t, "ana's remote account removed on B", func() bool {
		return count(t, b.App, `SELECT count(*) FROM profiles WHERE domain = ?`, a.Host) == 0
	})

	// A is back: the like queued before the suspension is dropped, never
	// sent.
	a.App = a.Restart()
	if _, err := b.River.JobRetry(context.Background(), row.ID); err != nil {
		t.Fatal(err)
	}
	deliveryJob(t, b, likeID, rivertype.JobStateCompleted)
	if p, _ := postOf(t, ana.Client, pub); p.LikeCount != 0 {
		t.Fatalf("a suspended server's like reached A: %d", p.LikeCount)
	}

	// ana posts again: A still counts bob as her follower and delivers,
	// B refuses it, and nothing is kept there.
	next := ana.NewPost(t, "depois da suspensão", "public")
	nextURI := "http://" + a.Host + "/ap/posts/" + next
	// (A restarted: its River client is a new one, so the job is read
	// from the table.)
	eventually(t, "A's delivery to B ended", func() bool {
		return count(t, a.App, `SELECT count(*) FROM river_job WHERE kind = 'federation.deliver'
			AND args->>'activity_id' = ? AND state IN ('completed', 'cancelled', 'discarded')`, nextURI+"/activity") == 1
	})
	if n := count(t, b.App, `SELECT count(*) FROM federation_inbox_activities WHERE activity_id = ?`, nextURI+"/activity"); n != 0 {
		t.Fatal("B kept an activity of the suspended server")
	}
	if copyOf(t, b, nextURI) != "" {
		t.Fatal("B copied a post of the suspended server")
	}
}

// A report on A about a post of B's member, forwarded by A's moderator,
// arrives on B as a report of that post by A's site actor, naming A's
// server: B fetched A's site actor to verify the Flag's signature.
func TestTwoInstancesForwardAReport(t *testing.T) {
	a := startInstance(t, "127.0.0.2")
	b := startInstance(t, "127.0.0.3")
	ana := a.Member("ana")
	mod := a.Staff("moderadora", core.RoleModerator)
	bob := b.Member("bob")

	bobThere := lookUp(t, ana, b, bob)
	done(t, ana.Do(http.MethodPost, "/api/v1/profiles/"+url.PathEscape(bobThere)+"/follow", nil))
	eventually(t, "ana among bob's followers on B", func() bool {
		return count(t, b.App, `SELECT count(*) FROM follows WHERE following_id = ?`, bob.ID) == 1
	})
	spam := bob.NewPost(t, "compre seguidores", "public")
	var spamThere string
	eventually(t, "bob's post copied to A", func() bool {
		spamThere = copyOf(t, a, "http://"+b.Host+"/ap/posts/"+spam)
		return spamThere != ""
	})
	done(t, ana.Do(http.MethodPost, "/api/v1/posts/"+spamThere+"/report", map[string]string{"reason": "Spam"}))
	var report string
	if err := a.DB.NewRaw(`SELECT id::text FROM reports WHERE target_id = ?`, spamThere).Scan(context.Background(), &report); err != nil {
		t.Fatal(err)
	}
	done(t, mod.Do(http.MethodPost, "/api/v1/admin/reports/"+report+"/forward", map[string]string{"content": "Spam comercial"}))

	var got struct {
		Reporter string `bun:"handle"`
		Reason   string `bun:"reason"`
	}
	eventually(t, "the forwarded report on B", func() bool {
		err := b.DB.NewRaw(`SELECT p.handle, r.reason FROM reports r JOIN profiles p ON p.id = r.reporter_id
			WHERE r.target_type = 'post' AND r.target_id = ?`, spam).Scan(context.Background(), &got)
		return err == nil
	})
	if got.Reporter != "127.0.0.2@"+a.Host || got.Reason != "Denúncia enviada pelo servidor "+a.Host+". Spam comercial" {
		t.Fatalf("B's report %+v", got)
	}
}
