package realtime

import (
	"bytes"
	"context"
	"strings"

	"social/core/domain"
	"social/core/ports"
)

// hiddenSet is the members one socket's viewer must not hear from.
type hiddenSet map[domain.UserID]struct{}

// hides reports whether c's viewer is hidden from any member of about.
func (c *conn) hides(about []domain.UserID) bool {
	set := c.hidden.Load()
	if set == nil || len(*set) == 0 {
		return false
	}
	for _, id := range about {
		if _, ok := (*set)[id]; ok {
			return true
		}
	}
	return false
}

// HideWith has every socket drop the events about members hidden from its
// viewer (ports.Event.About): blocked either way, or muted by the viewer.
// Call it before the gateway serves.
func (g *Gateway) HideWith(members ports.HiddenMembers) { g.members = members }

// loadHidden reads whom c's viewer must not hear from.
func (g *Gateway) loadHidden(c *conn) error {
	if g.members == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
	defer cancel()
	list, err := g.members.HiddenFrom(ctx, c.viewer.UserID)
	if err != nil {
		return err
	}
	set := make(hiddenSet, len(list))
	for _, m := range list {
		set[m.ID] = struct{}{}
	}
	c.hidden.Store(&set)
	return nil
}

// reloadHidden is loadHidden after a change; on failure the socket keeps
// its former set until the next notice or full recheck.
func (g *Gateway) reloadHidden(c *conn) {
	if err := g.loadHidden(c); err != nil {
		g.log.Warn("realtime hidden members", "user", c.viewer.UserID.String(), "err", err)
	}
}

// aboutMark starts a bus message that carries the members an event is
// about ahead of the encoded message: "\x00id,id\x00{...}". JSON never
// starts with a NUL byte, so a message without the mark is the bare
// encoding.
const aboutMark = 0

// withAbout prefixes msg with about, when there is any.
func withAbout(about []domain.UserID, msg []byte) []byte {
	if len(about) == 0 {
		return msg
	}
	ids := make([]string, len(about))
	for i, id := range about {
		ids[i] = id.String()
	}
	head := string(rune(aboutMark)) + strings.Join(ids, ",") + string(rune(aboutMark))
	return append([]byte(head), msg...)
}

// splitAbout undoes withAbout. IDs that do not parse are skipped.
func splitAbout(msg []byte) ([]domain.UserID, []byte) {
	if len(msg) == 0 || msg[0] != aboutMark {
		return nil, msg
	}
	end := bytes.IndexByte(msg[1:], aboutMark)
	if end < 0 {
		return nil, msg
	}
	var about []domain.UserID
	for _, s := range strings.Split(string(msg[1:1+end]), ",") {
		if id, err := domain.ParseUserID(s); err == nil {
			about = append(about, id)
		}
	}
	return about, msg[2+end:]
}
