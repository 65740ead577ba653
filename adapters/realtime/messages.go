package realtime

import (
	"bytes"
	"encoding/json"
	"time"
)

// Message types of the protocol (see the package documentation).
const (
	msgSubscribe   = "subscribe"
	msgUnsubscribe = "unsubscribe"
	msgPing        = "ping"
	msgPong        = "pong"
	msgSubscribed  = "subscribed"
	msgRevoked     = "revoked"
	msgEvent       = "event"
	msgError       = "error"
)

// clientMessage is what a client sends. A subscribe or unsubscribe names
// one topic (Topic) or several at once (Topics); the answer uses the same
// form.
type clientMessage struct {
	Type   string   `json:"type"`
	Topic  string   `json:"topic"`
	Topics []string `json:"topics"`
}

type eventBody struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

type serverMessage struct {
	Type   string     `json:"type"`
	Topic  string     `json:"topic,omitempty"`
	Topics []string   `json:"topics,omitempty"`
	Event  *eventBody `json:"event,omitempty"`
	// PublishedAt is when the event was published, right after the write
	// it reports committed (RFC 3339, UTC, microseconds): a client can tell
	// how late an event arrives, and order events of different topics.
	PublishedAt string `json:"published_at,omitempty"`
	Code        string `json:"code,omitempty"`
	Message     string `json:"message,omitempty"`
}

// publishedAtTail is how an event's encoding ends: published_at is the
// last field of serverMessage, and its layout has a fixed length.
var publishedAtTail = []byte(`"published_at":"`)

// publishedAt reads an event's published_at from its encoding without
// decoding the rest; ok is false for any other message.
func publishedAt(msg []byte) (at time.Time, ok bool) {
	const closing = len(`"}`)
	n := len(PublishedAtLayout) - len("Z07:00") + len("Z")
	end := len(msg) - closing
	if end-n < 0 || !bytes.HasSuffix(msg[:end-n], publishedAtTail) {
		return time.Time{}, false
	}
	at, err := time.Parse(PublishedAtLayout, string(msg[end-n:end]))
	return at, err == nil
}

func encode(m serverMessage) []byte {
	raw, _ := json.Marshal(m) // only strings: cannot fail
	return raw
}

// Error codes and their pt-BR messages.
const (
	codeInvalidMessage = "message_invalid"
	codeUnknownTopic   = "topic_unknown"
	codeForbidden      = "topic_forbidden"
	codeTooMany        = "too_many_subscriptions"
	codeUnavailable    = "topic_unavailable"

	msgTextInvalid     = "Mensagem inválida."
	msgTextUnknown     = "Canal desconhecido."
	msgTextForbidden   = "Você não tem acesso a este canal."
	msgTextTooMany     = "Você já acompanha canais demais nesta conexão."
	msgTextUnavailable = "Não foi possível acompanhar este canal agora. Tente novamente."
)

// Close codes of the application range (4000-4999) and their reasons.
const (
	// closeTooManySockets: the member already holds the most sockets a
	// member may hold; the client waits before trying again.
	closeTooManySockets  = 4429
	reasonTooManySockets = "conexões demais abertas por este membro"
)
