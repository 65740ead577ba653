const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' })
const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' })

/** hh:mm in Brazilian format (messages). */
export function messageTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

/** The inbox's time of a conversation: hh:mm today, dd/mm before. */
export function inboxTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dayFormat.format(date)
}
