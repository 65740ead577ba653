// Package realtime is the WebSocket gateway at /api/v1/realtime (Melody),
// the topic router that authorizes subscriptions, and the bus behind
// ports.Broadcaster: in-process (MemoryBus, one node) or NATS (NATSBus,
// every node's sockets get what any node publishes), per realtime.bus.
//
// # Handshake
//
// Browsers cannot set headers on a WebSocket, so the access token travels
// in the query: GET /api/v1/realtime?access_token=<JWT>. It is checked
// before the upgrade exactly as the auth middleware checks a bearer token
// (signature, expiry, live session); a bearer header is accepted too. No
// valid viewer: 401. The Origin header, when present, must equal the
// origin of http.public_url (else 403): every browser sends Origin on a
// WebSocket handshake, so its absence means a non-browser client, which
// cross-site WebSocket hijacking cannot use, and which must hold a token
// anyway (nothing here rides on cookies).
//
// # Messages (JSON text frames)
//
// Client to server:
//
//	{"type":"subscribe","topic":"feed:public"}
//	{"type":"unsubscribe","topic":"feed:public"}
//	{"type":"ping"}
//
// Server to client:
//
//	{"type":"subscribed","topic":"feed:public"}
//	{"type":"event","topic":"feed:public","event":{"type":"post.created","data":{...}}}
//	{"type":"error","topic":"user:...:notifications","code":"topic_forbidden","message":"..."}
//	{"type":"pong"}
//
// A refused subscription gets an error (message in pt-BR) and nothing of
// that topic is delivered. Unsubscribing is silent; a ping sent after it
// is answered only once the unsubscribe took effect (messages of one
// socket are handled in order).
//
// # Topics
//
//   - feed:public: any signed-in member;
//   - user:{id}:notifications: only member {id};
//   - post:{id}: any signed-in member, then PostVisibility when provided;
//   - every plugin.Topic contributed by an enabled plugin (prefix +
//     Authorize, called with the viewer in the context).
//
// # Limits and closing codes
//
//   - an inbound message over 4 KiB: closed 1009;
//   - more than 10 messages a second sustained (burst 30): closed 1008;
//   - the server pings every 25 s; a client that answers no ping for 35 s
//     is dropped;
//   - a client more than 256 messages behind is disconnected with 1013
//     (try again later) instead of losing events silently; it resyncs over
//     HTTP and reconnects;
//   - at most once a minute, on a pong, the viewer's session is checked
//     again: a socket of a session that ended (sign-out, revocation) is
//     closed 1008;
//   - when the app stops, every socket gets 1001 before the HTTP server
//     stops.
package realtime
