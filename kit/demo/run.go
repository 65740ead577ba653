package demo

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
)

// The stages of the demo network, in the order they are written: a seeder
// declares its stage, and those of one stage run in plugin order. Each
// stage finds what the earlier ones wrote in the Run.
const (
	StageMembers   = 10  // accounts, roles and the verified badge
	StageProfiles  = 20  // bios, avatars and banners
	StageFollows   = 30  // the follow graph
	StagePosts     = 40  // the week of posts, their likes and shares
	StageComments  = 50  // the comments on them
	StageReports   = 60  // the members' reports
	StageDecisions = 70  // what the moderators decided
	StageFeatures  = 100 // what the plugins add on top
)

// Run is one seeding of the demo network in progress, shared by the
// seeders of every stage.
type Run struct {
	// Now is when the week of posts ends.
	Now time.Time
	// Clock is the use cases' clock while the network is written; At moves it.
	Clock *Clock
	Plan  *Plan
	// Progress, when set, hears each stage's count as it grows.
	Progress func(stage string, done, total int)
	Summary  Summary

	byEmail AccountByEmail
	cast    Cast
	// Posts are the IDs of Plan.Posts written by this run, in plan order,
	// and Named those of the moderation queue by key (posts, comments,
	// reports): a later stage acts on them only when they were written in
	// this run.
	Posts []domain.PostID
	Named map[string]uuid.UUID

	drawOnce sync.Once
	art      *art
}

// NewRun starts a seeding whose week ends at now; byEmail is how the cast
// is read when the members were written before.
func NewRun(byEmail AccountByEmail, now time.Time) *Run {
	return &Run{Now: now, Clock: NewClock(now), Plan: NewPlan(now), byEmail: byEmail, Named: map[string]uuid.UUID{}}
}

// At dates the next act.
func (r *Run) At(t time.Time) { r.Clock.Set(t) }

// Tell reports a stage's progress.
func (r *Run) Tell(stage string, done, total int) {
	if r.Progress != nil {
		r.Progress(stage, done, total)
	}
}

// Cast are the demo members, read once from the database unless the
// members' stage named them in this run; ErrNoNetwork without them.
func (r *Run) Cast(ctx context.Context) (Cast, error) {
	if r.cast.Viewers != nil {
		return r.cast, nil
	}
	c, err := Members(ctx, r.byEmail)
	if err == nil {
		r.cast = c
	}
	return c, err
}

// Need is what a stage of the core's network builds on: something an
// earlier stage wrote in this run. When the network was there before, the
// earlier stage wrote nothing and neither does the stage that needs it;
// Missing says what it did not find.
type Need struct {
	Written func(*Run) bool
	Missing string
}

// NeedMembers is the cast, joined in this run: the core's network is being
// written.
var NeedMembers = Need{Written: func(r *Run) bool { return r.Summary.Members > 0 },
	Missing: "no demo member joined in this run"}

// SetCast names the members the members' stage made.
func (r *Run) SetCast(c Cast) { r.cast = c }

// Summary is what one run wrote of the core's network; Skipped when the
// network was there.
type Summary struct {
	Skipped                                              bool
	Members, Follows, Posts, Images, FriendsOnly         int
	Likes, Comments, Shares, Reports, Mentions, Verified int
}

// String is the summary in one line.
func (s Summary) String() string {
	if s.Skipped {
		return "demo network already there (" + MemberEmail + "); nothing changed"
	}
	return fmt.Sprintf("%d members (%d verified), %d follows, %d posts (%d with a picture, %d for followers only), "+
		"%d likes, %d comments, %d shares, %d reports", s.Members, s.Verified, s.Follows, s.Posts, s.Images,
		s.FriendsOnly, s.Likes, s.Comments, s.Shares, s.Reports)
}

// art are the network's pictures, drawn in the background from the first
// ask: by roster index, and by the seed of a post's photo.
type art struct {
	avatars, banners []*picture
	photos           map[int]*picture
}

func (r *Run) drawing() *art {
	r.drawOnce.Do(func() {
		var draws []func() []byte
		for i, p := range Roster {
			draws = append(draws, func() []byte { return Avatar(i) })
			// Some quiet members keep the default banner, as many people do.
			if p.Reach > 0 || i%2 == 0 {
				draws = append(draws, func() []byte { return Banner(i) })
			} else {
				draws = append(draws, func() []byte { return nil })
			}
		}
		var seeds []int
		for _, pp := range r.Plan.Posts {
			if pp.Photo >= 0 {
				seeds = append(seeds, pp.Photo)
				seed := pp.Photo
				draws = append(draws, func() []byte { return Photo(seed) })
			}
		}
		all := drawAll(draws)
		a := &art{photos: map[int]*picture{}}
		for i := range Roster {
			a.avatars, a.banners = append(a.avatars, all[2*i]), append(a.banners, all[2*i+1])
		}
		for k, seed := range seeds {
			a.photos[seed] = all[2*len(Roster)+k]
		}
		r.art = a
	})
	return r.art
}

// StartDrawing starts drawing every picture the network shows, so that
// they are ready when the members and posts need them.
func (r *Run) StartDrawing() { r.drawing() }

// AvatarOf is the drawn avatar of Roster[i].
func (r *Run) AvatarOf(i int) []byte { return r.drawing().avatars[i].bytes() }

// BannerOf is the drawn banner of Roster[i], nil for a default one.
func (r *Run) BannerOf(i int) []byte { return r.drawing().banners[i].bytes() }

// PhotoOf is the drawn picture of a post's photo seed.
func (r *Run) PhotoOf(seed int) []byte { return r.drawing().photos[seed].bytes() }

// Posting is the core's posting as another feature's seeder writes through
// it (the posts feature provides it): a member's post, in an audience such
// as a community when audience is not zero, and a like.
type Posting struct {
	Post func(ctx context.Context, author domain.Viewer, audience domain.AudienceID, text string) (domain.PostID, error)
	Like func(ctx context.Context, who domain.Viewer, post domain.PostID) error
}
