/** The instance policies' pt-BR labels (react-admin's `resources.federation_policies`) and their texts. */
export const federationPoliciesMessages = {
  name: 'Política de servidor |||| Políticas de servidores',
  forcedCaseName: 'políticas de servidores',
  fields: {
    domain: 'Domínio',
    suspend: 'Suspender',
    silence: 'Silenciar',
    reject_media: 'Rejeitar mídia',
    reason: 'Motivo',
    accounts: 'Contas conhecidas',
    created_at: 'Criada em',
    updated_at: 'Alterada em',
    q: 'Buscar domínio',
  },
  help: {
    domain: 'O domínio do outro servidor, como exemplo.social (sem https://). Não muda depois de criada.',
    suspend: 'Nada é aceito dele nem enviado a ele; as contas dele somem daqui, com publicações e seguidores.',
    silence: 'As publicações das contas dele só chegam a quem as segue: fora do feed público, explorar, hashtags e busca.',
    reject_media: 'Nenhuma imagem ou vídeo dele é copiado para cá.',
    reason: 'Fica com a política e no registro de auditoria (obrigatório, até 500 caracteres).',
  },
  remove: 'Remover política',
  remove_title: 'Remover a política deste servidor',
  removed: 'Política removida',
  create_title: 'Nova política de servidor',
  edit_title: 'Editar política de %{domain}',
};

/** The report screen's forwarding to the reported account's server. */
export const forwardReportMessages = {
  forward: 'Encaminhar ao servidor de origem',
  title: 'Encaminhar a denúncia',
  explain:
    'A moderação de %{server} recebe o texto abaixo e o post ou comentário denunciado, assinados por este servidor. Quem denunciou não é identificado. Só é possível encaminhar uma vez.',
  content: 'Texto para a moderação do outro servidor',
  counter: '%{count}/500 caracteres',
  confirm: 'Encaminhar',
  cancel: 'Cancelar',
  done: 'Denúncia encaminhada a %{server}.',
  forwarded: 'Encaminhada a %{server} em %{date}',
  loading: 'Verificando o encaminhamento…',
};

/** A text of forwardReportMessages with its %{name} placeholders filled in. */
export function forwardText(text: string, values: Record<string, string>): string {
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
