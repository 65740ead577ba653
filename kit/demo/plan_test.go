package demo

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Each member speaks in their own voice: enough lines for their week, none
// shared with another member, each with a hashtag and a topic that has
// answers.
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
			if len(Comments[l.Topic]) < 4 {
				t.Errorf("topic %q of %q has %d comments", l.Topic, l.Text, len(Comments[l.Topic]))
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

// The plan writes each text under one author, and each comment answers
// its post's topic, never twice on one post.
func TestPlanKeepsTextsToTheirAuthorAndCommentsOnTopic(t *testing.T) {
	p := NewPlan(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	author := map[string]string{}
	comments := 0
	for _, pp := range p.Posts {
		if a, ok := author[pp.Text]; ok && a != pp.Author {
			t.Errorf("%q by %s and %s", pp.Text, a, pp.Author)
		}
		author[pp.Text] = pp.Author
		if topic, ok := TopicOf(pp.Text); !ok || topic != pp.Topic {
			t.Errorf("TopicOf(%q) = %q, %v; planned %q", pp.Text, topic, ok, pp.Topic)
		}
		seen := map[string]bool{}
		for _, c := range pp.Comments {
			if !slices.Contains(Comments[pp.Topic], c.Text) || seen[c.Text] {
				t.Errorf("comment %q on %q (%s)", c.Text, pp.Text, pp.Topic)
			}
			seen[c.Text] = true
			comments++
		}
		if strings.Contains(pp.Text, "%s") {
			t.Errorf("mention left unfilled in %q", pp.Text)
		}
	}
	if len(author) != len(p.Posts) || comments < 100 {
		t.Errorf("%d distinct texts for %d posts, %d comments", len(author), len(p.Posts), comments)
	}
}
