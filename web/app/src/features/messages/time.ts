import { formatDistance } from 'date-fns/formatDistance'
import { ptBR } from 'date-fns/locale/pt-BR'

const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' })
const dayOfYearFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' })
const fullFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' })

/**
 * When a message was sent, as the rest of the app says it of posts: the
 * same day 'há 5 minutos' (pt-BR, with the suffix), before that its date,
 * dd/mm (dd/mm/aaaa in another year). Days are the member's own, in their
 * time zone.
 */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (date.toDateString() === now.toDateString()) {
    // A sender's clock a little ahead of ours must not read 'em 1 minuto'.
    return formatDistance(date.getTime() > now.getTime() ? now : date, now, { addSuffix: true, locale: ptBR })
  }
  return date.getFullYear() === now.getFullYear() ? dayFormat.format(date) : dayOfYearFormat.format(date)
}

/** The exact moment, for a time's tooltip: '20 de novembro de 2026 às 15:04'. */
export function messageMoment(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : fullFormat.format(date)
}
