package httpsig

import "errors"

// Code names what was wrong with a signed request. Codes are stable: a
// caller maps them to its answers (401 for all but CodeBodyTooLarge,
// which is a 413) and may publish them.
type Code string

const (
	// CodeMissing: neither a Signature nor a Signature-Input header.
	CodeMissing Code = "signature_missing"
	// CodeMalformed: a signature header that does not parse, a parameter
	// missing or repeated, a header value too long.
	CodeMalformed Code = "signature_malformed"
	// CodeAlgorithm: an algorithm this package does not accept, or one
	// that does not fit the key.
	CodeAlgorithm Code = "signature_algorithm"
	// CodeCoverage: the signature does not cover what it must
	// ((request-target), host, date or created, digest for a body).
	CodeCoverage Code = "signature_coverage"
	// CodeDate: the Date header (or created) is missing or unreadable.
	CodeDate Code = "signature_date"
	// CodeExpired: signed too long ago, or past its expires.
	CodeExpired Code = "signature_expired"
	// CodeFuture: signed further in the future than the clock skew allows.
	CodeFuture Code = "signature_future"
	// CodeDigestMissing: a body without a signed digest of it.
	CodeDigestMissing Code = "digest_missing"
	// CodeDigestUnsupported: a digest header naming no algorithm we check.
	CodeDigestUnsupported Code = "digest_unsupported"
	// CodeDigestMismatch: the digest does not match the body.
	CodeDigestMismatch Code = "digest_mismatch"
	// CodeBodyTooLarge: the body is larger than the caller allows.
	CodeBodyTooLarge Code = "body_too_large"
	// CodeKeyUnavailable: the caller's resolver found no key for keyId.
	CodeKeyUnavailable Code = "signature_key_unavailable"
	// CodeKeyRejected: the key is of a kind or size we refuse.
	CodeKeyRejected Code = "signature_key_rejected"
	// CodeInvalid: the signature does not verify with the key, nor with
	// the fresh key the resolver was asked for once.
	CodeInvalid Code = "signature_invalid"
)

// messages are the pt-BR texts a caller may show for each code.
var messages = map[Code]string{
	CodeMissing:           "A requisição não está assinada.",
	CodeMalformed:         "A assinatura da requisição está malformada.",
	CodeAlgorithm:         "O algoritmo da assinatura não é aceito.",
	CodeCoverage:          "A assinatura não cobre os cabeçalhos exigidos.",
	CodeDate:              "A data da requisição está ausente ou é inválida.",
	CodeExpired:           "A assinatura da requisição expirou.",
	CodeFuture:            "A data da assinatura está no futuro.",
	CodeDigestMissing:     "Falta o resumo assinado do corpo da requisição.",
	CodeDigestUnsupported: "O algoritmo do resumo do corpo não é aceito.",
	CodeDigestMismatch:    "O resumo não confere com o corpo da requisição.",
	CodeBodyTooLarge:      "O corpo da requisição excede o tamanho permitido.",
	CodeKeyUnavailable:    "Não foi possível obter a chave pública do remetente.",
	CodeKeyRejected:       "A chave pública do remetente não é aceita.",
	CodeInvalid:           "A assinatura da requisição não confere.",
}

// Error is why a request was refused. Detail is English for the logs
// (never a key or a signature value); Message is what a caller may show.
type Error struct {
	Code   Code
	Detail string
	Cause  error
}

func (e *Error) Error() string {
	msg := string(e.Code)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Cause != nil {
		msg += ": " + e.Cause.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Cause }

// Message is the pt-BR text for the error's code.
func (e *Error) Message() string { return Message(e.Code) }

// Message is the pt-BR text for a code.
func Message(c Code) string {
	if m, ok := messages[c]; ok {
		return m
	}
	return messages[CodeInvalid]
}

// CodeOf is the code of err, or "" when err is not an *Error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func fail(c Code, detail string) *Error { return &Error{Code: c, Detail: detail} }

func failWith(c Code, detail string, cause error) *Error {
	return &Error{Code: c, Detail: detail, Cause: cause}
}
