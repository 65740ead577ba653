// Control characters (C0, DEL, C1), written as escapes so the source stays printable.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * The cleaning of free text (display name, bio, location): trim, remove
 * control characters, collapse runs of whitespace. The server cleans the same
 * way and has the last word; the client uses it to check lengths early.
 */
export function cleanText(value: string): string {
  return value.trim().replace(controlCharacters, '').replace(/\s+/g, ' ')
}

/** Length in characters (code points), as the server counts, not UTF-16 units. */
export function characterCount(value: string): number {
  return Array.from(value).length
}
