package httpapi

import "social/features/profiles/wire"

// profileOutput is an answer carrying one profile.
type profileOutput struct {
	Body wire.Profile
}
