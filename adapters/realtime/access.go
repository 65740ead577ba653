package realtime

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"

	"social/core/ports"
)

// Protocol is the WebSocket subprotocol of this gateway. A browser, which
// cannot set headers on a WebSocket, offers it together with
// TokenProtocolPrefix+<access token> (ClientProtocols); the server chooses
// Protocol, so the token is never echoed back nor written in a URL.
const (
	Protocol            = "social.v1"
	TokenProtocolPrefix = "social.token."
)

// ClientProtocols is what a client offers in Sec-WebSocket-Protocol to
// connect with token.
func ClientProtocols(token string) []string {
	return []string{Protocol, TokenProtocolPrefix + token}
}

// tokenOfProtocols finds the access token among the offered subprotocols;
// it must come with Protocol, which the server then chooses.
func tokenOfProtocols(r *http.Request) (string, bool) {
	var token string
	versioned := false
	for _, header := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(header, ",") {
			p = strings.TrimSpace(p)
			if p == Protocol {
				versioned = true
			} else if t, ok := strings.CutPrefix(p, TokenProtocolPrefix); ok {
				token = t
			}
		}
	}
	return token, versioned && token != ""
}

// topicList is the topics a subscribe or unsubscribe names: Topic or
// Topics, not both, at most max, each at most once.
func (m clientMessage) topicList(max int) ([]string, bool) {
	if m.Topics == nil {
		return []string{m.Topic}, m.Topic != ""
	}
	if m.Topic != "" || len(m.Topics) == 0 || len(m.Topics) > max {
		return nil, false
	}
	seen := make(map[string]struct{}, len(m.Topics))
	out := make([]string, 0, len(m.Topics))
	for _, t := range m.Topics {
		if _, dup := seen[t]; dup || t == "" {
			continue
		}
		seen[t] = struct{}{}
		out = append(out, t)
	}
	return out, len(out) > 0
}

// accessChanged is the AccessNotices callback: it must not block, so each
// socket concerned is checked in the background.
func (g *Gateway) accessChanged(n ports.AccessNotice) {
	g.noticesHeard.Add(1)
	switch n.Kind {
	case ports.NoticeSessionsEnded:
		for _, c := range g.hub.ofUser(n.Member) {
			g.recheck(c)
		}
	case ports.NoticeMemberAccess:
		// A block or mute changes whom the member's sockets hide, as well
		// as which topics they may follow.
		for _, c := range g.hub.ofUser(n.Member) {
			go func() {
				g.reloadHidden(c)
				g.reauthorize(c, nil)
			}()
		}
	case ports.NoticeTopicAccess:
		for _, c := range g.hub.subscribersOf(n.Topic) {
			go g.reauthorize(c, []string{n.Topic})
		}
	}
}

// recheckWorkers bounds the checks of a full recheck, which touches every
// socket of the node at once.
const recheckWorkers = 8

// noticesMissed checks every socket's session and subscriptions again:
// notices may have been lost while the listener was away.
func (g *Gateway) noticesMissed() {
	g.noticesHeard.Add(1)
	conns := g.hub.all()
	go func() {
		work := make(chan *conn)
		var wg sync.WaitGroup
		for range recheckWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for c := range work {
					g.checkSession(c)
					g.reloadHidden(c)
					g.reauthorize(c, nil)
				}
			}()
		}
		for _, c := range conns {
			work <- c
		}
		close(work)
		wg.Wait()
	}()
}

// reauthorize asks the router again about c's topics (only those of only
// when given) and ends the subscriptions it now refuses, telling the
// client with a "revoked" message. A check that cannot be made (timeout,
// database away) keeps the subscription: the next notice or full recheck
// decides.
func (g *Gateway) reauthorize(c *conn, only []string) {
	c.hooks.Lock()
	defer c.hooks.Unlock()
	topics := g.hub.topicsOf(c)
	if only != nil {
		topics = intersect(topics, only)
	}
	var revoked []string
	for _, topic := range topics {
		ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
		err := g.router.Authorize(ctx, topic)
		cancel()
		if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			continue
		}
		if g.hub.unsubscribe(c, topic) {
			revoked = append(revoked, topic)
			if c.dialect != nil {
				c.dialect.Revoked(line{g: g, c: c}, topic)
				continue
			}
			g.reply(c, serverMessage{Type: msgRevoked, Topic: topic, Code: codeForbidden, Message: msgTextForbidden})
		}
	}
	g.endHooks(c, revoked)
}

func intersect(have, want []string) []string {
	var out []string
	for _, t := range want {
		for _, h := range have {
			if h == t {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// ClientHeader is the handshake header of a non-browser client connecting
// with token (the same subprotocols a browser offers).
func ClientHeader(token string) http.Header {
	h := http.Header{}
	h.Set("Sec-WebSocket-Protocol", strings.Join(ClientProtocols(token), ", "))
	return h
}
