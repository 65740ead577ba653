import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { useApiClient } from '@/lib/api'
import { parseRichText, shortenUrl } from '@/lib/rich-text'
import { cn } from '@/lib/utils'

const linkClass = 'font-medium text-primary hover:underline'

/**
 * Whether a member has this handle (GET /profiles/{handle} answers 200). One
 * question per handle, kept for the session: a mention becomes a link only
 * once the profile is known to exist.
 */
function useHandleExists(handle: string): boolean {
  const client = useApiClient()
  const query = useQuery({
    queryKey: ['profiles', 'exists', handle],
    queryFn: async () => {
      const { response } = await client.GET('/api/v1/profiles/{handle}', { params: { path: { handle } } })
      return response.status === 200
    },
    staleTime: Infinity,
    retry: false,
  })
  return query.data === true
}

function Mention({ text, handle }: { text: string; handle: string }) {
  const exists = useHandleExists(handle)
  if (!exists) return text
  return (
    <Link to={paths.userProfile(handle)} className={linkClass}>
      {text}
    </Link>
  )
}

/**
 * Text a member wrote (a post, a comment), rendered as text, never as HTML:
 * http(s) links open in a new tab, shortened for display with the whole
 * address in their title; #hashtags search for the tag; @mentions go to the
 * profile when it exists. Long words wrap instead of widening the layout.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => parseRichText(text), [text])
  return (
    <p className={cn('whitespace-pre-line wrap-anywhere', className)}>
      {parts.map((part, index) => {
        switch (part.kind) {
          case 'url':
            return (
              <a
                key={index}
                href={part.href}
                title={part.href}
                target="_blank"
                rel="noopener nofollow ugc"
                className={linkClass}
              >
                {shortenUrl(part.href)}
              </a>
            )
          case 'hashtag':
            return (
              <Link key={index} to={`${paths.search}?q=${encodeURIComponent(`#${part.tag}`)}`} className={linkClass}>
                {part.text}
              </Link>
            )
          case 'mention':
            return <Mention key={index} text={part.text} handle={part.handle} />
          default:
            return part.text
        }
      })}
    </p>
  )
}
