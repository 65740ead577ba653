import { MessageCircle } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'

import { CountBadge } from '@/components/layout/count-badge'
import { Page } from '@/components/layout/page'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { SearchInput } from '@/components/search-input'
import { QueryLoadFailed } from '@/components/load-failed'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useSession } from '@/features/session'

import { useInbox } from '../api/messages-api'
import { messagesMessages as m } from '../messages'
import { messagesPaths } from '../paths'
import { messageMoment, messageTime } from '../time'
import type { Conversation } from '../types'

import { MessageSettingsCard } from './message-settings-card'
import { PeerAvatar } from './peer-avatar'

/**
 * /messages: conversation search, 'No conversations
 * yet', 'Find People to Message') over the member's real conversations,
 * latest message first.
 */
export function MessagesScreen() {
  const { status, user } = useSession()
  // The access guard keeps 'loading' from reaching here; say nothing meanwhile.
  if (status === 'loading') return null
  if (!user) return <p className="py-12 text-center text-muted-foreground">{m.loggedOut}</p>
  return <Inbox me={user.id} />
}

function Inbox({ me }: { me: string }) {
  const [search, setSearch] = useState('')
  const query = useDeferredValue(search.trim())
  const inbox = useInbox(query)
  const items = inbox.data?.pages.flatMap((page) => page.items ?? []) ?? []

  return (
    <Page title={m.title}>
      <SearchInput
        aria-label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.target.value)
        }}
      />
      {inbox.isPending ? (
        <Spinner label={m.loading} className="justify-self-center py-8" />
      ) : inbox.isError && items.length === 0 ? (
        <Card>
          <QueryLoadFailed query={inbox} message={m.loadFailed} retryLabel={m.retry} />
        </Card>
      ) : items.length === 0 ? (
        query ? (
          <Card>
            <CardContent className="grid justify-items-center gap-2 py-8 text-center">
              <p className="font-medium">{m.noResults}</p>
              <p className="text-sm text-muted-foreground">{m.noResultsHint}</p>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardContent className="grid justify-items-center gap-4 py-8 text-center">
              <MessageCircle aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="text-muted-foreground">{m.empty}</p>
              <Button asChild>
                <Link to={paths.search}>{m.findPeople}</Link>
              </Button>
            </CardContent>
          </Card>
        )
      ) : (
        <ul aria-label={m.conversationsLabel} className="grid divide-y rounded-lg border bg-card">
          {items.map((conversation) => (
            <ConversationRow key={conversation.id} conversation={conversation} me={me} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <LoadMore loading={inbox.isFetchingNextPage} onLoad={() => void inbox.fetchNextPage()}>
          {m.loadMore}
        </LoadMore>
      ) : null}
      <MessageSettingsCard />
    </Page>
  )
}

function ConversationRow({ conversation, me }: { conversation: Conversation; me: string }) {
  const { peer, last_message: last, unread_count: unread } = conversation
  const name = peer.display_name || peer.handle
  const preview = last ? (last.sender_id === me ? m.you(last.text) : last.text) : ''
  return (
    <li>
      <Link
        to={messagesPaths.conversation(conversation.id)}
        className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
      >
        <PeerAvatar peer={peer} />
        <span className="grid min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={unread > 0 ? 'truncate font-semibold' : 'truncate font-medium'}>{name}</span>
            <span className="truncate text-xs text-muted-foreground">@{peer.handle}</span>
          </span>
          <span className={unread > 0 ? 'truncate text-sm text-foreground' : 'truncate text-sm text-muted-foreground'}>
            {preview}
          </span>
        </span>
        <span className="grid justify-items-end gap-1">
          {last ? (
            <time dateTime={last.created_at} title={messageMoment(last.created_at)} className="text-xs text-muted-foreground">
              {messageTime(last.created_at)}
            </time>
          ) : null}
          <CountBadge count={unread} label={m.unread(unread)} />
        </span>
      </Link>
    </li>
  )
}
