package realtime

import "encoding/json"

// Message types of the protocol (see the package documentation).
const (
	msgSubscribe   = "subscribe"
	msgUnsubscribe = "unsubscribe"
	msgPing        = "ping"
	msgPong        = "pong"
	msgSubscribed  = "subscribed"
	msgEvent       = "event"
	msgError       = "error"
)

type clientMessage struct {
	Type  string `json:"type"`
	Topic string `json:"topic"`
}

type eventBody struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

type serverMessage struct {
	Type    string     `json:"type"`
	Topic   string     `json:"topic,omitempty"`
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
