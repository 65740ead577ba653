package app

import "social/core/errs"

// pt-BR texts and codes of room answers, shown as they are; codes never
// change once published.
const (
	MsgFieldsRequired   = "Por favor, preencha o nome da sala e selecione uma estação de rádio"
	MsgNotFound         = "Sala não encontrada"
	MsgHostOnly         = "Apenas o host pode controlar a reprodução"
	MsgHostOnlyEnd      = "Apenas o host pode encerrar a sala"
	MsgParticipantsOnly = "Entre na sala para enviar mensagens"
	MsgMessageEmpty     = "Digite uma mensagem"
	MsgMessageTooLong   = "A mensagem deve ter no máximo 500 caracteres"
	MsgNameTooLong      = "O nome da sala deve ter no máximo 100 caracteres"
	MsgDescTooLong      = "A descrição deve ter no máximo 500 caracteres"
	MsgUnknownStation   = "Estação de rádio não encontrada"
	MsgBadTrack         = "Endereço de áudio inválido"
	MsgStreamNotAllowed = "Este endereço de áudio não é permitido. Escolha uma estação de rádio da lista."
	MsgRadioLive        = "Salas de rádio tocam ao vivo: não há controle de reprodução"
	MsgBadPlayback      = "Ação de reprodução inválida"
	MsgNoProfile        = "Você precisa de um perfil para criar salas."
	MsgHostOnlyRemove   = "Apenas o host pode remover ou banir participantes"
	MsgCannotRemoveHost = "O host não pode remover a si mesmo da sala"
	MsgNotParticipant   = "Esta pessoa não está na sala"
	MsgRemoved          = "Você foi removido desta sala pelo host. Entre novamente para voltar."
	MsgBanned           = "Você foi banido desta sala pelo host."

	CodeUnauthenticated  = "unauthenticated"
	CodeFieldsRequired   = "room_fields_required"
	CodeNotFound         = "room_not_found"
	CodeHostOnly         = "room_host_only"
	CodeParticipantsOnly = "room_participants_only"
	CodeMessageEmpty     = "message_empty"
	CodeMessageTooLong   = "message_too_long"
	CodeInvalid          = "invalid_input"
	CodeUnknownStation   = "station_not_found"
	CodeStreamNotAllowed = "room_stream_not_allowed"
	CodeRadioLive        = "room_radio_live"
	CodeNoProfile        = "profile_required"
	CodeCannotRemoveHost = "room_cannot_remove_host"
	CodeNotParticipant   = "room_participant_not_found"
	CodeRemoved          = "room_removed"
	CodeBanned           = "room_banned"
)

// Limits of a room's texts.
const (
	MaxMessage     = 500
	MaxName        = 100
	MaxDescription = 500
	// MessagesShown is how many of the latest messages GET .../messages reads.
	MessagesShown = 100
	// RoomsShown caps the list of active rooms.
	RoomsShown = 100
)

func unauthenticated() error {
	return errs.Unauthenticated(CodeUnauthenticated, errs.MsgUnauthenticated)
}
func notFound() error { return errs.NotFound(CodeNotFound, MsgNotFound) }
