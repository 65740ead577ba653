package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Tombstones turn an account into the tombstone of a deleted one.
type Tombstones interface {
	// Lock reads the account and holds its row until the transaction ends
	// (domain.ErrNotFound when there is none).
	Lock(ctx context.Context, id domain.UserID) (domain.Account, error)
	// Deleted reports whether the account was deleted.
	Deleted(ctx context.Context, id domain.UserID) (bool, error)
	// Tombstone marks the account deleted at at, scrubs its e-mail,
	// password and profile (name DeletedName, no picture, no bio, a handle
	// nobody types), holds its former handle until holdUntil, and answers
	// the stored files it no longer points at (pictures, archives).
	Tombstone(ctx context.Context, id domain.UserID, at, holdUntil time.Time) (files []string, err error)
}

// EraseQueue enqueues, in the transaction of ctx, the jobs that remove a
// deleted member's content and the stored files they no longer need.
type EraseQueue interface {
	EnqueueErase(ctx context.Context, member domain.UserID) error
	EnqueueFileDeletion(ctx context.Context, key string) error
}

// AuthorPosts queues, in the transaction of ctx, the search document of
// every post of author that search could hold: the indexer then finds
// the author deleted and removes them.
type AuthorPosts interface {
	EnqueueAuthorPosts(ctx context.Context, author domain.UserID) error
}

// AllSessionsRevoker ends every session of a member.
type AllSessionsRevoker interface {
	RevokeAll(ctx context.Context, accountID domain.UserID, at time.Time, reason string) error
}

// DeleteAccount deletes the viewer's account once they confirm with their
// password. In one transaction: the account becomes a tombstone (nothing
// personal left on it, the handle held for Settings.HandleHold), every
// session ends, the member and their posts leave search, the parts that
// hide content at once do so (ports.MemberHider: the communities they
// own, their stories), an audit entry without personal data is written
// and the erasing job is queued; once committed, the member's open sockets
// close on every node. From then on every read leaves their content out
// (a deleted author's posts and comments are not shown), and their posts,
// comments, likes, shares, follows and the plugins' rows go in batches
// (EraseMember).
type DeleteAccount struct {
	Tx       ports.Transactor
	Accounts Tombstones
	Hasher   ports.PasswordHasher
	Sessions AllSessionsRevoker
	Limiter  ports.RateLimiter
	Search   ports.SearchIndexQueue
	Posts    AuthorPosts
	// Parts are the parts of a member's data; those that are a
	// ports.MemberHider hide the member's content in the transaction.
	Parts    []Part
	Queue    EraseQueue
	Audit    ports.AuditLog
	Clock    ports.Clock
	Settings Settings
	// Ends is nil where no gateway can be told: sockets then close at
	// their periodic session recheck.
	Ends ports.SessionEnds
	// Changes hear of the deletion in its transaction, before the
	// member's follows and content go.
	Changes ports.Changes
}

// deleteTries bounds the password guesses of one signed-in member.
func deleteTries(member domain.UserID) ports.RateRule {
	return ports.RateRule{Bucket: "delete_account_member", Key: member.String(), Limit: 5, Window: 15 * time.Minute}
}

// Handle deletes the viewer's account.
func (uc *DeleteAccount) Handle(ctx context.Context, viewer domain.Viewer, password string) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgSignInFirst)
	}
	if password == "" {
		return errs.Invalid(CodePasswordMissing, MsgPasswordMissing, map[string]string{"password": MsgPasswordMissing})
	}
	if wait, err := uc.Limiter.Take(ctx, deleteTries(viewer.UserID)); err != nil {
		return fmt.Errorf("delete account: limit: %w", err)
	} else if wait > 0 {
		return errs.RateLimited(CodeRateLimited, MsgTooManyTries, MsgWaitTries, wait)
	}
	now := uc.Clock.Now()
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		acc, err := uc.Accounts.Lock(ctx, viewer.UserID)
		if err != nil {
			return err
		}
		gone, err := uc.Accounts.Deleted(ctx, acc.ID)
		if err != nil {
			return err
		}
		if gone {
			return errs.Conflict(CodeAccountGone, MsgAccountGone)
		}
		ok, err := uc.Hasher.Verify(password, acc.PasswordHash)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Invalid(CodeWrongPassword, MsgWrongPassword, map[string]string{"password": MsgWrongPassword})
		}
		files, err := uc.Accounts.Tombstone(ctx, acc.ID, now, now.Add(uc.Settings.HandleHold))
		if err != nil {
			return err
		}
		if err := uc.Sessions.RevokeAll(ctx, acc.ID, now, RevokedDeleted); err != nil {
			return err
		}
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeAccountDeleted, Actor: acc.ID}); err != nil {
			return err
		}
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchUser, acc.ID.String()); err != nil {
			return err
		}
		if err := uc.Posts.EnqueueAuthorPosts(ctx, acc.ID); err != nil {
			return err
		}
		for _, p := range uc.Parts {
			if h, ok := p.Data.(ports.MemberHider); ok {
				if err := h.HideMember(ctx, acc.ID); err != nil {
					return fmt.Errorf("hide %s: %w", p.Name, err)
				}
			}
		}
		for _, key := range files {
			if err := uc.Queue.EnqueueFileDeletion(ctx, key); err != nil {
				return err
			}
		}
		if err := uc.Queue.EnqueueErase(ctx, acc.ID); err != nil {
			return err
		}
		// Who asked is the account itself; nothing else about them is kept.
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionAccountDelete, TargetType: "account",
			TargetID: acc.ID.String(), At: now, Details: map[string]any{}}.ActorOf(viewer))
	})
	if errors.Is(err, domain.ErrNotFound) {
		return errs.Unauthenticated(CodeUnauthenticated, MsgSignInFirst)
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("delete account %s: %w", viewer.UserID, err)
	}
	if uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, viewer.UserID)
	}
	return nil
}
