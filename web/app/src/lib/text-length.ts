/**
 * Text limits count Unicode code points, as the server does (Go's
 * utf8.RuneCountInString): an emoji like 😀 is one character, not the two
 * UTF-16 units that `string.length` and the textarea's `maxLength` count.
 */
export function codePointLength(text: string): number {
  return Array.from(text).length
}

/** The text cut to at most `max` code points (never splits a surrogate pair). */
export function clipCodePoints(text: string, max: number): string {
  if (text.length <= max) return text
  return Array.from(text).slice(0, max).join('')
}
