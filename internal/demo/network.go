package demo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"social/core/domain"
	moderation "social/features/moderation/app"
	posts "social/features/posts/app"
	profiles "social/features/profiles/app"
)

// Network writes the demo network.
type Network struct {
	Deps
	// Now is when the week of posts ends.
	Now time.Time
	// Progress, when set, hears each stage's count as it grows.
	Progress func(stage string, done, total int)
}

// Summary is what one run wrote; Skipped when the network was there.
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

// Seed writes the network in one transaction, unless the demo member
// exists: then it changes nothing.
func (n *Network) Seed(ctx context.Context) (Summary, error) {
	clock := &Clock{}
	c, err := newCases(n.Deps, clock)
	if err != nil {
		return Summary{}, err
	}
	if _, err := c.accounts.ByEmail(ctx, MemberEmail); err == nil {
		return Summary{Skipped: true}, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return Summary{}, err
	}
	var out Summary
	err = c.tx.InTx(ctx, func(ctx context.Context) error {
		r := &run{ctx: ctx, c: c, now: n.Now, rnd: rand.New(rand.NewPCG(2026, 11)), progress: n.Progress,
			members: map[string]domain.Viewer{}, follows: map[string]map[string]bool{}}
		r.plan = r.planPosts()
		r.startDrawing()
		for _, step := range []func() error{r.addMembers, r.addFollows, r.addPosts, r.addReports} {
			if err := step(); err != nil {
				return err
			}
		}
		out = r.sum
		return nil
	})
	if err != nil {
		return Summary{}, fmt.Errorf("demo network: %w", err)
	}
	return out, nil
}

// run is one seeding in progress.
type run struct {
	ctx      context.Context
	c        *cases
	now      time.Time
	rnd      *rand.Rand
	progress func(stage string, done, total int)
	members  map[string]domain.Viewer
	// follows[a][b]: a follows b.
	follows map[string]map[string]bool
	plan    []plannedPost
	// The pictures, drawn in the background: by roster index, and by the
	// seed of a post's photo.
	avatars, banners []*picture
	photos           map[int]*picture
	sum              Summary
}

// startDrawing starts drawing every picture the network shows.
func (r *run) startDrawing() {
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
	for _, pp := range r.plan {
		if pp.photo >= 0 {
			seed := pp.photo
			seeds = append(seeds, seed)
			draws = append(draws, func() []byte { return Photo(seed) })
		}
	}
	all := drawAll(draws)
	r.photos = map[int]*picture{}
	for i := range Roster {
		r.avatars, r.banners = append(r.avatars, all[2*i]), append(r.banners, all[2*i+1])
	}
	for k, seed := range seeds {
		r.photos[seed] = all[2*len(Roster)+k]
	}
}

func (r *run) tell(stage string, done, total int) {
	if r.progress != nil {
		r.progress(stage, done, total)
	}
}

// at dates the next act.
func (r *run) at(t time.Time) { r.c.clock.Set(t) }

func (r *run) addMembers() error {
	joined := r.now.Add(-30 * 24 * time.Hour)
	for i, p := range Roster {
		r.at(joined.Add(time.Duration(i) * 7 * time.Hour))
		acc, err := r.c.create.Handle(r.ctx, domain.Operator(), moderation.CreateAccountInput{Email: p.Email(),
			Password: MemberPassword, Handle: p.Handle, DisplayName: p.Name, Role: domain.RoleMember})
		if err != nil {
			return fmt.Errorf("member %s: %w", p.Handle, err)
		}
		v := domain.Viewer{UserID: acc.ID, Role: domain.RoleMember}
		ch := profiles.Changes{Bio: optional(p.Bio), Location: optional(p.Location), WebsiteURL: optional(p.Website)}
		if _, err := r.c.update.Handle(r.ctx, v, ch, ""); err != nil {
			return fmt.Errorf("profile of %s: %w", p.Handle, err)
		}
		pictures := map[domain.ProfileImage][]byte{domain.ProfileAvatar: r.avatars[i].bytes(),
			domain.ProfileBanner: r.banners[i].bytes()}
		for _, kind := range []domain.ProfileImage{domain.ProfileAvatar, domain.ProfileBanner} {
			data := pictures[kind]
			if data == nil {
				continue
			}
			up := profiles.Upload{FileName: string(kind) + ".jpg", Data: data}
			if _, err := r.c.setImage.Handle(r.ctx, v, kind, up, ""); err != nil {
				return fmt.Errorf("%s of %s: %w", kind, p.Handle, err)
			}
		}
		if p.Verified {
			if _, err := r.c.setVerified.Handle(r.ctx, domain.Operator(), acc.ID, true); err != nil {
				return err
			}
			r.sum.Verified++
		}
		if p.Handle == ModeratorHandle {
			if _, err := r.c.setRole.Handle(r.ctx, domain.Operator(), acc.ID, domain.RoleModerator); err != nil {
				return err
			}
			v.Role = domain.RoleModerator
		}
		r.members[p.Handle] = v
		r.sum.Members++
		r.tell("membros", i+1, len(Roster))
	}
	return nil
}

// followChance is how likely a member is followed by another, by reach.
var followChance = [4]float64{0.1, 0.22, 0.45, 0.8}

func (r *run) addFollows() error {
	type pair struct{ from, to string }
	var pairs []pair
	for _, a := range Roster {
		for _, b := range Roster {
			if a.Handle == b.Handle {
				continue
			}
			chance := followChance[b.Reach] * (0.6 + 0.25*float64(a.Reach))
			switch {
			case a.Handle == MemberHandle && isFriend(b.Handle), b.Handle == MemberHandle && isFriend(a.Handle):
				chance = 1
			case a.Handle == MemberHandle:
				chance = 0.55 // a full 'Seguindo' feed
			case b.Handle == MemberHandle:
				chance = 0.6 // and followers to be notified of
			}
			if r.rnd.Float64() < chance {
				pairs = append(pairs, pair{a.Handle, b.Handle})
			}
		}
	}
	start := r.now.Add(-9 * 24 * time.Hour)
	for i, p := range pairs {
		r.at(start.Add(time.Duration(i) * time.Minute))
		if _, err := r.c.follow.Handle(r.ctx, r.members[p.from], p.to); err != nil {
			return fmt.Errorf("%s follows %s: %w", p.from, p.to, err)
		}
		if r.follows[p.from] == nil {
			r.follows[p.from] = map[string]bool{}
		}
		r.follows[p.from][p.to] = true
		r.sum.Follows++
		r.tell("seguidores", i+1, len(pairs))
	}
	return nil
}

// postsByReach is how many posts a member writes in the week, by reach.
var postsByReach = [4]int{3, 6, 10, 14}

// plannedPost is a post to write, with who reacts to it.
type plannedPost struct {
	author string
	at     time.Time
	text   string
	photo  int // seed of the drawn picture; -1 without one
	vis    domain.Visibility
}

// planPosts draws up the week of posts, oldest first.
func (r *run) planPosts() []plannedPost {
	week := 7 * 24 * time.Hour
	var plan []plannedPost
	for i, p := range Roster {
		for k := 0; k < postsByReach[p.Reach]; k++ {
			// The newest post of each member is within the last day, so the
			// feed opens on today.
			age := time.Duration(r.rnd.Int64N(int64(week)))
			if k == 0 {
				age = time.Duration(r.rnd.Int64N(int64(20 * time.Hour)))
			}
			pp := plannedPost{author: p.Handle, at: r.now.Add(-age - time.Hour), photo: -1, vis: domain.VisibilityPublic}
			switch roll := r.rnd.IntN(100); {
			case roll < 22:
				pp.photo = i*31 + k
				pp.text = imageCaptions[r.rnd.IntN(len(imageCaptions))]
			case roll < 28:
				pp.text = friendsOnlyTexts[r.rnd.IntN(len(friendsOnlyTexts))]
				pp.vis = domain.VisibilityFriendsOnly
			default:
				pp.text = postTexts[r.rnd.IntN(len(postTexts))]
			}
			if strings.Contains(pp.text, "%s") {
				pp.text = fmt.Sprintf(pp.text, r.mentionFor(p.Handle))
				r.sum.Mentions++
			}
			plan = append(plan, pp)
		}
	}
	sort.Slice(plan, func(i, j int) bool { return plan[i].at.Before(plan[j].at) })
	return plan
}

func (r *run) addPosts() error {
	for i, pp := range r.plan {
		id, err := r.writePost(pp)
		if err != nil {
			return err
		}
		if err := r.react(pp, id); err != nil {
			return err
		}
		r.tell("posts", i+1, len(r.plan))
	}
	return nil
}

// mentionFor picks who a post names: often the demo member, so that their
// notifications hold mentions.
func (r *run) mentionFor(author string) string {
	if author != MemberHandle && r.rnd.IntN(2) == 0 {
		return MemberHandle
	}
	for {
		if h := Roster[r.rnd.IntN(len(Roster))].Handle; h != author {
			return h
		}
	}
}

func (r *run) writePost(pp plannedPost) (domain.PostID, error) {
	r.at(pp.at)
	v := r.members[pp.author]
	var created posts.Created
	var err error
	if pp.photo >= 0 {
		data := r.photos[pp.photo].bytes()
		created, err = r.c.postMedia.Handle(r.ctx, v, posts.NewMediaPost{Text: pp.text, Type: domain.PostImage,
			Visibility: pp.vis, File: &posts.MediaFile{Body: bytes.NewReader(data), Size: int64(len(data))}})
		r.sum.Images++
	} else {
		created, err = r.c.post.Handle(r.ctx, v, posts.NewPost{Text: pp.text, Visibility: pp.vis})
	}
	if err != nil {
		return domain.PostID{}, fmt.Errorf("post of %s: %w", pp.author, err)
	}
	r.sum.Posts++
	if pp.vis == domain.VisibilityFriendsOnly {
		r.sum.FriendsOnly++
	}
	return created.Post.ID, nil
}

// react adds the likes, comments and shares of a post, each dated after
// it: more for a popular author, and always some on the demo member's
// posts. Only followers react to a followers-only post.
func (r *run) react(pp plannedPost, id domain.PostID) error {
	reach := 0
	for _, p := range Roster {
		if p.Handle == pp.author {
			reach = p.Reach
		}
	}
	readers := r.readers(pp)
	mine := pp.author == MemberHandle
	likes := r.rnd.IntN(2 + 4*reach)
	comments := 0
	if r.rnd.IntN(100) < 40+10*reach {
		comments = 1 + r.rnd.IntN(4)
	}
	if mine {
		likes, comments = max(likes, 4), max(comments, 2)
	}
	window := r.now.Sub(pp.at)
	later := func(k int) time.Time {
		return pp.at.Add(window * time.Duration(k+1) / time.Duration(likes+comments+2))
	}
	r.rnd.Shuffle(len(readers), func(i, j int) { readers[i], readers[j] = readers[j], readers[i] })
	for k := 0; k < likes && k < len(readers); k++ {
		r.at(later(k))
		if _, err := r.c.like.Handle(r.ctx, r.members[readers[k]], id); err != nil {
			return fmt.Errorf("like by %s: %w", readers[k], err)
		}
		r.sum.Likes++
	}
	for k := 0; k < comments && len(readers) > 0; k++ {
		who := readers[(k*3+1)%len(readers)]
		r.at(later(likes + k))
		text := commentTexts[r.rnd.IntN(len(commentTexts))]
		if _, err := r.c.comment.Handle(r.ctx, r.members[who], id, text); err != nil {
			return fmt.Errorf("comment by %s: %w", who, err)
		}
		r.sum.Comments++
	}
	if pp.vis == domain.VisibilityPublic && r.rnd.IntN(100) < 15+5*reach && len(readers) > 0 {
		for k := 0; k <= r.rnd.IntN(3); k++ {
			if _, err := r.c.share.Handle(r.ctx, r.members[readers[0]], id); err != nil {
				return err
			}
			r.sum.Shares++
		}
	}
	return nil
}

// readers are the members but the author who may read the post.
func (r *run) readers(pp plannedPost) []string {
	var out []string
	for _, p := range Roster {
		if p.Handle == pp.author {
			continue
		}
		if pp.vis == domain.VisibilityFriendsOnly && !r.follows[p.Handle][pp.author] {
			continue
		}
		out = append(out, p.Handle)
	}
	return out
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
