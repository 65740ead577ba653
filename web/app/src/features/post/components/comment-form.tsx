import { useId, useRef, useState, type SyntheticEvent } from 'react'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { OfflineNotice } from '@/features/pwa'
import { refocusField } from '@/lib/focus'
import { useOnline } from '@/lib/online'
import { clipCodePoints, codePointLength } from '@/lib/text-length'
import { cn } from '@/lib/utils'

import { COMMENT_MAX_LENGTH, commentFailureOf, useCreateComment } from '../api/comments'
import { postMessages as m } from '../messages'

/** 'Escreva um comentário...' with its counter and 'Comentar'. */
export function CommentForm({ postId }: { postId: string }) {
  const create = useCreateComment(postId)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const counterId = useId()
  const errorId = useId()
  const remaining = COMMENT_MAX_LENGTH - codePointLength(text)
  const busy = create.isPending
  const online = useOnline()
  const canSend = text.trim() !== '' && remaining >= 0 && !busy && online

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!canSend) return
    setError(null)
    // 'Comentar' is disabled while the comment is sent, which takes focus
    // from it: either way focus goes back to the field, to write the next
    // comment or correct this one (its error is read with it).
    create.mutate(text, {
      onSuccess: () => {
        setText('')
        refocusField(field.current)
      },
      onError: (failure) => {
        const shown = commentFailureOf(failure)
        if ('inline' in shown) setError(shown.inline)
        else toast.error(m.errorTitle, { description: shown.toast })
        refocusField(field.current)
      },
    })
  }

  return (
    <form className="grid gap-2" onSubmit={onSubmit}>
      <OfflineNotice />
      <Textarea
        ref={field}
        aria-label={m.commentPlaceholder}
        placeholder={m.commentPlaceholder}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        onChange={(event) => {
          setText(clipCodePoints(event.target.value, COMMENT_MAX_LENGTH))
          setError(null)
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-end gap-3">
        <span
          id={counterId}
          aria-label={m.remaining(remaining)}
          className={cn('text-sm tabular-nums text-muted-foreground', remaining < 20 && 'text-red-500')}
        >
          {remaining}
        </span>
        <Button type="submit" disabled={!canSend}>
          {busy ? m.commenting : m.comment}
        </Button>
      </div>
    </form>
  )
}
