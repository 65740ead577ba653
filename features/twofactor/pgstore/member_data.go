package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

var (
	_ ports.MemberData  = (*Store)(nil)
	_ ports.MemberHider = (*Store)(nil)
)

// ExportMember writes what the member set up: whether the app is on, how
// many recovery codes are left and the passkeys' names and dates; never a
// secret, a code's hash or a public key.
func (s *Store) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	t, err := s.TOTP(ctx, member)
	appOn := err == nil && t.Confirmed
	left, err := s.RecoveryCodesLeft(ctx, member)
	if err != nil {
		return fmt.Errorf("recovery codes: %w", err)
	}
	keys, err := s.Passkeys(ctx, member)
	if err != nil {
		return fmt.Errorf("passkeys: %w", err)
	}
	type passkey struct {
		Name       string     `json:"name"`
		CreatedAt  time.Time  `json:"created_at"`
		LastUsedAt *time.Time `json:"last_used_at"`
	}
	out := struct {
		AuthenticatorApp  bool      `json:"authenticator_app"`
		RecoveryCodesLeft int       `json:"recovery_codes_left"`
		Passkeys          []passkey `json:"passkeys"`
	}{AuthenticatorApp: appOn, RecoveryCodesLeft: left, Passkeys: []passkey{}}
	for _, k := range keys {
		out.Passkeys = append(out.Passkeys, passkey{Name: k.Name, CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt})
	}
	return w.JSON("verificacao_em_duas_etapas.json", out)
}

// HideMember removes the deleted member's second step at once, in the
// deletion's transaction: no passkey of theirs signs in afterwards.
func (s *Store) HideMember(ctx context.Context, member domain.UserID) error {
	_, err := s.EraseMember(ctx, member, 0)
	return err
}

// EraseMember removes the member's secrets, codes, passkeys, challenges
// and counted failures (a handful of rows: one pass).
func (s *Store) EraseMember(ctx context.Context, member domain.UserID, _ int) (bool, error) {
	id := uuid.UUID(member)
	for _, table := range []string{"twofactor_totp", "twofactor_recovery_codes", "passkeys", "twofactor_challenges", "twofactor_failures"} {
		if _, err := s.idb(ctx).NewRaw(`DELETE FROM `+table+` WHERE account_id = ?`, id).Exec(ctx); err != nil {
			return false, fmt.Errorf("erase %s: %w", table, err)
		}
	}
	return false, nil
}
