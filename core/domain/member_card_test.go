package domain

import (
	"testing"

	"github.com/google/uuid"
)

// A card read without a profile, or with a blank name, shows "Usuário"
// and no handle; a whole profile shows as it is.
func TestNewMemberCard(t *testing.T) {
	id := UserID(uuid.MustParse("00000000-0000-0000-0000-000000000007"))
	handle, name, blank, avatar := "ana", "Ana", "  ", "avatars/ana.png"
	for _, c := range []struct {
		label        string
		handle, name *string
		want         MemberCard
	}{
		{"whole", &handle, &name, MemberCard{ID: id, Handle: "ana", DisplayName: "Ana", AvatarPath: &avatar, IsVerified: true}},
		{"no profile", nil, nil, MemberCard{ID: id, DisplayName: "Usuário"}},
		{"blank name", &handle, &blank, MemberCard{ID: id, DisplayName: "Usuário"}},
	} {
		got := NewMemberCard(id, c.handle, c.name, &avatar, true)
		if got.ID != c.want.ID || got.Handle != c.want.Handle || got.DisplayName != c.want.DisplayName ||
			got.IsVerified != c.want.IsVerified || (got.AvatarPath == nil) != (c.want.AvatarPath == nil) {
			t.Errorf("%s: got %+v, want %+v", c.label, got, c.want)
		}
	}
}
