package plugin

import (
	"context"
	"strings"
	"testing"

	"social/core/domain"
)

// A member follows their own topic of the family only, signed in.
func TestMemberTopic(t *testing.T) {
	topic := MemberTopic("stories", "stories:")
	ana := domain.Viewer{UserID: domain.NewUserID()}
	ctx := domain.WithViewer(context.Background(), ana)
	if err := topic.Authorize(ctx, "stories:"+ana.UserID.String()); err != nil {
		t.Fatalf("own topic: %v", err)
	}
	for _, other := range []string{"stories:" + domain.NewUserID().String(), "stories:nao-e-id", "feed:public",
		"messages:" + ana.UserID.String(), "stories:" + strings.ToUpper(ana.UserID.String())} {
		if topic.Authorize(ctx, other) == nil {
			t.Errorf("%q allowed", other)
		}
	}
	if topic.Authorize(context.Background(), "stories:"+ana.UserID.String()) == nil {
		t.Error("allowed with nobody signed in")
	}
}
