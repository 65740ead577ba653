package demo

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"social/core/domain"
)

// Plan is the demo network drawn up before anything is written: who
// follows whom, the week of posts and every like, comment and share, each
// dated. One seed draws it, so every run plans the same network, and each
// feature's seeder writes its own part of it.
type Plan struct {
	Follows []Follow
	Posts   []PlannedPost
	// Mentions is how many posts name another member.
	Mentions int
}

// Follow is one member following another.
type Follow struct {
	From, To string
	At       time.Time
}

// PlannedPost is a post to write and who reacts to it.
type PlannedPost struct {
	Author string
	At     time.Time
	Text   string
	// Topic is what the post is about and Kind what sort of post it is:
	// its comments answer both (AnswersTo).
	Topic Topic
	Kind  Kind
	// Photo is the seed of the post's drawn picture; -1 without one.
	Photo      int
	Visibility domain.Visibility
	Likes      []Act
	Comments   []Act
	// Shares all happen at SharedAt, by readers who may repeat.
	Shares   []string
	SharedAt time.Time
}

// Act is a member's reaction at a time; Text is a comment's.
type Act struct {
	Who  string
	At   time.Time
	Text string
}

// followChance is how likely a member is followed by another, by reach.
var followChance = [4]float64{0.1, 0.22, 0.45, 0.8}

// PostsByReach is how many posts a member writes in the week, by reach:
// as many of their Voices, each once.
var PostsByReach = [4]int{3, 5, 8, 12}

// NewPlan draws the network whose week of posts ends at now.
func NewPlan(now time.Time) *Plan {
	p := &Plan{}
	rnd := rand.New(rand.NewPCG(2026, 11))
	p.Posts = p.planPosts(rnd, now)
	follows := p.planFollows(rnd, now)
	for i := range p.Posts {
		p.planReactions(rnd, now, &p.Posts[i], follows)
	}
	return p
}

// planPosts draws up the week of posts, oldest first: each member's own
// lines, in a seeded order, each written once.
func (p *Plan) planPosts(rnd *rand.Rand, now time.Time) []PlannedPost {
	week := 7 * 24 * time.Hour
	var plan []PlannedPost
	for i, m := range Roster {
		lines := append([]Line(nil), Voices[m.Handle]...)
		rnd.Shuffle(len(lines), func(a, b int) { lines[a], lines[b] = lines[b], lines[a] })
		for k, line := range lines[:min(len(lines), PostsByReach[m.Reach])] {
			// The newest post of each member is within the last day, so the
			// feed opens on today.
			age := time.Duration(rnd.Int64N(int64(week)))
			if k == 0 {
				age = time.Duration(rnd.Int64N(int64(20 * time.Hour)))
			}
			pp := PlannedPost{Author: m.Handle, At: now.Add(-age - time.Hour), Text: line.Text, Topic: line.Topic,
				Kind: line.Kind, Photo: -1, Visibility: domain.VisibilityPublic}
			// Photo draws a city for a seed of 3n+2 and a landscape otherwise.
			switch line.Photo {
			case Landscape:
				pp.Photo = i*100 + k*3
			case City:
				pp.Photo = i*100 + k*3 + 2
			}
			if line.FriendsOnly {
				pp.Visibility = domain.VisibilityFriendsOnly
			}
			if strings.Contains(pp.Text, "%s") {
				pp.Text = fmt.Sprintf(pp.Text, mentionFor(rnd, m.Handle))
				p.Mentions++
			}
			plan = append(plan, pp)
		}
	}
	sort.Slice(plan, func(i, j int) bool { return plan[i].At.Before(plan[j].At) })
	return plan
}

// LineOf is the line of Voices a demo post's text was written from (its
// mention filled in), and whether there is one.
func LineOf(text string) (Line, bool) {
	for _, lines := range Voices {
		for _, l := range lines {
			before, after, mention := strings.Cut(l.Text, "%s")
			if text == l.Text || mention && len(text) > len(l.Text) &&
				strings.HasPrefix(text, before) && strings.HasSuffix(text, after) {
				return l, true
			}
		}
	}
	return Line{}, false
}

// mentionFor picks who a post names: often the demo member, so that their
// notifications hold mentions.
func mentionFor(rnd *rand.Rand, author string) string {
	if author != MemberHandle && rnd.IntN(2) == 0 {
		return MemberHandle
	}
	for {
		if h := Roster[rnd.IntN(len(Roster))].Handle; h != author {
			return h
		}
	}
}

// planFollows draws the follow graph, a minute apart nine days ago, and
// answers it as follows[a][b]: a follows b.
func (p *Plan) planFollows(rnd *rand.Rand, now time.Time) map[string]map[string]bool {
	start := now.Add(-9 * 24 * time.Hour)
	follows := map[string]map[string]bool{}
	for _, a := range Roster {
		for _, b := range Roster {
			if a.Handle == b.Handle {
				continue
			}
			chance := followChance[b.Reach] * (0.6 + 0.25*float64(a.Reach))
			switch {
			case a.Handle == MemberHandle && IsFriend(b.Handle), b.Handle == MemberHandle && IsFriend(a.Handle):
				chance = 1
			case a.Handle == MemberHandle:
				chance = 0.55 // a full 'Seguindo' feed
			case b.Handle == MemberHandle:
				chance = 0.6 // and followers to be notified of
			}
			if rnd.Float64() < chance {
				p.Follows = append(p.Follows, Follow{From: a.Handle, To: b.Handle,
					At: start.Add(time.Duration(len(p.Follows)) * time.Minute)})
				if follows[a.Handle] == nil {
					follows[a.Handle] = map[string]bool{}
				}
				follows[a.Handle][b.Handle] = true
			}
		}
	}
	return follows
}

// planReactions draws the likes, comments and shares of a post, each dated
// after it: more for a popular author, and always some on the demo
// member's posts. Only followers react to a followers-only post.
func (p *Plan) planReactions(rnd *rand.Rand, now time.Time, pp *PlannedPost, follows map[string]map[string]bool) {
	reach := 0
	var readers []string
	for _, m := range Roster {
		if m.Handle == pp.Author {
			reach = m.Reach
			continue
		}
		if pp.Visibility == domain.VisibilityFriendsOnly && !follows[m.Handle][pp.Author] {
			continue
		}
		readers = append(readers, m.Handle)
	}
	likes := rnd.IntN(2 + 4*reach)
	comments := 0
	if rnd.IntN(100) < 40+10*reach {
		comments = 1 + rnd.IntN(4)
	}
	if pp.Author == MemberHandle {
		likes, comments = max(likes, 4), max(comments, 2)
	}
	window := now.Sub(pp.At)
	later := func(k int) time.Time {
		return pp.At.Add(window * time.Duration(k+1) / time.Duration(likes+comments+2))
	}
	last := pp.At
	rnd.Shuffle(len(readers), func(i, j int) { readers[i], readers[j] = readers[j], readers[i] })
	for k := 0; k < likes && k < len(readers); k++ {
		last = later(k)
		pp.Likes = append(pp.Likes, Act{Who: readers[k], At: last})
	}
	// The comments answer the post: what its topic has for its kind,
	// none of them twice.
	answers := AnswersTo(pp.Topic, pp.Kind)
	rnd.Shuffle(len(answers), func(i, j int) { answers[i], answers[j] = answers[j], answers[i] })
	for k := 0; k < comments && k < len(answers) && len(readers) > 0; k++ {
		last = later(likes + k)
		pp.Comments = append(pp.Comments, Act{Who: readers[(k*3+1)%len(readers)], At: last, Text: answers[k]})
	}
	pp.SharedAt = last
	if pp.Visibility == domain.VisibilityPublic && rnd.IntN(100) < 15+5*reach && len(readers) > 0 {
		for k := 0; k <= rnd.IntN(3); k++ {
			pp.Shares = append(pp.Shares, readers[0])
		}
	}
}

// Reported is the moderation queue's work, written by several features in
// turn: a spam post reported by two members, a rude comment the demo
// member reported on one of their posts, and an older report a moderator
// dismissed.
var Reported = struct {
	// Posts: the key names each for the reports' and comments' parts.
	Posts        []ReportedPost
	Reports      []Report
	RudeComment  Act
	RudeOn       string
	Dismissed    string
	DismissedBy  string
	DismissedAgo time.Duration
	DismissNote  string
}{
	Posts: []ReportedPost{
		{Key: "spam", Author: "zeh", Ago: 5 * time.Hour, Text: SpamPostText},
		{Key: "portfolio", Author: MemberHandle, Ago: 3 * time.Hour,
			Text: "Compartilhei meu portfólio novo ontem e estou muito feliz com o retorno de vocês! 💛 #design"},
		{Key: "referee", Author: "andre_futebol", Ago: 3 * 24 * time.Hour,
			Text: "Juiz de ontem precisa de óculos novos. Só isso que tenho a dizer. ⚽ #futebol"},
	},
	Reports: []Report{
		{Key: "spam-1", Post: "spam", By: "joao_pedro", Ago: 4 * time.Hour, Reason: SpamReason},
		{Key: "spam-2", Post: "spam", By: "mariaclara", Ago: 4*time.Hour - 17*time.Minute, Reason: SpamReason},
		{Key: "rude", Comment: "rude", By: MemberHandle, Ago: 90 * time.Minute, Reason: RudeReason},
		{Key: "referee", Post: "referee", By: "gabi", Ago: 3 * 24 * time.Hour, Reason: "Ofensivo com o árbitro."},
	},
	RudeComment:  Act{Who: "edu", Text: RudeCommentText},
	RudeOn:       "portfolio",
	Dismissed:    "referee",
	DismissedBy:  ModeratorHandle,
	DismissedAgo: 70 * time.Hour,
	DismissNote:  "Crítica ao jogo, sem ataque pessoal: segue no ar.",
}

// ReportedPost is a post of the moderation queue, Ago before the end of
// the week.
type ReportedPost struct {
	Key, Author, Text string
	Ago               time.Duration
}

// Report is one member's report of the post or the comment named by key.
type Report struct {
	Key, Post, Comment, By, Reason string
	Ago                            time.Duration
}

// RudeCommentAgo is when the rude comment was written, before the end of
// the week.
const RudeCommentAgo = 2 * time.Hour
