import { formatDistanceToNow } from 'date-fns'
import { ptBR } from 'date-fns/locale'
import { Link } from 'react-router'

import { cn } from '@/lib/utils'

import { postsMessages as m } from '../messages'

interface AuthorLinksProps {
  /** The author's profile page. */
  to: string
  name: string
  handle: string
  /** A comment's smaller lettering, a step below a post's. */
  small?: boolean
}

/** The author's name and @handle over a post or a comment, both leading to the profile. */
export function AuthorLinks({ to, name, handle, small = false }: AuthorLinksProps) {
  return (
    <>
      <Link to={to} title={name} className={cn('max-w-full truncate font-semibold hover:underline', small && 'text-sm')}>
        {name}
      </Link>
      <Link
        to={to}
        title={m.handle(handle)}
        className={cn('max-w-full truncate text-muted-foreground hover:underline', small ? 'text-xs' : 'text-sm')}
      >
        {m.handle(handle)}
      </Link>
    </>
  )
}

/** When a post or a comment was written, as 'há 5 minutos'. */
export function WrittenAgo({ at }: { at: string }) {
  return (
    <time dateTime={at} className="text-xs text-muted-foreground">
      {formatDistanceToNow(new Date(at), { addSuffix: true, locale: ptBR })}
    </time>
  )
}
