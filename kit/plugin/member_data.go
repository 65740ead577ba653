package plugin

import "social/core/ports"

// MemberData is a feature's part of a member's data (ports.MemberData):
// exported with the rest of the member's archive, erased in batches when
// they delete their account. Name names the part in the archive's folders
// and in logs.
type MemberData struct {
	Plugin string
	Name   string
	Data   ports.MemberData
}

// GroupMemberData collects MemberData values.
const GroupMemberData = `group:"member_data"`

// AsMemberData contributes the MemberData returned by constructor.
func AsMemberData(constructor any) any { return as(constructor, GroupMemberData) }
