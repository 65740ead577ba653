package httpapi

import (
	"net/http"
	"sort"

	"social/kit/httpkit"
)

// Codes and pt-BR messages of the refusals this API adds to the use
// cases' own.
const (
	CodeTokenRequired = "token_required"
	MsgTokenRequired  = "Token de acesso ausente ou inválido."

	CodeBadParameter = "invalid_parameter"

	// A locked account (follows on request) does not exist here.
	CodeLockedUnsupported = "locked_unsupported"
	MsgLockedUnsupported  = "Perfis nesta rede são sempre abertos: qualquer pessoa pode seguir sem pedir."

	// A profile has two fields, the website and the location.
	CodeUnknownField = "profile_field_unknown"
	MsgUnknownField  = "O perfil só tem os campos Site e Localização."

	CodeRecordNotFound = "record_not_found"
	MsgRecordNotFound  = "Registro não encontrado."

	// A boost has no counterpart: a share is a counter on a copied link.
	CodeReblogUnsupported = "reblog_unsupported"
	MsgReblogUnsupported  = "Aqui não existe impulsionar: compartilhe o link do post."

	// What a status may carry on Mastodon and not here.
	CodeUnsupportedParameter = "unsupported_parameter"
	MsgVisibilityUnsupported = "Visibilidade não suportada: use public (todos) ou private (só seguidores)."
	MsgTooManyMedia          = "Um post pode ter no máximo 1 imagem ou vídeo."
	MsgSpoilerUnsupported    = "Aviso de conteúdo não é suportado: publique sem spoiler_text."
	MsgScheduleUnsupported   = "Não é possível agendar posts."
	MsgPollUnsupported       = "Enquetes não são suportadas."
	MsgReplyMedia            = "Comentários não podem ter imagem ou vídeo."
	MsgMediaNotFound         = "Mídia não encontrada."

	MsgMediaFixed = "A imagem ou o vídeo de um post não pode ser trocado; só a descrição."

	// Comments are written once and not translated.
	CodeCommentNotEditable     = "comment_not_editable"
	MsgCommentNotEditable      = "Comentários não podem ser editados."
	CodeCommentNotTranslatable = "comment_not_translatable"
	MsgCommentNotTranslatable  = "Só posts podem ser traduzidos."

	// Only posts are liked.
	CodeCommentNotLikeable = "comment_not_likeable"
	MsgCommentNotLikeable  = "Comentários não podem ser curtidos."
)

// MastodonError is Mastodon's Error entity, with this API's stable code
// beside the message (apps show error; code is for programs).
type MastodonError struct {
	Error string `json:"error"`
	// Code is the stable code of the refusal, as in this API's problems.
	Code string `json:"code"`
	// Details are a form's problems, field by field (Mastodon's
	// validation errors carry them in the same place).
	Details map[string]string `json:"details,omitempty"`
}

// writeError answers err in Mastodon's shape, with the status and the
// pt-BR message the same error gets on this API's own operations
// (httpkit.ProblemFrom: a use case's kinds, a database outage, the
// logging of 5xx).
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	p := httpkit.ProblemFrom(r.Context(), err)
	for k, v := range p.GetHeaders() {
		w.Header()[k] = v
	}
	body := MastodonError{Error: p.Detail, Code: p.Code}
	if len(p.Errors) > 0 {
		// A form's first problem is the most useful single line for an
		// app that shows only error.
		sort.Slice(p.Errors, func(i, j int) bool { return p.Errors[i].Location < p.Errors[j].Location })
		body.Error = p.Errors[0].Message
		body.Details = map[string]string{}
		for _, f := range p.Errors {
			body.Details[f.Location] = f.Message
		}
	}
	writeJSON(w, p.Status, body)
}
