/** Every text of /email/unsubscribe, the page a digest e-mail's link opens (no session needed). */
export const emailDigestMessages = {
  title: 'Resumo semanal por e-mail',
  working: 'Cancelando o resumo semanal...',
  done: 'Você não receberá mais o resumo semanal por e-mail.',
  doneHint: 'Mudou de ideia? Você pode ativar o resumo de novo em Configurações > Notificações.',
  openSettings: 'Abrir Configurações',
  goHome: 'Ir para o início',
  noLink: 'Este link de cancelamento está incompleto. Abra de novo o link do e-mail, ou desative o resumo em Configurações > Notificações.',
  failed: 'Não foi possível cancelar o resumo agora.',
  failedHint: 'Verifique sua conexão e tente de novo.',
  offline: 'Sem conexão: o resumo será cancelado quando você estiver on-line.',
  retry: 'Tentar novamente',
} as const
