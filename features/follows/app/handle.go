package app

import (
	"social/core/errs"
	profiles "social/features/profiles/app"
)

// HandleResolver finds the member behind a handle.
type HandleResolver = profiles.HandleResolver

func notFound() error { return errs.NotFound(CodeNotFound, MsgProfileNotFound) }
