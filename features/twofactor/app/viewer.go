package app

import (
	"social/core/domain"
	"social/core/errs"
)

// member is the signed-in viewer's account, or the refusal for nobody.
func member(v domain.Viewer) (domain.UserID, error) {
	if !v.SignedIn() {
		return domain.UserID{}, errs.Unauthenticated(CodeUnauthenticated, MsgUnauthenticated)
	}
	return v.UserID, nil
}
