package profiles

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/errs"
)

// ProfileFinder finds a profile by handle.
type ProfileFinder interface {
	ByHandle(ctx context.Context, handle string) (domain.Profile, error)
}

// GetProfile reads anyone's profile by handle.
type GetProfile struct {
	Profiles ProfileFinder
}

// Handle returns the profile of handle (any case) or a profile_not_found error.
func (uc *GetProfile) Handle(ctx context.Context, handle string) (domain.Profile, error) {
	handle = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(handle), "@"))
	if domain.HandleProblem(handle) != "" {
		return domain.Profile{}, errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
	}
	p, err := uc.Profiles.ByHandle(ctx, handle)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Profile{}, errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
	}
	if err != nil {
		return domain.Profile{}, fmt.Errorf("profile @%s: %w", handle, err)
	}
	return p, nil
}
