const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' })

/** hh:mm in Brazilian format (chat). */
export function messageTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

/** m:ss of a track position (the seek slider). */
export function trackTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${String(minutes)}:${String(rest).padStart(2, '0')}`
}
