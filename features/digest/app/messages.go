package app

// pt-BR texts and codes of the digest's answers; codes never change once
// published.
const (
	MsgLoggedOut     = "Você precisa estar logado para mudar o resumo por e-mail."
	MsgLinkInvalid   = "Este link de cancelamento é inválido. Desative o resumo semanal em Configurações > Notificações."
	MsgLinkExpired   = "Este link de cancelamento expirou. Desative o resumo semanal em Configurações > Notificações."
	MsgInvalidToken  = "Link de cancelamento inválido."
	CodeUnauthorized = "unauthenticated"
	CodeLinkInvalid  = "digest_link_invalid"
	CodeLinkExpired  = "digest_link_expired"
)

// The e-mail. Its subject says how many; the counts are by kind, in
// kindOrder, each in the singular or the plural.
const (
	subjectOne   = "Seu resumo semanal: 1 notificação não lida"
	subjectMany  = "Seu resumo semanal: %d notificações não lidas"
	greeting     = "Olá, %s!"
	introOne     = "Você tem 1 notificação que ainda não viu:"
	introMany    = "Você tem %d notificações que ainda não viu:"
	newestIntro  = "As mais recentes:"
	moreLine     = "E mais %d na sua lista."
	seeAll       = "Veja todas as suas notificações: %s"
	unsubscribe  = "Não quer mais receber este resumo? Cancele com um clique (não é preciso entrar): %s"
	settingsHint = "Você também pode ligar ou desligar o resumo em Configurações > Notificações."
	signature    = "Equipe social"
)

// kindNames are the singular and plural of each kind's count line.
var kindNames = map[string][2]string{
	"like":    {"1 curtida", "%d curtidas"},
	"comment": {"1 comentário", "%d comentários"},
	"follow":  {"1 novo seguidor", "%d novos seguidores"},
	"mention": {"1 menção", "%d menções"},
	otherKind: {"1 outro aviso", "%d outros avisos"},
}

// kindOrder is the order of the count lines; kinds without a name of
// their own (a kind added later) count as otherKind.
var kindOrder = []string{"like", "comment", "follow", "mention", otherKind}

const otherKind = "other"
