package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
	safety "social/features/safety/app"
	"social/kit/plugin/plugintest"
)

// Sending: into one's own conversation, 1 to 1000 characters, within the
// rate (refused forms do not count), to a peer still open to the sender;
// both hear of it with their counts.
func TestSendMessageRules(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana, bia, caio := r.store.member("ana"), r.store.member("bia"), r.store.member("caio")
	c := r.started(ana, "bia")
	send := &SendMessage{r.deps}

	plugintest.CheckRefusals(t, []plugintest.Refusal{
		{Name: "signed out", Viewer: domain.Viewer{}, Text: "oi", Code: CodeUnauthenticated},
		{Name: "not in it", Viewer: caio, Text: "oi", Code: CodeNotFound},
		{Name: "blank", Viewer: ana, Text: " \n\t ", Code: CodeEmpty},
		{Name: "1001 characters", Viewer: ana, Text: strings.Repeat("é", MaxText+1), Code: CodeTooLong},
	}, func(viewer domain.Viewer, text string) error {
		_, err := send.Handle(ctx, viewer, c.ID, text)
		return err
	})
	if r.store.takes != 0 {
		t.Fatalf("refused forms used %d attempts", r.store.takes)
	}
	r.store.wait = 40 * time.Second
	_, err := send.Handle(ctx, ana, c.ID, "oi")
	if e, _ := errs.As(err); e == nil || e.Code != CodeRateLimited || e.RetryAfter != 40*time.Second {
		t.Fatalf("over the rate: %v", err)
	}
	r.store.wait = 0

	m, err := send.Handle(ctx, ana, c.ID, "  "+strings.Repeat("é", MaxText)+" ")
	if err != nil || m.Text != strings.Repeat("é", MaxText) || m.SenderID != ana.UserID {
		t.Fatalf("sent %+v %v", m, err)
	}
	mine, theirs := r.heard[Topic(ana.UserID)], r.heard[Topic(bia.UserID)]
	if len(mine) != 1 || len(theirs) != 1 {
		t.Fatalf("heard %+v / %+v", mine, theirs)
	}
	if ev := theirs[0].Data.(CreatedEvent); ev.ConversationUnread != 1 || ev.UnreadCount != 1 || ev.Message.ID != m.ID.String() {
		t.Fatalf("the recipient heard %+v", ev)
	}
	if ev := mine[0].Data.(CreatedEvent); ev.ConversationUnread != 0 || ev.UnreadCount != 0 {
		t.Fatalf("the sender heard %+v", ev)
	}

	// A message never goes before the conversation's newest one.
	r.deps.Clock = clockAt(m.CreatedAt.Add(-time.Hour))
	if back, err := send.Handle(ctx, bia, c.ID, "resposta"); err != nil || !back.CreatedAt.Equal(m.CreatedAt) {
		t.Fatalf("a clock behind: %+v %v", back, err)
	}

	// Each send checks the peer again.
	for _, tc := range []struct {
		name  string
		close func()
		code  string
	}{
		{"bia takes messages from her follows only", func() { r.store.settings[bia.UserID] = Settings{OnlyFollowing: true} }, CodeRestricted},
		{"bia suspended", func() { r.store.suspended[bia.UserID] = true }, CodeSuspended},
		{"bia deleted", func() { r.store.deleted[bia.UserID] = true }, CodeDeleted},
	} {
		tc.close()
		if _, err := send.Handle(ctx, ana, c.ID, "ainda aí?"); portstest.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
		r.store.settings[bia.UserID], r.store.suspended[bia.UserID], r.store.deleted[bia.UserID] = Settings{}, false, false
	}
	r.store.Block(ana.UserID, bia.UserID)
	if _, err := send.Handle(ctx, ana, c.ID, "oi"); portstest.CodeOf(err) != safety.CodeBlocked {
		t.Fatalf("to a member one blocks: %v", err)
	}
	if _, err := send.Handle(ctx, bia, c.ID, "oi"); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("the blocked member lost the conversation: %v", err)
	}
}
