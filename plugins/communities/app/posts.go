package app

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Posts is what the community post use cases share. Only approved members
// (the owner included) read or write a community's posts.
type Posts struct {
	Tx          ports.Transactor
	Store       CommunityStore
	Members     MemberStore
	Posts       PostStore
	Media       MediaQueue
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// readable checks, outside any transaction, that viewer may read the
// community's posts.
func (uc *Posts) readable(ctx context.Context, viewer domain.Viewer, id uuid.UUID) error {
	c, err := uc.Store.Get(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return notFound()
	}
	if err != nil {
		return fmt.Errorf("read community %s: %w", id, err)
	}
	if !c.Membership.Approved() {
		return membersOnly()
	}
	return nil
}

// write runs fn in a transaction where the community and the viewer's
// approved membership are locked (shared), so neither goes before commit.
func (uc *Posts) write(ctx context.Context, viewer domain.Viewer, id uuid.UUID, fn func(ctx context.Context, c Community) error) error {
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		c, err := uc.Store.Lock(ctx, id, KeyShare)
		if errors.Is(err, domain.ErrNotFound) {
			return notFound()
		}
		if err != nil {
			return err
		}
		me, err := uc.Members.Membership(ctx, id, viewer.UserID, Share)
		if err != nil {
			return err
		}
		if !me.Approved() {
			return membersOnly()
		}
		return fn(ctx, c)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodePostNotFound, MsgPostNotFound)
	}
	if errors.Is(err, ErrNoProfile) {
		return noProfile()
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return fmt.Errorf("community %s post: %w", id, err)
	}
	return nil
}

// store inserts a valid post, then reads it back and tells the community.
func (uc *Posts) store(ctx context.Context, viewer domain.Viewer, id uuid.UUID, p Post, check func() error) (Post, error) {
	err := uc.write(ctx, viewer, id, func(ctx context.Context, _ Community) error {
		if check != nil {
			if err := check(); err != nil {
				return err
			}
		}
		return uc.Posts.InsertPost(ctx, p)
	})
	if err != nil {
		return Post{}, err
	}
	out, err := uc.Posts.Post(ctx, id, p.ID, viewer.UserID)
	if err != nil {
		return Post{}, fmt.Errorf("read new community post %s: %w", p.ID, err)
	}
	publish(ctx, uc.Broadcaster, uc.Log, Topic(id), EventPostCreated,
		map[string]string{"id": p.ID.String(), "author_id": p.AuthorID.String()})
	return out, nil
}

func encodeCursor(p Post) string {
	raw := strconv.FormatInt(p.CreatedAt.UnixMicro(), 10) + "|" + p.ID.String()
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func decodeCursor(s string) (PostCursor, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return PostCursor{}, false
	}
	us, id, ok := strings.Cut(string(raw), "|")
	if !ok {
		return PostCursor{}, false
	}
	n, err := strconv.ParseInt(us, 10, 64)
	if err != nil {
		return PostCursor{}, false
	}
	u, err := uuid.Parse(id)
	if err != nil {
		return PostCursor{}, false
	}
	return PostCursor{CreatedAt: time.UnixMicro(n).UTC(), ID: u}, true
}
