package realtime

import "encoding/json"

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
	Type    string     `json:"type"`
	Topic   string     `json:"topic,omitempty"`
	Topics  []string   `json:"topics,omitempty"`
	Event   *eventBody `json:"event,omitempty"`
	Code    string     `json:"code,omitempty"`
	Message string     `json:"message,omitempty"`
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
