import { formatDistanceToNow } from 'date-fns/formatDistanceToNow'
import { ptBR } from 'date-fns/locale/pt-BR'

/** 'há 5 minutos' (a clock a little ahead of ours reads 'há menos de um minuto'). */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return formatDistanceToNow(date.getTime() > now.getTime() ? now : date, { addSuffix: true, locale: ptBR })
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' })

/** '12 de novembro de 2026'. */
export function longDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date)
}

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** '820 KB', '12,4 MB': a file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${sizeFormat.format(value)} ${units[unit] ?? 'GB'}`
}

/** 'em 23 horas': when something will be allowed. */
export function relativeFuture(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return formatDistanceToNow(date.getTime() < now.getTime() ? now : date, { addSuffix: true, locale: ptBR })
}
