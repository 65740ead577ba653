package httpapi

import (
	"context"

	"social/core/domain"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

// profileOutput is an answer carrying one profile.
type profileOutput struct {
	Body wire.Profile
}

// ownProfileAnswer answers a use case that returns the viewer's own
// profile: the profile, or the problem of err.
func ownProfileAnswer(ctx context.Context, links wire.Links, p domain.Profile, err error) (*profileOutput, error) {
	if err != nil {
		return nil, httpkit.ProblemFrom(ctx, err)
	}
	return &profileOutput{Body: links.Profile(ctx, p)}, nil
}
