package federation_test

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	core "social/core/domain"
	comments "social/features/comments/app"
	follows "social/features/follows/app"
	posts "social/features/posts/app"
	profiles "social/features/profiles/app"
	"social/platform/pgkit"
	"social/plugins/federation/delivery"
	at "social/tests/testkit/apptest"
)

const public = "https://www.w3.org/ns/activitystreams#Public"

// outgoingRig is the app with federation on and what makes remote
// accounts and their follows as the inbox does.
type outgoingRig struct {
	deliveryRig
	Remote   *profiles.UpsertRemoteAccount
	Follows  follows.UseCases
	Posts    posts.UseCases
	Comments comments.UseCases
}

func startOutgoing(t *testing.T) outgoingRig {
	t.Helper()
	var jobs *pgkit.JobInserter
	var client *river.Client[pgx.Tx]
	var r outgoingRig
	app := at.StartPopulating(t, on(nil), &jobs, &client, &r.Remote, &r.Follows, &r.Posts, &r.Comments)
	r.deliveryRig = deliveryRig{App: app, Queue: &delivery.Queue{Jobs: jobs}, River: client}
	return r
}

// remoteAccount makes a remote account of the server srv (its actor at
// srv/users/name, its inbox srv/users/name/inbox, and srv/inbox as shared
// inbox when shared is true), as the inbox does when it meets one.
func (r outgoingRig) remoteAccount(t *testing.T, srv *remote, name string, shared bool) (core.UserID, string) {
	t.Helper()
	ctx := context.Background()
	id, err := r.Remote.Handle(ctx, profiles.RemoteAccount{Username: name, Domain: srv.Host(),
		URL: srv.URL("/@" + name), DisplayName: name})
	if err != nil {
		t.Fatal(err)
	}
	actor := srv.URL("/users/" + name)
	var sharedInbox *string
	if shared {
		s := srv.URL("/inbox")
		sharedInbox = &s
	}
	if _, err := r.DB.NewRaw(`INSERT INTO federation_remote_actors (profile_id, actor_uri, host, inbox_url,
		shared_inbox_url, key_id, public_key_pem, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, now())`,
		uuid.UUID(id), actor, srv.Host(), actor+"/inbox", sharedInbox, actor+"#main-key",
		"-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return id, actor
}

// follow makes the remote account follow the local member handle.
func (r outgoingRig) follow(t *testing.T, follower core.UserID, handle string) {
	t.Helper()
	if _, err := r.Follows.Follow.Handle(context.Background(), core.Viewer{UserID: follower}, handle); err != nil {
		t.Fatal(err)
	}
}

// byType picks the activities of type kind.
func byType(got []delivered, kind string) []delivered {
	var out []delivered
	for _, d := range got {
		if d.Activity["type"] == kind {
			out = append(out, d)
		}
	}
	return out
}

func strs(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, s := range list {
		out = append(out, s.(string))
	}
	return out
}

// A public post reaches each remote follower's server once (followers
// sharing a shared inbox get one delivery there), signed by its author,
// as a Create of its Note to everyone with the followers in copy; its
// edit is an Update, its deletion a Delete of the Note.
func TestAPublicPostGoesToRemoteFollowers(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	big, small := newRemote(t, r.App), newRemote(t, r.App)
	one, _ := r.remoteAccount(t, big, "um", true)
	two, _ := r.remoteAccount(t, big, "dois", true)
	three, _ := r.remoteAccount(t, small, "tres", false)
	for _, f := range []core.UserID{one, two, three} {
		r.follow(t, f, "ana")
	}
	post := ana.NewPost(t, "olá, #mundo", "public")
	note := base + "/ap/posts/" + post
	followers := base + "/ap/users/" + ana.ID + "/followers"

	got := big.Await(1)[0]
	if got.Path != "/inbox" || got.KeyID != base+"/ap/users/"+ana.ID+"#main-key" {
		t.Fatalf("big server: %s signed %s, want the shared inbox signed by ana", got.Path, got.KeyID)
	}
	a := got.Activity
	obj, _ := a["object"].(map[string]any)
	if a["type"] != "Create" || a["id"] != note+"/activity" || a["actor"] != base+"/ap/users/"+ana.ID ||
		!slices.Equal(strs(a["to"]), []string{public}) || !slices.Equal(strs(a["cc"]), []string{followers}) ||
		obj["id"] != note || obj["type"] != "Note" || !slices.Equal(strs(obj["to"]), []string{public}) {
		t.Fatalf("create: %v", a)
	}
	if got := small.Await(1)[0]; got.Path != "/users/tres/inbox" || got.Activity["id"] != note+"/activity" {
		t.Fatalf("small server: %s %v", got.Path, got.Activity["id"])
	}

	ana.Do(http.MethodPatch, "/api/v1/posts/"+post, map[string]string{"text_content": "olá de novo"}).Expect(t, http.StatusOK)
	upd := byType(big.Await(2), "Update")
	if len(upd) != 1 || upd[0].Activity["object"].(map[string]any)["content"] == obj["content"] {
		t.Fatalf("update: %v", upd)
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNoContent)
	del := byType(big.Await(3), "Delete")
	if len(del) != 1 || del[0].Activity["object"].(map[string]any)["id"] != note ||
		del[0].Activity["object"].(map[string]any)["type"] != "Tombstone" {
		t.Fatalf("delete: %v", del)
	}
	time.Sleep(300 * time.Millisecond)
	if n := big.tries.Load(); n != 3 {
		t.Fatalf("big server got %d POSTs, want 3: one per activity", n)
	}
}

// A followers-only post goes to the followers collection alone, never
// to everyone; a post of a member without remote followers goes nowhere.
func TestAFollowersOnlyPostNeverNamesPublic(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	bia := r.Member("bia")
	srv := newRemote(t, r.App)
	one, _ := r.remoteAccount(t, srv, "um", false)
	r.follow(t, one, "ana")
	bia.NewPost(t, "só daqui", "public")
	post := ana.NewPost(t, "só para quem me segue", "friends_only")
	a := srv.Await(1)[0].Activity
	followers := base + "/ap/users/" + ana.ID + "/followers"
	obj := a["object"].(map[string]any)
	for _, list := range [][]string{strs(a["to"]), strs(a["cc"]), strs(obj["to"]), strs(obj["cc"])} {
		if slices.Contains(list, public) {
			t.Fatalf("followers-only post names Public: %v", a)
		}
	}
	if obj["id"] != base+"/ap/posts/"+post || !slices.Equal(strs(a["to"]), []string{followers}) {
		t.Fatalf("followers-only create: %v", a)
	}
	time.Sleep(300 * time.Millisecond)
	if n := srv.tries.Load(); n != 1 {
		t.Fatalf("%d POSTs, want 1 (bia has no remote follower)", n)
	}
}

// What a remote account does here (the inbox's doing) is never sent back
// out; a local member's follow and block of a remote account are, with
// their undoing; a deleted account's Delete goes to its followers.
func TestRelationsAndRemoteChanges(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	srv := newRemote(t, r.App)
	one, oneActor := r.remoteAccount(t, srv, "um", false)
	two, _ := r.remoteAccount(t, srv, "dois", false)
	r.follow(t, one, "ana")
	var oneHandle string
	if err := r.DB.NewRaw(`SELECT handle FROM profiles WHERE id = ?`, uuid.UUID(one)).Scan(context.Background(), &oneHandle); err != nil {
		t.Fatal(err)
	}
	// A remote account follows another and posts, as the inbox would
	// have them: nothing goes out.
	r.follow(t, two, oneHandle)
	if _, err := r.Posts.Create.Handle(context.Background(), core.Viewer{UserID: one},
		posts.NewPost{Text: "escrito lá fora"}); err != nil {
		t.Fatal(err)
	}

	path := "/api/v1/profiles/" + url.PathEscape(oneHandle)
	ana.Do(http.MethodPost, path+"/follow", nil).Expect(t, http.StatusOK)
	follow := srv.Await(1)[0]
	if follow.Path != "/users/um/inbox" || follow.Activity["type"] != "Follow" || follow.Activity["object"] != oneActor {
		t.Fatalf("follow: %s %v", follow.Path, follow.Activity)
	}
	ana.Do(http.MethodDelete, path+"/follow", nil).Expect(t, http.StatusOK)
	undo := srv.Await(2)[1].Activity
	if undo["type"] != "Undo" || undo["object"].(map[string]any)["type"] != "Follow" {
		t.Fatalf("undo follow: %v", undo)
	}
	ana.Do(http.MethodPost, path+"/block", nil).Expect(t, http.StatusOK)
	if b := srv.Await(3)[2].Activity; b["type"] != "Block" || b["object"] != oneActor {
		t.Fatalf("block: %v", b)
	}
	ana.Do(http.MethodDelete, path+"/block", nil).Expect(t, http.StatusOK)
	if u := srv.Await(4)[3].Activity; u["type"] != "Undo" || u["object"].(map[string]any)["type"] != "Block" {
		t.Fatalf("undo block: %v", u)
	}
	// The block ended um's follow of ana; a new one, then ana leaves.
	r.follow(t, one, "ana")
	ana.Do(http.MethodPost, "/api/v1/account/delete", map[string]string{"password": at.Password}).Expect(t, http.StatusNoContent)
	del := srv.Await(5)[4].Activity
	if del["type"] != "Delete" || del["object"] != base+"/ap/users/"+ana.ID {
		t.Fatalf("account deletion: %v", del)
	}
	time.Sleep(300 * time.Millisecond)
	for _, d := range srv.Received() {
		if d.KeyID != base+"/ap/users/"+ana.ID+"#main-key" {
			t.Fatalf("sent on behalf of a remote account: %s %v", d.KeyID, d.Activity)
		}
	}
	if n := srv.tries.Load(); n != 5 {
		t.Fatalf("%d POSTs, want 5", n)
	}
}

// A local member's like of a remote post goes to its author as a Like of
// the post's id on its server; taking it back is an Undo.
func TestALikeOfARemotePostGoesToItsAuthor(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	srv := newRemote(t, r.App)
	one, oneActor := r.remoteAccount(t, srv, "um", false)
	created, err := r.Posts.Create.Handle(context.Background(), core.Viewer{UserID: one}, posts.NewPost{Text: "de lá"})
	if err != nil {
		t.Fatal(err)
	}
	object := srv.URL("/users/um/statuses/1")
	if _, err := r.DB.NewRaw(`INSERT INTO federation_remote_objects (object_uri, actor_id, kind, local_id, created_at)
		VALUES (?, ?, 'post', ?, now())`, object, uuid.UUID(one), uuid.UUID(created.Post.ID)).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	post := created.Post.ID.String()
	ana.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	like := srv.Await(1)[0]
	if like.Path != "/users/um/inbox" || like.Activity["type"] != "Like" || like.Activity["object"] != object ||
		!slices.Equal(strs(like.Activity["to"]), []string{oneActor}) {
		t.Fatalf("like: %s %v", like.Path, like.Activity)
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	undo := srv.Await(2)[1].Activity
	if undo["type"] != "Undo" || undo["object"].(map[string]any)["type"] != "Like" || undo["object"].(map[string]any)["object"] != object {
		t.Fatalf("undo like: %v", undo)
	}
}

// A member's profile change reaches each server that follows them once
// (a shared inbox once for its followers), signed by them, as an Update
// whose object is their whole actor as /ap/users/{id} now serves it; a
// remote account's refresh sends nothing.
func TestAProfileChangeSendsTheActor(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	srv := newRemote(t, r.App)
	one, _ := r.remoteAccount(t, srv, "um", true)
	two, _ := r.remoteAccount(t, srv, "dois", true)
	r.follow(t, one, "ana")
	r.follow(t, two, "ana")
	ana.Do(http.MethodPatch, "/api/v1/profiles/me", map[string]string{"display_name": "Ana Nova", "bio": "De #Recife"}).
		Expect(t, http.StatusOK)

	got := srv.Await(1)[0]
	actorURL := base + "/ap/users/" + ana.ID
	a := got.Activity
	if got.Path != "/inbox" || got.KeyID != actorURL+"#main-key" || a["type"] != "Update" || a["actor"] != actorURL ||
		!slices.Equal(strs(a["to"]), []string{public}) {
		t.Fatalf("update: %s signed %s: %v", got.Path, got.KeyID, a)
	}
	var served map[string]any
	document(t, get(r.Client(), "/ap/users/"+ana.ID, activityJSON), &served)
	delete(served, "@context")
	if obj := a["object"].(map[string]any); !reflect.DeepEqual(obj, served) {
		t.Fatalf("Update's object\n%v\nis not the actor served\n%v", obj, served)
	}
	if served["name"] != "Ana Nova" {
		t.Fatalf("actor name %v", served["name"])
	}

	// A remote account's profile is refreshed as the inbox does: it is
	// never sent out.
	if _, err := r.Remote.Handle(context.Background(), profiles.RemoteAccount{ID: one, Username: "um",
		Domain: srv.Host(), URL: srv.URL("/@um"), DisplayName: "Um Novo"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := srv.tries.Load(); n != 1 {
		t.Fatalf("%d POSTs, want 1: one Update to the shared inbox", n)
	}
}

// A local member's comment on a remote post goes to its author as Create
// of a Note replying to the post's id there, addressed as Mastodon
// addresses a public reply; its deletion is a Delete of the Note. A
// comment on a post of this server, or the remote author's own comment,
// sends nothing.
func TestACommentOnARemotePostGoesOutAsAReply(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	srv := newRemote(t, r.App)
	one, oneActor := r.remoteAccount(t, srv, "um", false)
	r.follow(t, one, "ana") // ana's own posts' comments would reach um if they were sent
	ctx := context.Background()
	created, err := r.Posts.Create.Handle(ctx, core.Viewer{UserID: one}, posts.NewPost{Text: "de lá"})
	if err != nil {
		t.Fatal(err)
	}
	object := srv.URL("/users/um/statuses/1")
	if _, err := r.DB.NewRaw(`INSERT INTO federation_remote_objects (object_uri, actor_id, kind, local_id, created_at)
		VALUES (?, ?, 'post', ?, now())`, object, uuid.UUID(one), uuid.UUID(created.Post.ID)).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	own := ana.NewPost(t, "daqui", "public")
	srv.Await(1) // the Create of ana's post, to her follower
	ana.Do(http.MethodPost, "/api/v1/posts/"+own+"/comments", map[string]string{"text_content": "fica aqui"}).
		Expect(t, http.StatusCreated)

	var comment struct {
		ID string `json:"id"`
	}
	ana.Do(http.MethodPost, "/api/v1/posts/"+created.Post.ID.String()+"/comments",
		map[string]string{"text_content": "resposta #praia"}).Expect(t, http.StatusCreated).JSON(t, &comment)
	got := srv.Await(2)[1]
	a := got.Activity
	note, _ := a["object"].(map[string]any)
	id := base + "/ap/comments/" + comment.ID
	followers := base + "/ap/users/" + ana.ID + "/followers"
	if got.Path != "/users/um/inbox" || got.KeyID != base+"/ap/users/"+ana.ID+"#main-key" || a["type"] != "Create" ||
		a["id"] != id+"/activity" || note["id"] != id || note["type"] != "Note" || note["inReplyTo"] != object ||
		note["attributedTo"] != base+"/ap/users/"+ana.ID || !slices.Equal(strs(note["to"]), []string{public}) ||
		!slices.Equal(strs(note["cc"]), []string{followers, oneActor}) ||
		!slices.Equal(strs(a["cc"]), []string{followers, oneActor}) {
		t.Fatalf("reply: %s %v", got.Path, a)
	}
	if content, _ := note["content"].(string); !strings.Contains(content, "resposta") {
		t.Fatalf("reply's content: %q", content)
	}

	// The Note is served where its id points, as it was sent.
	var served map[string]any
	get(r.Client(), "/ap/comments/"+comment.ID, activityJSON).Expect(t, http.StatusOK).JSON(t, &served)
	if served["id"] != id || served["inReplyTo"] != object || served["content"] != note["content"] ||
		!slices.Equal(strs(served["cc"]), []string{followers, oneActor}) {
		t.Fatalf("served: %v", served)
	}
	// A comment on a post not public is never served.
	closed := ana.NewPost(t, "só seguidores", "friends_only")
	var closedComment struct {
		ID string `json:"id"`
	}
	ana.Do(http.MethodPost, "/api/v1/posts/"+closed+"/comments", map[string]string{"text_content": "fechado"}).
		Expect(t, http.StatusCreated).JSON(t, &closedComment)
	get(r.Client(), "/ap/comments/"+closedComment.ID, activityJSON).Expect(t, http.StatusNotFound)
	get(r.Client(), "/ap/comments/nada", activityJSON).Expect(t, http.StatusNotFound)

	ana.Do(http.MethodDelete, "/api/v1/comments/"+comment.ID, nil).Expect(t, http.StatusNoContent)
	get(r.Client(), "/ap/comments/"+comment.ID, activityJSON).Expect(t, http.StatusNotFound)
	dels := byType(srv.Await(4), "Delete")
	if len(dels) != 1 {
		t.Fatalf("%d Deletes", len(dels))
	}
	del := dels[0].Activity
	if del["type"] != "Delete" || del["object"].(map[string]any)["id"] != id || del["actor"] != base+"/ap/users/"+ana.ID {
		t.Fatalf("delete: %v", del)
	}
	// The remote author's own comment (the inbox's doing) goes nowhere.
	if _, err := r.Comments.Create.Handle(ctx, core.Viewer{UserID: one}, created.Post.ID, "minha"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(srv.Received()); n != 4 {
		t.Fatalf("%d deliveries, want the two posts, the reply and its deletion", n)
	}
}

// A member's post naming a remote account this server keeps by its
// address carries a Mention of its actor, names it in cc and reaches its
// inbox, though it does not follow the member; an address nobody here
// met stays text, and a member here with the account's name is not
// tagged.
func TestAPostNamingARemoteAccountReachesIt(t *testing.T) {
	r := startOutgoing(t)
	ana := r.Member("ana")
	r.Member("lia") // a member here of the same name is not the one named
	srv := newRemote(t, r.App)
	_, oneActor := r.remoteAccount(t, srv, "lia", false)
	handle := "lia@" + srv.Host()
	post := ana.NewPost(t, "oi @"+handle+" e @ninguem@longe.example, tudo bem?", "public")

	got := srv.Await(1)[0]
	a := got.Activity
	note, _ := a["object"].(map[string]any)
	followers := base + "/ap/users/" + ana.ID + "/followers"
	if got.Path != "/users/lia/inbox" || a["type"] != "Create" || note["id"] != base+"/ap/posts/"+post ||
		!slices.Equal(strs(note["cc"]), []string{followers, oneActor}) || !slices.Equal(strs(a["cc"]), []string{followers, oneActor}) {
		t.Fatalf("create: %s %v", got.Path, a)
	}
	tags, _ := note["tag"].([]any)
	var mentions []string
	for _, tag := range tags {
		if m, _ := tag.(map[string]any); m["type"] == "Mention" {
			mentions = append(mentions, m["href"].(string)+" "+m["name"].(string))
		}
	}
	if !slices.Equal(mentions, []string{oneActor + " @" + handle}) {
		t.Fatalf("mentions: %v", mentions)
	}

	// The post's deletion reaches the account it named, though its text,
	// which named it, is gone by then; ana has no remote follower.
	ana.Do(http.MethodDelete, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNoContent)
	got = srv.Await(2)[1]
	if obj, _ := got.Activity["object"].(map[string]any); got.Path != "/users/lia/inbox" || got.Activity["type"] != "Delete" ||
		obj["id"] != base+"/ap/posts/"+post {
		t.Fatalf("delete: %s %v", got.Path, got.Activity)
	}
	if n := count(t, r.App, `SELECT count(*) FROM federation_post_named_inboxes`); n != 0 {
		t.Fatalf("%d rows of named inboxes left after the deletion", n)
	}
}
