// Package realtime is the WebSocket gateway at /api/v1/realtime (Melody),
// the topic router that authorizes subscriptions, and the bus behind
// ports.Broadcaster: in-process (MemoryBus, one node) or NATS (NATSBus,
// every node's sockets get what any node publishes), per realtime.bus.
//
// # Handshake
//
// Browsers cannot set headers on a WebSocket, and a URL is kept by access
// logs, proxies and browser history, so the access token travels as a
// subprotocol: the client offers "social.v1" and "social.token.<JWT>" in
// Sec-WebSocket-Protocol (ClientProtocols), and the server chooses
// "social.v1", never echoing the token. The token is checked before the
// upgrade exactly as the auth middleware checks a bearer token
// (signature, expiry, live session); an Authorization header is accepted
// too. A token in the query (access_token) is refused with 400
// token_in_url. No valid viewer: 401. The Origin header, when present,
// must equal the origin of http.public_url (else 403): every browser sends
// Origin on a WebSocket handshake, so its absence means a non-browser
// client, which cross-site WebSocket hijacking cannot use, and which must
// hold a token anyway (nothing here rides on cookies).
//
// # Messages (JSON text frames)
//
// Client to server:
//
//	{"type":"subscribe","topics":["feed:public","post:…"]}   (at most 50)
//	{"type":"unsubscribe","topics":["post:…"]}
//	{"type":"subscribe","topic":"feed:public"}               (one topic)
//	{"type":"ping"}
//
// Server to client:
//
//	{"type":"subscribed","topics":["feed:public","post:…"]}  (or "topic")
//	{"type":"event","topic":"feed:public","event":{"type":"post.created","data":{...}},
//	 "published_at":"2026-11-26T01:50:00.123456Z"}
//	{"type":"error","topic":"user:...:notifications","code":"topic_forbidden","message":"..."}
//	{"type":"revoked","topic":"post:…","code":"topic_forbidden","message":"..."}
//	{"type":"pong"}
//
// A subscribe answers in the form it was asked: one "subscribed" naming
// every topic now followed, and an "error" of its own for each refusal.
// An event's published_at is the moment it was published, just after the
// write it reports committed. Nothing of a refused topic is delivered. Unsubscribing is silent; a ping
// sent after it is answered only once the unsubscribe took effect
// (messages of one socket are handled in order).
//
// # The right to read, for the life of a subscription
//
// Authorization is not only checked at subscribe time. Whatever narrows
// who may read (an unfollow, a removal from a community, a post deleted, a
// room ended) sends an access notice through PostgreSQL (ports.AccessChanges,
// LISTEN/NOTIFY on the database every node and command share), and each
// node authorizes again, at once, the subscriptions concerned: those now
// refused end with a "revoked" message. A node whose listening connection
// dropped checks every socket's session and subscriptions again once it is
// back. Session ends (sign-out, a password reset, a suspension from the
// API, the console or the command line) travel the same way and close the
// member's sockets with 1008 on every node.
//
// # Topics
//
//   - feed:public: any signed-in member;
//   - user:{id}:notifications: only member {id};
//   - home:{id}: what joins member {id}'s timeline (the timelines fan-out),
//     followers-only posts included: only member {id};
//   - post:{id}: any signed-in member, then plugin.PostVisibility when provided;
//   - every plugin.Topic contributed by an enabled plugin (prefix +
//     Authorize, called with the viewer in the context).
//
// # Limits and closing codes
//
//   - an inbound message over 4 KiB: closed 1009;
//   - more than 10 messages a second sustained (burst 30): closed 1008;
//   - more than 50 topics a second named in subscribes (burst 400): 1008;
//   - at most 400 topics followed by one socket (then too_many_subscriptions);
//   - at most 20 sockets of one member on one node: one more is closed at
//     once with 4429 and a reason;
//   - the server pings every 25 s; a client that answers no ping for 35 s
//     is dropped;
//   - a client more than 256 messages behind is disconnected with 1013
//     (try again later) instead of losing events silently; it resyncs over
//     HTTP and reconnects;
//   - at most once a minute, on a pong, the viewer's session is checked
//     again: a socket of a session that ended is closed 1008;
//   - when the app stops, every socket gets 1001 before the HTTP server
//     stops.
package realtime
