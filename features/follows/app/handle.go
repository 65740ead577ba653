package app

import (
	"social/core/domain"
	"social/core/errs"
	profiles "social/features/profiles/app"
)

// notFound is the answer for a handle nobody has, the same as GET
// /profiles/{handle}'s.
func notFound() error { return errs.NotFound(profiles.CodeNotFound, domain.MsgProfileNotFound) }
