package app

import (
	"context"
	"sync"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
)

// Presence turns sockets on room:{id} into participants: a member's first
// socket on the topic joins (OnSubscribe); when their last one on this
// node goes (unsubscribe, or the socket closing, abruptly or not) they
// leave after Grace, unless a socket came back meanwhile, so a reload does
// not flicker, and unless another node still holds a socket of theirs
// (each node keeps a presence row per member it holds, seen within
// Stale). It also marks the members it holds as seen every Refresh, so the
// sweep can tell a participant whose node died.
type Presence struct {
	*Rooms
	Grace time.Duration
	Stale time.Duration
	Node  uuid.UUID // this node, in the presence rows

	mu      sync.Mutex
	held    map[Pair]*hold
	stopped bool
	wg      sync.WaitGroup
}

type hold struct {
	sockets int
	timer   *time.Timer
	op      sync.Mutex // one join or leave of the pair at a time, in order
}

// opTimeout bounds a join or leave done on behalf of a socket.
const opTimeout = 10 * time.Second

// pairOf is the room of topic with the signed-in viewer in ctx; false
// for a topic that is not a room's or a visitor.
func pairOf(ctx context.Context, topic string) (Pair, bool) {
	id, ok := RoomOf(topic)
	viewer := domain.ViewerFrom(ctx)
	if !ok || !viewer.SignedIn() {
		return Pair{}, false
	}
	return Pair{RoomID: id, UserID: viewer.UserID}, true
}

// Subscribed joins the viewer in ctx to the room of topic.
func (p *Presence) Subscribed(ctx context.Context, topic string) {
	k, ok := pairOf(ctx, topic)
	if !ok {
		return
	}
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	if p.held == nil {
		p.held = map[Pair]*hold{}
	}
	h := p.held[k]
	if h == nil {
		h = &hold{}
		p.held[k] = h
	}
	h.sockets++
	if h.timer != nil {
		// A pending leave that did not start is counted off here; one that
		// did start counts itself off when it ends.
		if h.timer.Stop() {
			p.wg.Done()
		}
		h.timer = nil
	}
	p.mu.Unlock()

	h.op.Lock()
	defer h.op.Unlock()
	hold := func(ctx context.Context) error { return p.Store.Hold(ctx, k, p.Node, p.Clock.Now()) }
	if _, _, err := p.joinWith(ctx, k.RoomID, k.UserID, false, hold); err != nil {
		p.Log.Warn("rooms: join on subscribe", "room", k.RoomID.String(), "err", err)
	}
}

// Unsubscribed schedules the viewer's leave once their last socket on the
// topic is gone. It does not block.
func (p *Presence) Unsubscribed(ctx context.Context, topic string) {
	k, ok := pairOf(ctx, topic)
	if !ok {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	h := p.held[k]
	if h == nil || p.stopped {
		return
	}
	if h.sockets > 0 {
		h.sockets--
	}
	if h.sockets > 0 || h.timer != nil {
		return
	}
	p.wg.Add(1)
	h.timer = time.AfterFunc(p.Grace, func() {
		defer p.wg.Done()
		p.expire(k, h)
	})
}

// expire makes k leave unless a socket came back.
func (p *Presence) expire(k Pair, h *hold) {
	h.op.Lock()
	defer h.op.Unlock()
	p.mu.Lock()
	if h.sockets > 0 || p.held[k] != h || p.stopped {
		p.mu.Unlock()
		return
	}
	h.timer = nil
	p.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	heldElsewhere := func(ctx context.Context) (bool, error) {
		if err := p.Store.Release(ctx, k, p.Node); err != nil {
			return false, err
		}
		return p.Store.HeldElsewhere(ctx, k, p.Node, p.Clock.Now().Add(-p.Stale))
	}
	if _, _, err := p.leaveUnless(ctx, k.RoomID, k.UserID, heldElsewhere); err != nil {
		p.Log.Warn("rooms: leave after grace", "room", k.RoomID.String(), "err", err)
	}
	p.mu.Lock()
	if h.sockets == 0 && h.timer == nil && p.held[k] == h {
		delete(p.held, k)
	}
	p.mu.Unlock()
}

// Refresh marks the pairs with a socket here as seen now.
func (p *Presence) Refresh(ctx context.Context) error {
	p.mu.Lock()
	pairs := make([]Pair, 0, len(p.held))
	for k, h := range p.held {
		if h.sockets > 0 {
			pairs = append(pairs, k)
		}
	}
	p.mu.Unlock()
	if len(pairs) == 0 {
		return nil
	}
	return p.Store.Touch(ctx, pairs, p.Node, p.Clock.Now())
}

// Run refreshes every period until ctx ends.
func (p *Presence) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := p.Refresh(ctx); err != nil && ctx.Err() == nil {
				p.Log.Warn("rooms: presence refresh", "err", err)
			}
		}
	}
}

// Stop cancels the pending leaves (the rows stay: the sweep removes them
// once stale, unless the members reconnect to another node) and takes no
// new ones. A leave already running goes on: Wait waits for it.
func (p *Presence) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	for _, h := range p.held {
		if h.timer != nil && h.timer.Stop() {
			p.wg.Done()
		}
		h.timer = nil
	}
}

// Wait returns once no leave is running.
func (p *Presence) Wait() { p.wg.Wait() }
