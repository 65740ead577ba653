package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// FinishPasskeyRegistrationInput is the browser's answer to a
// registration ceremony and the name the member gives the passkey.
type FinishPasskeyRegistrationInput struct {
	Ceremony   string
	Name       string
	Credential json.RawMessage // PublicKeyCredential as JSON
}

// FinishPasskeyRegistration checks the browser's answer against the
// ceremony (used once), stores the passkey and tells the member by
// e-mail, in one transaction. A member without recovery codes gets them
// now (shown this once), so losing the device does not lock them out.
type FinishPasskeyRegistration struct {
	Tx       ports.Transactor
	Store    Store
	Accounts AccountReader
	Outbox   ports.Outbox
	WebAuthn *webauthn.WebAuthn
	Clock    ports.Clock
	Settings Settings
}

// AddedPasskey is the stored passkey and, when the member had none, their
// new recovery codes.
type AddedPasskey struct {
	Passkey       Passkey
	RecoveryCodes []string
}

// Handle stores the passkey.
func (uc *FinishPasskeyRegistration) Handle(ctx context.Context, v domain.Viewer, in FinishPasskeyRegistrationInput) (AddedPasskey, error) {
	acc, err := member(v)
	if err != nil {
		return AddedPasskey{}, err
	}
	if err := passkeysOff(uc.WebAuthn); err != nil {
		return AddedPasskey{}, err
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		name = "Passkey"
	}
	if utf8.RuneCountInString(name) > 60 {
		return AddedPasskey{}, errs.Invalid(CodePasskeyNameInvalid, MsgPasskeyNameInvalid, map[string]string{"name": MsgPasskeyNameInvalid})
	}
	var out AddedPasskey
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		c, session, err := takeCeremony(ctx, uc.Store, uc.Clock, in.Ceremony, KindPasskeyRegister)
		if err != nil {
			return err
		}
		if c.AccountID != acc {
			return errs.Invalid(CodePasskeyCeremonyGone, MsgPasskeyCeremonyGone, nil)
		}
		parsed, err := protocol.ParseCredentialCreationResponseBytes(in.Credential)
		if err != nil {
			return errs.Invalid(CodePasskeyFailed, MsgPasskeyFailed, nil)
		}
		user, keys, err := loadPasskeyUser(ctx, uc.Store, acc, "")
		if err != nil {
			return err
		}
		if len(keys) >= MaxPasskeys {
			return errs.Conflict(CodeTooManyPasskeys, MsgTooManyPasskeys)
		}
		cred, err := uc.WebAuthn.CreateCredential(user, session, parsed)
		if err != nil {
			return errs.Invalid(CodePasskeyFailed, MsgPasskeyFailed, nil)
		}
		record, err := json.Marshal(cred)
		if err != nil {
			return fmt.Errorf("passkey record: %w", err)
		}
		out.Passkey = Passkey{ID: uuid.Must(uuid.NewV7()).String(), AccountID: acc, CredentialID: cred.ID, Name: name,
			Credential: record, CreatedAt: uc.Clock.Now()}
		added, err := uc.Store.AddPasskey(ctx, out.Passkey)
		if err != nil {
			return fmt.Errorf("store passkey: %w", err)
		}
		if !added {
			return errs.Conflict(CodePasskeyTaken, MsgPasskeyTaken)
		}
		n := notifier{Accounts: uc.Accounts, Outbox: uc.Outbox, PublicURL: uc.Settings.PublicURL}
		out.RecoveryCodes, err = secondStepAdded(ctx, uc.Store, n, acc, uc.Clock.Now(), fmt.Sprintf(mailPasskeyAdded, name))
		return err
	})
	if err != nil {
		return AddedPasskey{}, err
	}
	return out, nil
}
