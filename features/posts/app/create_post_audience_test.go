package app

import (
	"context"
	"errors"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/core/ports/portstest"
)

// gateFake is an audience keeper answering refusal for everyone, and
// noting what it is told.
type gateFake struct {
	refusal error
	asked   []domain.AudienceID
	posted  []domain.Post
}

func (g *gateFake) Refusal(_ context.Context, a domain.AudienceID, _ domain.UserID) error {
	g.asked = append(g.asked, a)
	return g.refusal
}
func (g *gateFake) Posted(_ context.Context, p domain.Post) { g.posted = append(g.posted, p) }
func (g *gateFake) Refusals() map[int][]string              { return map[int][]string{403: {"club_members_only"}} }

// audiencesFake lets write whoever writes is true for.
type audiencesFake struct{ writes bool }

func (a audiencesFake) Reads(context.Context, domain.AudienceID, domain.UserID) (bool, error) {
	return a.writes, nil
}
func (a audiencesFake) Writes(context.Context, domain.AudienceID, domain.UserID) (bool, error) {
	return a.writes, nil
}
func (a audiencesFake) Moderates(context.Context, domain.AudienceID, domain.UserID) (bool, error) {
	return false, nil
}

// postsFake keeps the posts it is given.
type postsFake struct{ created []domain.Post }

func (p *postsFake) Create(_ context.Context, post domain.Post) error {
	p.created = append(p.created, post)
	return nil
}
func (p *postsFake) Tag(context.Context, domain.PostID, []string) error { return nil }

type searchFake struct{}

func (searchFake) EnqueueIndex(context.Context, ports.SearchKind, string) error { return nil }

type timelinesFake struct{ placed int }

func (t *timelinesFake) Handle(context.Context, domain.PostID) error { t.placed++; return nil }

// A post naming an audience is refused with the keeper's own answer before
// anything is checked or stored, is refused as not found without any
// keeper, and once admitted is stored members_only for that audience,
// kept out of timelines, and told to the keeper.
func TestCreatePostAudienceBranch(t *testing.T) {
	ctx := context.Background()
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	audience := domain.AudienceID(domain.NewPostID())
	refused := errs.Forbidden("club_members_only", "Entre no clube.")

	gate := &gateFake{refusal: refused}
	uc := &CreatePost{Tx: noStore{}, Clock: portstest.Clock{}, Gate: gate, Audiences: audiencesFake{writes: true}}
	// The keeper answers first: even an empty text gets its refusal.
	if _, err := uc.Handle(ctx, viewer, NewPost{Text: " ", Audience: audience}); !errors.Is(err, refused) {
		t.Fatalf("refused by the keeper: %v", err)
	}
	if len(gate.asked) != 1 || gate.asked[0] != audience {
		t.Fatalf("keeper asked about %v", gate.asked)
	}

	none := &CreatePost{Tx: noStore{}, Clock: portstest.Clock{}}
	if _, err := none.Handle(ctx, viewer, NewPost{Text: "oi", Audience: audience}); !isKind(err, errs.KindNotFound) {
		t.Fatalf("no keeper of audiences: %v", err)
	} else if code, _ := problem(err); code != CodeAudienceNotFound {
		t.Fatalf("no keeper: code %s", code)
	}

	store, timelines := &postsFake{}, &timelinesFake{}
	gate = &gateFake{}
	uc = &CreatePost{Tx: portstest.InlineTx{}, Clock: portstest.Clock{}, Gate: gate, Audiences: audiencesFake{writes: true},
		Posts: store, Search: searchFake{}, Timelines: timelines}
	out, err := uc.Handle(ctx, viewer, NewPost{Text: "Encontro sábado", Audience: audience})
	if err != nil {
		t.Fatal(err)
	}
	if len(store.created) != 1 || store.created[0].Audience != audience || store.created[0].Visibility != domain.VisibilityMembersOnly {
		t.Fatalf("stored %+v", store.created)
	}
	if timelines.placed != 0 {
		t.Fatalf("an audience's post went into %d timelines", timelines.placed)
	}
	if len(gate.posted) != 1 || gate.posted[0].ID != out.Post.ID {
		t.Fatalf("keeper told of %+v", gate.posted)
	}

	// The right checked in the post's transaction still decides: a member
	// removed after the keeper's answer gets the core's refusal, and the
	// keeper hears of no post.
	store, gate = &postsFake{}, &gateFake{}
	uc.Posts, uc.Gate, uc.Audiences = store, gate, audiencesFake{writes: false}
	if _, err := uc.Handle(ctx, viewer, NewPost{Text: "oi", Audience: audience}); !isKind(err, errs.KindForbidden) {
		t.Fatalf("removed in between: %v", err)
	}
	if len(store.created) != 0 || len(gate.posted) != 0 {
		t.Fatalf("a refused post was stored (%d) or told (%d)", len(store.created), len(gate.posted))
	}

	// A media post is refused before its file is read.
	gate = &gateFake{refusal: refused}
	media := &CreateMediaPost{Create: &CreatePost{Tx: noStore{}, Gate: gate, Audiences: audiencesFake{writes: true}}}
	if _, err := media.Handle(ctx, viewer, NewMediaPost{Audience: audience}); !errors.Is(err, refused) {
		t.Fatalf("media post refused by the keeper: %v", err)
	}
}
