package app

import (
	"strings"
	"unicode/utf8"

	"social/core/domain"
	"social/core/errs"
)

// MaxReasonRunes is the longest reason or note, in characters.
const MaxReasonRunes = 500

// RequireStaff refuses whoever does not moderate.
func RequireStaff(v domain.Viewer) error {
	if !v.Staff() {
		return errs.Forbidden(CodeStaffOnly, MsgStaffOnly)
	}
	return nil
}

// RequireAdmin refuses whoever does not administer.
func RequireAdmin(v domain.Viewer) error {
	if !v.Admin() {
		return errs.Forbidden(CodeAdminOnly, MsgAdminOnly)
	}
	return nil
}

// Reason is a required reason, trimmed and at most MaxReasonRunes.
func Reason(raw string) (string, error) {
	r := strings.TrimSpace(raw)
	if r == "" {
		return "", errs.Invalid(CodeReasonRequired, MsgReasonRequired, map[string]string{"reason": MsgReasonRequired})
	}
	if utf8.RuneCountInString(r) > MaxReasonRunes {
		return "", errs.Invalid(CodeReasonTooLong, MsgReasonTooLong, map[string]string{"reason": MsgReasonTooLong})
	}
	return r, nil
}

// note is an optional note: nil when blank.
func note(raw string) (*string, error) {
	n := strings.TrimSpace(raw)
	if n == "" {
		return nil, nil
	}
	if utf8.RuneCountInString(n) > MaxReasonRunes {
		return nil, errs.Invalid(CodeNoteTooLong, MsgNoteTooLong, map[string]string{"note": MsgNoteTooLong})
	}
	return &n, nil
}
