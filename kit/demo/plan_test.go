package demo

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Each member speaks in their own voice: enough lines for their week, none
// shared with another member, each with a hashtag, a topic and a kind that
// have answers.
func TestVoicesAreEachMembersOwn(t *testing.T) {
	owner := map[string]string{}
	for _, m := range Roster {
		lines := Voices[m.Handle]
		if len(lines) < PostsByReach[m.Reach] {
			t.Errorf("%s has %d lines, writes %d posts", m.Handle, len(lines), PostsByReach[m.Reach])
		}
		for _, l := range lines {
			if o, ok := owner[l.Text]; ok {
				t.Errorf("%q is both %s's and %s's", l.Text, o, m.Handle)
			}
			owner[l.Text] = m.Handle
			if n := len(AnswersTo(l.Topic, l.Kind)); l.Topic == "" || l.Kind == "" || n < 3 {
				t.Errorf("%q (%q, %q) has %d answers", l.Text, l.Topic, l.Kind, n)
			}
			if (l.Photo != NoPhoto) != (l.Kind == KindPhoto) {
				t.Errorf("%q: a %q post with picture %d", l.Text, l.Kind, l.Photo)
			}
			if !regexp.MustCompile(`#\pL`).MatchString(l.Text) && !l.FriendsOnly {
				t.Errorf("%q has no hashtag", l.Text)
			}
		}
	}
	if len(Voices) != len(Roster) {
		t.Errorf("%d voices for %d members", len(Voices), len(Roster))
	}
}

// The plan writes each text under one author, with the topic and kind of
// the line it comes from.
func TestPlanKeepsTextsToTheirAuthor(t *testing.T) {
	p := NewPlan(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	author := map[string]string{}
	for _, pp := range p.Posts {
		if a, ok := author[pp.Text]; ok && a != pp.Author {
			t.Errorf("%q by %s and %s", pp.Text, a, pp.Author)
		}
		author[pp.Text] = pp.Author
		if l, ok := LineOf(pp.Text); !ok || l.Topic != pp.Topic || l.Kind != pp.Kind {
			t.Errorf("LineOf(%q) = %+v, %v; planned %q, %q", pp.Text, l, ok, pp.Topic, pp.Kind)
		}
		if strings.Contains(pp.Text, "%s") {
			t.Errorf("mention left unfilled in %q", pp.Text)
		}
	}
	if len(author) != len(p.Posts) {
		t.Errorf("%d distinct texts for %d posts", len(author), len(p.Posts))
	}
}

// Every seeded comment answers the post it is under: it comes from what
// the post's topic has for its kind (a recipe's from the recipe's, a lost
// match's from the consolations), never from another topic's or kind's,
// and from the neutral warm reactions only under a post without a topic;
// never twice on one post. The demo member's posts all get some.
func TestEveryCommentAnswersItsPost(t *testing.T) {
	// pools names every pool a comment's text is in, for the failures.
	pools := func(text string) []string {
		var in []string
		for topic, answers := range Comments {
			for kind, pool := range answers {
				if slices.Contains(pool, text) {
					in = append(in, string(topic)+"/"+string(kind))
				}
			}
		}
		if slices.Contains(Neutral, text) {
			in = append(in, "neutro")
		}
		return in
	}
	for _, text := range Neutral {
		if in := pools(text); len(in) != 1 {
			t.Errorf("neutral %q is also in %v", text, in)
		}
	}
	if !slices.Equal(AnswersTo("", KindGood), Neutral) || slices.Equal(AnswersTo(TopicBread, KindTip), Neutral) {
		t.Errorf("a post without a topic is answered with %v", AnswersTo("", KindGood))
	}
	p := NewPlan(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	comments := 0
	for _, pp := range p.Posts {
		fits := AnswersTo(pp.Topic, pp.Kind)
		seen := map[string]bool{}
		for _, c := range pp.Comments {
			if !slices.Contains(fits, c.Text) || seen[c.Text] {
				t.Errorf("comment %q (from %v) under %q (%s/%s)", c.Text, pools(c.Text), pp.Text, pp.Topic, pp.Kind)
			}
			seen[c.Text] = true
			comments++
		}
		if pp.Author == MemberHandle && len(pp.Comments) < 2 {
			t.Errorf("the demo member's %q has %d comments", pp.Text, len(pp.Comments))
		}
	}
	if comments < 100 {
		t.Errorf("%d comments in the plan", comments)
	}
}
