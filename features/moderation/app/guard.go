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

// staffReason checks what every staff act with a reason shares: a staff
// actor and a reason within its limit, answered trimmed.
func staffReason(actor domain.Viewer, why string) (string, error) {
	if err := RequireStaff(actor); err != nil {
		return "", err
	}
	return Reason(why)
}

// mayActOnAccount refuses a moderator's act on a moderator's or an
// administrator's account: only administrators act on staff.
func mayActOnAccount(actor domain.Viewer, acc domain.Account) error {
	if acc.Role != domain.RoleMember && !actor.Admin() {
		return errs.Forbidden(CodeStaffTarget, MsgStaffTarget)
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
