package app

// Codes and pt-BR messages of the plugin's errors. Servers of the social
// web read the status; the code and the message are for the people who
// look at a refused request.
const (
	CodeNotFound    = "federation_not_found"
	CodeBadResource = "federation_bad_resource"

	MsgNotFound    = "Perfil não encontrado neste servidor."
	MsgBadResource = "Informe o recurso como acct:usuario@dominio ou o endereço de um perfil deste servidor."
)
