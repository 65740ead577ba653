package app

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"time"

	"social/core/errs"
	"social/core/ports"
)

// LinkTTL is how long a digest's unsubscribe link works: long enough for
// an e-mail read late, short enough that an old mailbox leak expires.
const LinkTTL = 90 * 24 * time.Hour

// Unsubscribe turns the digest off for whoever got the e-mail whose link
// carries token, without a session: the token is the capability, good for
// this and nothing else.
type Unsubscribe struct {
	Digests Digests
	Store   Preferences
	Clock   ports.Clock
}

// Handle turns the digest off; the same link used again answers the same.
func (uc *Unsubscribe) Handle(ctx context.Context, token string) error {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != tokenBytes {
		return errs.Invalid(CodeLinkInvalid, MsgLinkInvalid, map[string]string{"token": MsgInvalidToken})
	}
	d, found, err := uc.Digests.ByToken(ctx, hashToken(token))
	if err != nil {
		return fmt.Errorf("find digest link: %w", err)
	}
	if !found {
		return errs.Invalid(CodeLinkInvalid, MsgLinkInvalid, map[string]string{"token": MsgInvalidToken})
	}
	now := uc.Clock.Now()
	if now.After(d.SentAt.Add(LinkTTL)) {
		return errs.Invalid(CodeLinkExpired, MsgLinkExpired, nil)
	}
	if err := uc.Store.SetEnabled(ctx, d.Member, false, now); err != nil {
		return fmt.Errorf("unsubscribe %s: %w", d.Member, err)
	}
	return nil
}

// tokenBytes is the size of an unsubscribe token before encoding.
const tokenBytes = 32

// hashToken is how a token is stored and looked up: a database leak gives
// no working link.
func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
