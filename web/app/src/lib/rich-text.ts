/** One run of a post's or comment's text: plain words, a link, a hashtag or a mention. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'url'; text: string; href: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; handle: string }

/**
 * http(s) links up to the next space; #words of letters, digits and _; @handles
 * as the sign-up rules write them (3 to 30 of a-z, 0-9, _), or an account of
 * another server as @user@host (its user may be shorter). A # or @ counts
 * only at the start or after a space or punctuation, so e-mail addresses and
 * the '#' inside a link stay where they are.
 */
const pattern =
  /(https?:\/\/[^\s<>"]+)|(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]+)|(?<![\p{L}\p{N}_@.])@([a-z0-9_]{1,30})(?:@((?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d{1,5})?))?(?![a-z0-9_@])/giu

/** Closing punctuation that ends a sentence rather than a link ("veja https://x.com."). */
const trailing = /[.,;:!?)\]}'"»]+$/u

/** Splits text into parts; joined back, their texts give the original exactly. */
export function parseRichText(source: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  const push = (text: string) => {
    if (text === '') return
    const previous = parts.at(-1)
    if (previous?.kind === 'text') previous.text += text
    else parts.push({ kind: 'text', text })
  }
  for (const match of source.matchAll(pattern)) {
    const start = match.index
    push(source.slice(last, start))
    const [whole, url, tag, user, host] = match
    if (url !== undefined) {
      const href = url.replace(trailing, '')
      parts.push({ kind: 'url', text: href, href })
      push(url.slice(href.length))
    } else if (tag !== undefined) {
      parts.push({ kind: 'hashtag', text: whole, tag: tag.toLowerCase() })
    } else if (host !== undefined) {
      parts.push({ kind: 'mention', text: whole, handle: `${user}@${host}`.toLowerCase() })
    } else if ((user ?? '').length >= 3) {
      parts.push({ kind: 'mention', text: whole, handle: (user ?? '').toLowerCase() })
    } else {
      push(whole)
    }
    last = start + whole.length
  }
  push(source.slice(last))
  return parts
}

/** How a link is shown: without the scheme and 'www.', at most `max` characters with an ellipsis. */
export function shortenUrl(href: string, max = 40): string {
  const bare = href.replace(/^https?:\/\//i, '').replace(/^www\./i, '')
  const chars = Array.from(bare)
  return chars.length <= max ? bare : `${chars.slice(0, max - 1).join('')}…`
}
