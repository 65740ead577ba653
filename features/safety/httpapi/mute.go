package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// MuteState is the viewer's mute of a member after a mute or unmute.
type MuteState struct {
	Muting bool `json:"muting"`
}

func registerMute(api huma.API, mute *safety.MuteMember, unmute *safety.UnmuteMember) {
	registerRelation(api, relation[safety.MuteOutcome, MuteState]{
		name:        "mute",
		refusals:    httpkit.Refusals{403: {safety.CodeNoProfile}, 404: {safety.CodeNotFound}, 422: {safety.CodeMuteSelf}},
		takeSummary: "Mute a member (idempotent)",
		takeDescription: "The viewer stops seeing the member's posts and notifications. The muted member is not told " +
			"and may still see and interact with the viewer.",
		endSummary: "Stop muting a member (idempotent)",
		take:       mute.Handle,
		end:        unmute.Handle,
		state:      func(o safety.MuteOutcome) MuteState { return MuteState{Muting: o.Muted} },
	})
}
