package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// DomainBlock is one of a member's blocks of a whole server.
type DomainBlock struct {
	Domain string
	Since  time.Time
}

// DomainBlockWriter records a member's blocks of whole servers.
type DomainBlockWriter interface {
	// BlockDomain inserts the block once (created false when it existed)
	// and deletes the follows between member and the domain's accounts,
	// both ways, lowering every counter by what it deleted;
	// ErrDomainBlocksFull when member already blocks max domains.
	BlockDomain(ctx context.Context, member domain.UserID, host string, at time.Time, max int) (created bool, ended []EndedFollow, err error)
	// UnblockDomain deletes member's block of host, if any.
	UnblockDomain(ctx context.Context, member domain.UserID, host string) (deleted bool, err error)
	// BlockedDomains reads member's domain blocks, newest first.
	BlockedDomains(ctx context.Context, member domain.UserID) ([]DomainBlock, error)
}

// ErrDomainBlocksFull is the store's answer when a member already blocks
// MaxDomainBlocks domains.
var ErrDomainBlocksFull = errors.New("domain blocks limit")

// OwnDomains are the hosts this network answers as: its members cannot
// block them (their accounts are members, each blocked one by one).
type OwnDomains []string

// BlockDomain makes the viewer block every account of a server of the
// social web: their posts, comments, notifications and mentions are
// hidden from the viewer, follows between them end both ways, and none
// of them may follow, like, comment on or name the viewer (each of those
// refuses a pair kept apart by blocked_pairs or blocked_domains).
// Blocking twice is the same as once.
type BlockDomain struct {
	Tx        ports.Transactor
	Blocks    DomainBlockWriter
	Timelines TimelineQueue
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	Access    ports.AccessChanges
	// Changes hear of each follow of the viewer's that ended, so that its
	// end reaches the other server as an unfollow.
	Changes ports.Changes
	Own     OwnDomains
	Clock   ports.Clock
}

// Handle blocks host as viewer, and answers the block.
func (uc *BlockDomain) Handle(ctx context.Context, viewer domain.Viewer, host string) (DomainBlock, error) {
	if !viewer.SignedIn() {
		return DomainBlock{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	host, err := uc.Own.check(host)
	if err != nil {
		return DomainBlock{}, err
	}
	now := uc.Clock.Now().UTC()
	var notices []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		created, ended, err := uc.Blocks.BlockDomain(ctx, viewer.UserID, host, now, MaxDomainBlocks)
		if err != nil || !created {
			return err
		}
		for _, f := range ended {
			if f.Follower == viewer.UserID {
				if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeFollowRemoved, Actor: f.Follower, Target: f.Following}); err != nil {
					return err
				}
			}
			if err := uc.Timelines.EnqueueRemoveAuthor(ctx, f.Follower, f.Following); err != nil {
				return err
			}
			retracted, err := uc.Notices.Retract(ctx, notifications.Notice{Recipient: f.Following, Sender: f.Follower,
				Type: domain.NotifyFollow})
			if err != nil {
				return err
			}
			notices = append(notices, retracted...)
		}
		if uc.Access != nil {
			// The viewer's sockets reload whom they hide.
			uc.Access.MemberAccessChanged(ctx, viewer.UserID)
		}
		return nil
	})
	switch {
	case errors.Is(err, ErrNoActorProfile):
		return DomainBlock{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	case errors.Is(err, ErrDomainBlocksFull):
		return DomainBlock{}, errs.Invalid(CodeDomainBlocksLimit, MsgDomainBlocksLimit, nil)
	case err != nil:
		return DomainBlock{}, fmt.Errorf("block domain %s for %s: %w", host, viewer.UserID, err)
	}
	uc.Announcer.Announce(ctx, notices...)
	return DomainBlock{Domain: host, Since: now}, nil
}

// UnblockDomain lifts the viewer's block of a server. The follows it
// ended stay ended.
type UnblockDomain struct {
	Blocks DomainBlockWriter
	Access ports.AccessChanges
	Own    OwnDomains
}

// Handle unblocks host; a domain the viewer does not block is not found.
func (uc *UnblockDomain) Handle(ctx context.Context, viewer domain.Viewer, host string) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	host, err := NormalizeDomain(host)
	if err != nil {
		return err
	}
	deleted, err := uc.Blocks.UnblockDomain(ctx, viewer.UserID, host)
	if err != nil {
		return fmt.Errorf("unblock domain %s for %s: %w", host, viewer.UserID, err)
	}
	if !deleted {
		return errs.NotFound(CodeDomainBlockNotFound, MsgDomainBlockNotFound)
	}
	if uc.Access != nil {
		uc.Access.MemberAccessChanged(ctx, viewer.UserID)
	}
	return nil
}

// ListDomainBlocks reads the viewer's own domain blocks, newest first
// (at most MaxDomainBlocks). Nobody else may read them.
type ListDomainBlocks struct{ Blocks DomainBlockWriter }

// Handle lists the viewer's domain blocks.
func (uc *ListDomainBlocks) Handle(ctx context.Context, viewer domain.Viewer) ([]DomainBlock, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	return uc.Blocks.BlockedDomains(ctx, viewer.UserID)
}

// check normalizes host and refuses the network's own.
func (own OwnDomains) check(host string) (string, error) {
	host, err := NormalizeDomain(host)
	if err != nil {
		return "", err
	}
	for _, d := range own {
		if strings.EqualFold(d, host) {
			return "", errs.Invalid(CodeDomainOwn, MsgDomainOwn, map[string]string{"domain": MsgDomainOwn})
		}
	}
	return host, nil
}

// NormalizeDomain is host as remote profiles keep it (lower case, the
// port only when given), or domain_invalid. A member may paste an address
// ("https://example.social/") or a handle's tail ("@example.social").
func NormalizeDomain(host string) (string, error) {
	host = strings.ToLower(strings.TrimSpace(host))
	host = strings.TrimPrefix(strings.TrimPrefix(host, "https://"), "http://")
	host = strings.TrimPrefix(strings.TrimSuffix(host, "/"), "@")
	bad := errs.Invalid(CodeDomainInvalid, MsgDomainInvalid, map[string]string{"domain": MsgDomainInvalid})
	if host == "" {
		return "", errs.Invalid(CodeDomainInvalid, MsgDomainEmpty, map[string]string{"domain": MsgDomainEmpty})
	}
	if len(host) > 253 {
		return "", bad
	}
	name := host
	if h, port, err := net.SplitHostPort(host); err == nil {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || len(port) > 5 {
			return "", bad
		}
		name = h
	} else if strings.Contains(host, ":") {
		return "", bad
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return "", bad
		}
		for _, r := range label {
			if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
				return "", bad
			}
		}
	}
	return host, nil
}
