import { formatDistanceToNow } from 'date-fns/formatDistanceToNow'
import { ptBR } from 'date-fns/locale/pt-BR'

/** 'há 5 minutos': pt-BR with the suffix, like the post cards. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  // A clock a little ahead of ours must not read 'em 1 minuto'.
  return formatDistanceToNow(date.getTime() > now.getTime() ? now : date, { addSuffix: true, locale: ptBR })
}
