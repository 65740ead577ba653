import { ArrowLeft, Send } from 'lucide-react'
import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { Link, useParams } from 'react-router'
import { toast } from '@/lib/toast'

import { NextPageButton } from '@/components/next-page-button'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { OfflineNotice } from '@/features/pwa'
import { useSession } from '@/features/session'
import { ApiError } from '@/lib/api'
import { refocusField } from '@/lib/focus'
import { useOnline } from '@/lib/online'
import { cn } from '@/lib/utils'

import { useConversation, useMarkRead, useSendMessage, useThread } from '../api/messages-api'
import { markerCovers } from '../live-events'
import { MAX_MESSAGE_LENGTH, messagesMessages as m } from '../messages'
import { messagesPaths } from '../paths'
import { messageMoment, messageTime } from '../time'
import type { Conversation, DirectMessage } from '../types'

import { PeerAvatar } from './peer-avatar'

/** /messages/{id}: one conversation, oldest message at the top, the composer below. */
export function ConversationScreen() {
  const { conversationId = '' } = useParams()
  const { user } = useSession()
  const conversation = useConversation(conversationId)

  if (!user) return <p className="py-12 text-center text-muted-foreground">{m.loggedOut}</p>
  if (conversation.isPending) return <Spinner label={m.loading} className="justify-self-center py-12" />
  if (conversation.isError) {
    const missing = conversation.error instanceof ApiError && conversation.error.status === 404
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 py-10 text-center">
          <p className="text-lg font-semibold">{missing ? m.notFound : m.conversationFailed}</p>
          {missing ? <p className="text-muted-foreground">{m.notFoundHint}</p> : null}
          <Button asChild variant="outline">
            <Link to={messagesPaths.messages}>{m.back}</Link>
          </Button>
        </CardContent>
      </Card>
    )
  }
  return <ConversationView conversation={conversation.data} me={user.id} />
}

function ConversationView({ conversation, me }: { conversation: Conversation; me: string }) {
  const { peer } = conversation
  const name = peer.display_name || peer.handle
  const thread = useThread(conversation.id, true)
  const markRead = useMarkRead(conversation.id)
  const { mutate: read } = markRead
  // Newest first from the server; shown oldest first.
  const messages = [...(thread.data?.pages.flatMap((page) => page.items ?? []) ?? [])].reverse()
  const newest = messages.at(-1)

  // Opening the conversation, and every message arriving while it is open,
  // moves the member's read marker: once per newest message.
  const readFor = useRef<string | null>(null)
  const latest = conversation.last_message?.id ?? null
  useEffect(() => {
    if (conversation.unread_count > 0 && readFor.current !== latest) {
      readFor.current = latest
      read()
    }
  }, [conversation.unread_count, latest, read])

  // The newest message of mine the other participant has seen.
  let seen: DirectMessage | undefined
  for (const message of messages) {
    if (message.sender_id === me && markerCovers(conversation.peer_read, message)) seen = message
  }
  const end = useRef<HTMLLIElement>(null)
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (typeof end.current?.scrollIntoView === 'function') end.current.scrollIntoView({ block: 'nearest' })
  }, [newest?.id])

  return (
    <section className="grid gap-4">
      <header className="flex items-center gap-3">
        <Button asChild variant="ghost" size="icon" aria-label={m.back}>
          <Link to={messagesPaths.messages}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <Link to={paths.userProfile(peer.handle)} className="flex min-w-0 items-center gap-3 hover:underline">
          <PeerAvatar peer={peer} />
          <span className="grid min-w-0">
            <h1 className="truncate text-lg font-semibold">{name}</h1>
            <span className="truncate text-sm text-muted-foreground">@{peer.handle}</span>
          </span>
        </Link>
      </header>
      <Card className="gap-4 py-4">
        <CardContent className="grid gap-4 px-4">
          <NextPageButton pages={thread} className="justify-self-center">
            {m.older}
          </NextPageButton>
          {thread.isPending ? <Spinner label={m.loading} className="justify-self-center py-6" /> : null}
          <ol aria-label={m.messagesLabel(name)} aria-live="polite" className="grid max-h-[60svh] gap-2 overflow-y-auto">
            {!thread.isPending && messages.length === 0 ? (
              <li className="py-6 text-center text-sm text-muted-foreground">{m.startHint(name)}</li>
            ) : null}
            {messages.map((message) => (
              <Bubble key={message.id} message={message} mine={message.sender_id === me} seen={message === seen} />
            ))}
            <li ref={end} aria-hidden="true" />
          </ol>
          {conversation.can_send ? (
            <Composer conversationId={conversation.id} />
          ) : (
            <p role="note" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
              {m.restricted}
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  )
}

function Bubble({ message, mine, seen }: { message: DirectMessage; mine: boolean; seen: boolean }) {
  return (
    <li className={cn('grid max-w-[80%] gap-0.5', mine ? 'justify-self-end justify-items-end' : 'justify-self-start')}>
      <p
        className={cn(
          'rounded-2xl px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap',
          mine ? 'bg-primary text-primary-foreground' : 'bg-muted',
        )}
      >
        {message.text}
      </p>
      <span className="text-xs text-muted-foreground">
        <time dateTime={message.created_at} title={messageMoment(message.created_at)}>
          {messageTime(message.created_at)}
        </time>
        {seen ? ` · ${m.seen}` : null}
      </span>
    </li>
  )
}

/** The text box ('Digite sua mensagem...') and 'Enviar', disabled while blank; Enter sends, Shift+Enter breaks the line. */
function Composer({ conversationId }: { conversationId: string }) {
  const send = useSendMessage(conversationId)
  const [text, setText] = useState('')
  const field = useRef<HTMLTextAreaElement>(null)
  const trimmed = text.trim()
  const online = useOnline()

  const submit = () => {
    if (!trimmed || send.isPending || !online) return
    send.mutate(trimmed, {
      onSuccess: () => {
        setText('')
        refocusField(field.current)
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.problem?.detail : undefined
        toast.error(m.sendFailedTitle, { description: detail ?? m.sendFailed })
        refocusField(field.current)
      },
    })
  }
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    submit()
  }

  return (
    <form className="grid gap-1" onSubmit={onSubmit}>
      <OfflineNotice />
      <div className="flex items-end gap-2">
        <Textarea
          ref={field}
          aria-label={m.messageLabel}
          placeholder={m.messagePlaceholder}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          rows={1}
          className="max-h-40 min-h-10 resize-none"
          onChange={(event) => {
            setText(event.target.value)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              submit()
            }
          }}
        />
        <Button type="submit" size="icon" aria-label={m.send} disabled={!trimmed || send.isPending || !online}>
          <Send aria-hidden="true" />
        </Button>
      </div>
      {text.length > MAX_MESSAGE_LENGTH * 0.9 ? (
        <span className="justify-self-end text-xs text-muted-foreground">
          {m.counter(text.length, MAX_MESSAGE_LENGTH)}
        </span>
      ) : null}
    </form>
  )
}
