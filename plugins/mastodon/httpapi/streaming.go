package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	postwire "social/features/posts/wire"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// Mastodon's streaming API is a dialect of the realtime gateway
// (plugin.Dialect): the gateway holds the sockets, authorizes every topic,
// hides blocked and muted members, ends a stream when its token is revoked
// and closes slow clients. This file only says which topics a stream reads
// and how their events read as Mastodon's frames.

// StreamingPath is where apps open their stream (the instance's
// urls.streaming_api plus this path).
const StreamingPath = "/api/v1/streaming"

// Streams Mastodon's apps ask for.
const (
	StreamUser         = "user"
	StreamNotification = "user:notification"
	StreamPublic       = "public"
	StreamLocal        = "public:local"
	StreamMedia        = "public:media"
	StreamLocalMedia   = "public:local:media"
	StreamHashtag      = "hashtag"
	StreamLocalHashtag = "hashtag:local"
)

// Events of Mastodon's frames.
const (
	eventUpdate       = "update"
	eventDelete       = "delete"
	eventNotification = "notification"
	eventStatusUpdate = "status.update"
)

// Refusals of the streaming API (pt-BR, in the plugin's catalogue).
const (
	CodeUnknownStream = "unknown_stream"
	MsgUnknownStream  = "Stream desconhecido."
	MsgStreamNoTag    = "Informe a hashtag do stream (tag)."
	MsgStreamRefused  = "Você não tem acesso a este stream."
)

// Core topics a stream reads (the gateway's router authorizes each).
const topicPublic = "feed:public"

func homeTopic(id domain.UserID) string          { return "home:" + id.String() }
func notificationsTopic(id domain.UserID) string { return "user:" + id.String() + ":notifications" }
func postTopic(id string) string                 { return "post:" + id }

// Notifications renders one of the viewer's notifications as Mastodon's
// Notification entity; ok is false when their list would not show it.
type Notifications func(ctx context.Context, viewer domain.Viewer, id string) (entity any, ok bool)

// Streaming is the dialect: the status of an event as its viewer sees it
// (the posts feature's GetPost) and the notification entity.
type Streaming struct {
	Base          Base
	Posts         *posts.GetPost
	Media         httpkit.MediaLinks
	Notifications Notifications
}

// Dialect is the contribution to the realtime gateway.
func (s Streaming) Dialect() plugin.Dialect {
	return plugin.Dialect{Plugin: "mastodon", Path: StreamingPath, Token: streamToken, Open: s.open}
}

// HealthHandler answers GET /api/v1/streaming/health as Mastodon's
// streaming server does: the apps check it before connecting.
func HealthHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("OK"))
	})
}

// streamToken reads the token where Mastodon's apps put it: the query
// (access_token), or the subprotocol, which is the token itself and which
// the server echoes (browsers cannot set headers on a WebSocket). The
// gateway reads an Authorization header itself. The access log writes
// the path alone, never the query.
func streamToken(r *http.Request) (token, subprotocol string) {
	if t := r.URL.Query().Get("access_token"); t != "" {
		return t, ""
	}
	for _, header := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(header, ",") {
			if p = strings.TrimSpace(p); p != "" {
				return p, p
			}
		}
	}
	return "", ""
}

// stream is one stream a socket follows: its name, its tag (a hashtag
// stream) and the topics it reads.
type stream struct {
	name, tag string
	topics    []string
}

// key tells streams apart: one hashtag stream per tag.
func (s stream) key() string { return s.name + "#" + s.tag }

// label is the frame's "stream" field.
func (s stream) label() []string {
	if s.tag != "" {
		return []string{s.name, s.tag}
	}
	return []string{s.name}
}

// streamOf is the stream name (and tag) asks for, as viewer may read it.
func streamOf(viewer domain.Viewer, name, tag string) (stream, error) {
	statuses := domain.ScopeRead | domain.ScopeReadStatuses
	need := statuses
	s := stream{name: name}
	switch name {
	case StreamUser:
		s.topics = []string{homeTopic(viewer.UserID), notificationsTopic(viewer.UserID)}
	case StreamNotification:
		need = domain.ScopeRead | domain.ScopeReadNotifications
		s.topics = []string{notificationsTopic(viewer.UserID)}
	case StreamPublic, StreamLocal, StreamMedia, StreamLocalMedia:
		// Every member is local: the local streams are the public ones.
		s.topics = []string{topicPublic}
	case StreamHashtag, StreamLocalHashtag:
		s.tag = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(tag), "#"))
		if s.tag == "" {
			return stream{}, errs.Invalid(CodeBadParameter, MsgStreamNoTag, nil)
		}
		s.topics = []string{topicPublic}
	default:
		return stream{}, errs.Invalid(CodeUnknownStream, MsgUnknownStream, nil)
	}
	if !viewer.Allows(need) {
		return stream{}, errs.Forbidden(errs.CodeInsufficientScope, errs.MsgInsufficientScope)
	}
	return s, nil
}

// open admits a member's token carrying one of the reading scopes, and
// the stream the query names, if any.
func (s Streaming) open(w http.ResponseWriter, r *http.Request, v domain.Viewer) (plugin.DialectSocket, bool) {
	if !v.SignedIn() {
		writeError(w, r, errs.Unauthenticated(CodeTokenRequired, MsgTokenRequired))
		return nil, false
	}
	if !v.Allows(domain.ScopeRead | domain.ScopeReadStatuses | domain.ScopeReadNotifications) {
		writeError(w, r, errs.Forbidden(errs.CodeInsufficientScope, errs.MsgInsufficientScope))
		return nil, false
	}
	sock := &socket{s: s, viewer: v, streams: map[string]stream{}, uses: map[string]int{}}
	if name := r.URL.Query().Get("stream"); name != "" {
		first, err := streamOf(v, name, r.URL.Query().Get("tag"))
		if err != nil {
			writeError(w, r, err)
			return nil, false
		}
		sock.first = &first
	}
	return sock, true
}

// trackedPosts is how many statuses sent on the user stream a socket
// follows for their deletion and edits (post:{id}), the oldest dropped
// first: an app shows a screenful, not a day.
const trackedPosts = 100

// socket is one app's stream: the streams it follows and the topics they
// read (counted: two streams may read one topic).
type socket struct {
	s      Streaming
	viewer domain.Viewer
	first  *stream

	mu      sync.Mutex
	streams map[string]stream
	uses    map[string]int
	tracked []string // post IDs of the user stream's statuses, oldest first
}

func (k *socket) Start(l plugin.Line) {
	if k.first != nil {
		k.subscribe(l, *k.first)
	}
}

// clientMessage is an app's request on its socket.
type clientMessage struct {
	Type   string `json:"type"`
	Stream string `json:"stream"`
	Tag    string `json:"tag"`
}

func (k *socket) Message(l plugin.Line, raw []byte) {
	var m clientMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		l.Send(errorFrame(http.StatusBadRequest, errs.MsgBadRequest))
		return
	}
	switch m.Type {
	case "subscribe", "unsubscribe":
	default:
		return // Mastodon ignores what it does not know
	}
	st, err := streamOf(k.viewer, m.Stream, m.Tag)
	if err != nil {
		p := httpkit.ProblemFrom(l.Context(), err)
		l.Send(errorFrame(p.Status, p.Detail))
		return
	}
	if m.Type == "subscribe" {
		k.subscribe(l, st)
	} else {
		k.unsubscribe(l, st)
	}
}

// subscribe follows st's topics not yet followed; a refusal is an error
// frame and nothing of st.
func (k *socket) subscribe(l plugin.Line, st stream) {
	k.mu.Lock()
	if _, ok := k.streams[st.key()]; ok {
		k.mu.Unlock()
		return
	}
	var fresh []string
	for _, t := range st.topics {
		if k.uses[t] == 0 {
			fresh = append(fresh, t)
		}
	}
	k.mu.Unlock()
	if refused := l.Follow(fresh...); len(refused) > 0 {
		// All or nothing: the topics just followed for st go again.
		var followed []string
		for _, t := range fresh {
			if !contains(refused, t) {
				followed = append(followed, t)
			}
		}
		l.Unfollow(followed...)
		l.Send(errorFrame(http.StatusForbidden, MsgStreamRefused))
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.streams[st.key()] = st
	for _, t := range st.topics {
		k.uses[t]++
	}
}

func (k *socket) unsubscribe(l plugin.Line, st stream) {
	k.mu.Lock()
	had, ok := k.streams[st.key()]
	if !ok {
		k.mu.Unlock()
		return
	}
	delete(k.streams, st.key())
	var idle []string
	for _, t := range had.topics {
		if k.uses[t]--; k.uses[t] <= 0 {
			delete(k.uses, t)
			idle = append(idle, t)
		}
	}
	if st.name == StreamUser {
		for _, id := range k.tracked {
			idle = append(idle, postTopic(id))
		}
		k.tracked = nil
	}
	k.mu.Unlock()
	l.Unfollow(idle...)
}

// Revoked: the viewer may no longer read topic. A status the user stream
// sent that they can no longer read (deleted, or hidden from them by a
// block or an unfollow) is a delete there, as Mastodon takes it out of
// the home timeline. The access check that ends the post's subscription
// may run before the post's own deletion event reaches this socket, which
// would then find the status untracked: told here, it is told once.
func (k *socket) Revoked(l plugin.Line, topic string) {
	id, ok := strings.CutPrefix(topic, "post:")
	if !ok {
		return
	}
	if user, ok := k.untrack(id); ok {
		l.Send(frame(user, eventDelete, id))
	}
}

// untrack stops following status id's edits and deletion, and names the
// user stream to tell of its end; ok is false when id was not tracked
// (never sent, or its end told already) or no user stream is followed.
func (k *socket) untrack(id string) (user stream, ok bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !contains(k.tracked, id) {
		return stream{}, false
	}
	k.tracked = remove(k.tracked, id)
	user, ok = k.streams[stream{name: StreamUser}.key()]
	return user, ok
}

// following is the streams reading topic.
func (k *socket) following(topic string) []stream {
	k.mu.Lock()
	defer k.mu.Unlock()
	var out []stream
	for _, st := range k.streams {
		if contains(st.topics, topic) {
			out = append(out, st)
		}
	}
	return out
}

func (k *socket) Event(ctx context.Context, l plugin.Line, topic string, e plugin.DialectEvent) [][]byte {
	var data struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(e.Data, &data)
	if data.ID == "" {
		return nil
	}
	switch {
	case strings.HasPrefix(topic, "post:"):
		return k.postEvent(ctx, e.Type, data.ID)
	case e.Type == "notification.created":
		return k.notification(ctx, topic, data.ID)
	case e.Type == posts.EventPostCreated:
		return k.update(ctx, l, topic, data.ID)
	case e.Type == posts.EventPostUpdated:
		return k.edited(ctx, topic, data.ID)
	case e.Type == posts.EventPostDeleted:
		var frames [][]byte
		for _, st := range k.following(topic) {
			frames = append(frames, frame(st, eventDelete, data.ID))
		}
		return frames
	}
	return nil
}

// update is a new status, as the viewer sees it, for each stream of topic
// it belongs to; the user stream then follows its edits and deletion.
func (k *socket) update(ctx context.Context, l plugin.Line, topic, id string) [][]byte {
	frames, sent := k.statusFrames(ctx, topic, id, eventUpdate)
	for _, s := range sent {
		if s.name == StreamUser {
			k.track(l, id)
		}
	}
	return frames
}

// edited is a public status's edit, as the viewer sees it, for each
// stream of topic (the public feed's) it belongs to. The user stream hears
// edits on the post's own topic (postEvent).
func (k *socket) edited(ctx context.Context, topic, id string) [][]byte {
	frames, _ := k.statusFrames(ctx, topic, id, eventStatusUpdate)
	return frames
}

// statusFrames are event frames of status id, as the viewer sees it, for
// the streams of topic it belongs to (sent); none when the viewer may not
// read it.
func (k *socket) statusFrames(ctx context.Context, topic, id, event string) (frames [][]byte, sent []stream) {
	streams := k.following(topic)
	if len(streams) == 0 {
		return nil, nil
	}
	st, ok := k.status(ctx, id)
	if !ok {
		return nil, nil
	}
	payload, _ := json.Marshal(st)
	for _, s := range streams {
		if belongs(s, st) {
			frames = append(frames, frame(s, event, string(payload)))
			sent = append(sent, s)
		}
	}
	return frames, sent
}

// belongs tells whether status goes to stream s (a hashtag stream's tag,
// the media streams' attachment).
func belongs(s stream, st Status) bool {
	switch s.name {
	case StreamHashtag, StreamLocalHashtag:
		for _, t := range st.Tags {
			if strings.EqualFold(t.Name, s.tag) {
				return true
			}
		}
		return false
	case StreamMedia, StreamLocalMedia:
		return len(st.MediaAttachments) > 0
	}
	return true
}

// track follows post:{id} of a status sent on the user stream, for its
// deletion and edits (a followers-only post has no public topic).
func (k *socket) track(l plugin.Line, id string) {
	k.mu.Lock()
	if contains(k.tracked, id) {
		k.mu.Unlock()
		return
	}
	k.tracked = append(k.tracked, id)
	var dropped []string
	for len(k.tracked) > trackedPosts {
		dropped = append(dropped, postTopic(k.tracked[0]))
		k.tracked = k.tracked[1:]
	}
	k.mu.Unlock()
	l.Unfollow(dropped...)
	if refused := l.Follow(postTopic(id)); len(refused) > 0 {
		k.mu.Lock()
		k.tracked = remove(k.tracked, id)
		k.mu.Unlock()
	}
}

// postEvent is a tracked status deleted or edited, on the user stream.
// A deletion ends the tracking, so that the revocation of the post's
// subscription that follows tells nothing more.
func (k *socket) postEvent(ctx context.Context, typ, id string) [][]byte {
	if typ == posts.EventPostDeleted {
		if user, ok := k.untrack(id); ok {
			return [][]byte{frame(user, eventDelete, id)}
		}
		return nil
	}
	k.mu.Lock()
	user, ok := k.streams[stream{name: StreamUser}.key()]
	tracked := contains(k.tracked, id)
	k.mu.Unlock()
	if !ok || !tracked {
		return nil
	}
	switch typ {
	case posts.EventPostUpdated:
		st, ok := k.status(ctx, id)
		if !ok {
			return nil
		}
		payload, _ := json.Marshal(st)
		return [][]byte{frame(user, eventStatusUpdate, string(payload))}
	}
	return nil
}

// status is post id as the viewer sees it; ok is false when they may not.
func (k *socket) status(ctx context.Context, id string) (Status, bool) {
	pid, err := domain.ParsePostID(id)
	if err != nil {
		return Status{}, false
	}
	it, err := k.s.Posts.Handle(ctx, k.viewer, pid)
	if err != nil {
		return Status{}, false
	}
	return k.s.Base.Status(postwire.Present(ctx, k.s.Media, it)), true
}

// notification is one of the viewer's new notifications, for the user and
// user:notification streams.
func (k *socket) notification(ctx context.Context, topic, id string) [][]byte {
	streams := k.following(topic)
	if len(streams) == 0 || k.s.Notifications == nil {
		return nil
	}
	n, ok := k.s.Notifications(ctx, k.viewer, id)
	if !ok {
		return nil
	}
	payload, _ := json.Marshal(n)
	frames := make([][]byte, 0, len(streams))
	for _, s := range streams {
		frames = append(frames, frame(s, eventNotification, string(payload)))
	}
	return frames
}

// streamFrame is Mastodon's message: the stream, the event and its
// payload, itself JSON in a string for update and notification.
type streamFrame struct {
	Stream  []string `json:"stream"`
	Event   string   `json:"event"`
	Payload string   `json:"payload"`
}

func frame(s stream, event, payload string) []byte {
	raw, _ := json.Marshal(streamFrame{Stream: s.label(), Event: event, Payload: payload})
	return raw
}

func errorFrame(status int, message string) []byte {
	raw, _ := json.Marshal(map[string]any{"error": message, "status": status})
	return raw
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func remove(list []string, s string) []string {
	out := list[:0]
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}
