package app

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
)

// SessionInfo is one live session as its member sees it.
type SessionInfo struct {
	ID         string
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
	UserAgent  string
	Network    string // "" when unknown
}

// DeviceSession is a SessionInfo with what the list shows of it.
type DeviceSession struct {
	SessionInfo
	Device  string // DeviceLabel of the User-Agent
	Current bool   // the session the list was asked from
}

// LiveSessions reads a member's live sessions, the most recently used
// first.
type LiveSessions interface {
	Live(ctx context.Context, accountID domain.UserID) ([]SessionInfo, error)
}

// ListSessions lists the viewer's own live sessions, the one asking
// flagged as current.
type ListSessions struct {
	Sessions LiveSessions
}

// Handle lists.
func (uc *ListSessions) Handle(ctx context.Context, viewer domain.Viewer) ([]DeviceSession, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserSessions)
	}
	live, err := uc.Sessions.Live(ctx, viewer.UserID)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out := make([]DeviceSession, 0, len(live))
	for _, s := range live {
		out = append(out, DeviceSession{SessionInfo: s, Device: DeviceLabel(s.UserAgent), Current: s.ID == viewer.SessionID})
	}
	return out, nil
}
