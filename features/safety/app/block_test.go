package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
)

// blockGraph is an in-memory BlockWriter over handles: the blocks, the
// follows a block ends, and the members without a profile row.
type blockGraph struct {
	members
	blocks  map[[2]domain.UserID]bool
	follows map[[2]domain.UserID]bool
	noActor map[domain.UserID]bool
}

func (g *blockGraph) Block(_ context.Context, blocker, blocked domain.UserID, _ time.Time) (bool, []EndedFollow, error) {
	if g.noActor[blocker] {
		return false, nil, ErrNoActorProfile
	}
	key := [2]domain.UserID{blocker, blocked}
	if g.blocks[key] {
		return false, nil, nil
	}
	g.blocks[key] = true
	var ended []EndedFollow
	for _, f := range [][2]domain.UserID{{blocker, blocked}, {blocked, blocker}} {
		if g.follows[f] {
			delete(g.follows, f)
			ended = append(ended, EndedFollow{Follower: f[0], Following: f[1]})
		}
	}
	return true, ended, nil
}

func (g *blockGraph) Unblock(_ context.Context, blocker, blocked domain.UserID) (bool, error) {
	key := [2]domain.UserID{blocker, blocked}
	deleted := g.blocks[key]
	delete(g.blocks, key)
	return deleted, nil
}

// removals records the timeline removals asked for.
type removals []EndedFollow

func (r *removals) EnqueueRemoveAuthor(_ context.Context, follower, followee domain.UserID) error {
	*r = append(*r, EndedFollow{Follower: follower, Following: followee})
	return nil
}

// retractions counts the follow notifications taken back.
type retractions struct{ n int }

func (r *retractions) Insert(context.Context, domain.Notification) (bool, error) { return false, nil }
func (r *retractions) Retract(context.Context, domain.UserID, domain.UserID, domain.NotificationType, *domain.PostID) ([]domain.NotificationID, error) {
	r.n++
	return nil, nil
}

// A block: not of oneself, of an existing member, by a member with a
// profile, once. A new block ends the follows both ways, with their
// timelines and notifications, and both members' sockets hear of it.
func TestBlockRules(t *testing.T) {
	ana, bia, caio := domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	g := &blockGraph{members: members{ids: map[string]domain.UserID{"ana": ana, "bia": bia, "caio": caio}},
		blocks: map[[2]domain.UserID]bool{}, follows: map[[2]domain.UserID]bool{{ana, bia}: true, {bia, ana}: true},
		noActor: map[domain.UserID]bool{caio: true}}
	var timelines removals
	var access accessLog
	notices := &retractions{}
	clock := portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	block := &BlockMember{Tx: portstest.InlineTx{}, Blocks: g, Timelines: &timelines,
		Notices: &notifications.Recorder{Store: notices, Clock: clock}, Announcer: &notifications.Announcer{},
		Access: &access, Clock: clock}
	unblock := &UnblockMember{Tx: portstest.InlineTx{}, Blocks: g, Access: &access}
	asAna := domain.Viewer{UserID: ana}
	ctx := context.Background()

	for _, tc := range []struct {
		viewer domain.Viewer
		handle string
		want   string
	}{
		{asAna, "@ANA", CodeBlockSelf},
		{asAna, "ninguem", CodeNotFound},
		{domain.Viewer{}, "bia", CodeUnauthenticated},
		{domain.Viewer{UserID: caio}, "bia", CodeNoProfile},
	} {
		if _, err := block.Handle(ctx, tc.viewer, tc.handle); portstest.CodeOf(err) != tc.want {
			t.Fatalf("%s blocks %q: %v, want %s", tc.viewer.UserID, tc.handle, err, tc.want)
		}
	}
	if _, err := unblock.Handle(ctx, asAna, "ana"); portstest.CodeOf(err) != CodeBlockSelf {
		t.Fatalf("unblocking oneself: %v", err)
	}
	if len(g.blocks) != 0 || len(access) != 0 {
		t.Fatal("a refused block reached the store or the sockets")
	}

	out, err := block.Handle(ctx, asAna, "bia")
	if err != nil || !out.Blocked || !out.Changed || len(g.follows) != 0 {
		t.Fatalf("first block: %+v %v; follows left %v", out, err, g.follows)
	}
	if len(timelines) != 2 || notices.n != 2 || len(access) != 2 {
		t.Fatalf("both follows end: %d timeline removals, %d retractions, access of %v", len(timelines), notices.n, access)
	}
	if out, err := block.Handle(ctx, asAna, "bia"); err != nil || !out.Blocked || out.Changed || len(access) != 2 {
		t.Fatalf("a repeat changes nothing: %+v %v", out, err)
	}

	if out, err := unblock.Handle(ctx, asAna, "bia"); err != nil || out.Blocked || !out.Changed || len(access) != 4 {
		t.Fatalf("unblock: %+v %v; access %v", out, err, access)
	}
	if out, err := unblock.Handle(ctx, asAna, "bia"); err != nil || out.Changed || len(access) != 4 {
		t.Fatalf("unblocking someone not blocked: %+v %v", out, err)
	}
	if len(g.follows) != 0 {
		t.Fatal("an unblock gave back the follows the block ended")
	}
}
