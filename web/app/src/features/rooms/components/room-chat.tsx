import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { refocusField } from '@/lib/focus'

import { useSendMessage } from '../api/room-live-data'
import { roomsMessages as m } from '../messages'
import { messageTime } from '../time'
import type { RoomMessage } from '../types'


/** The 'Chat' card: messages oldest first and the input (send disabled while blank). */
export function RoomChat({ roomId, messages }: { roomId: string; messages: RoomMessage[] }) {
  const send = useSendMessage(roomId)
  const [text, setText] = useState('')
  const inputId = useId()
  const list = useRef<HTMLOListElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const trimmed = text.trim()

  // The newest message in view: the list scrolls, never the page (scrolling
  // an element into view would also move the window, and a phone opening a
  // room would land on the chat with the room's name out of sight).
  useEffect(() => {
    const box = list.current
    if (box) box.scrollTop = box.scrollHeight
  }, [messages.length])

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!trimmed || send.isPending) return
    send.mutate(trimmed, {
      onSuccess: () => {
        setText('')
        refocusField(field.current)
      },
      onError: () => {
        toast.error(m.sendFailedTitle, { description: m.sendFailed })
        refocusField(field.current)
      },
    })
  }

  return (
    <Card role="region" aria-labelledby="room-chat" className="gap-4">
      <CardHeader>
        <CardTitle id="room-chat">{m.chat}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol ref={list} aria-label={m.chat} aria-live="polite" className="grid max-h-80 gap-3 overflow-y-auto">
          {messages.length === 0 ? <li className="text-sm text-muted-foreground">{m.noMessages}</li> : null}
          {messages.map((message) => (
            <li key={message.id} className="grid gap-0.5">
              <div className="flex items-baseline gap-2">
                <span className="min-w-0 text-sm font-medium wrap-anywhere">{message.author.display_name || m.unknownUser}</span>
                {/* The time keeps its width: a long unbroken name wraps, not 'hh:mm' into a column of digits. */}
                <time dateTime={message.created_at} className="shrink-0 text-xs text-muted-foreground">
                  {messageTime(message.created_at)}
                </time>
              </div>
              <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.text}</p>
            </li>
          ))}
        </ol>
        <form className="flex gap-2" onSubmit={onSubmit}>
          <Input
            ref={field}
            id={inputId}
            aria-label={m.messageLabel}
            placeholder={m.messagePlaceholder}
            value={text}
            maxLength={500}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value)
            }}
          />
          <Button type="submit" size="icon" aria-label={m.send} disabled={!trimmed || send.isPending}>
            <Send aria-hidden="true" />
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
