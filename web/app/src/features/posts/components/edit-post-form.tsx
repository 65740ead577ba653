import { useId, useState, type SyntheticEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { clipCodePoints, codePointLength } from '@/lib/text-length'

import { useUpdatePost } from '../api/update-post'
import { postsMessages as m } from '../messages'

import { ImageAltField } from './image-alt-field'
import { POST_MAX_LENGTH, RemainingCounter } from './remaining-counter'

interface EditPostFormProps {
  id: string
  text: string
  /** The image's description of an image post ('' when none); undefined for other posts. */
  imageAlt?: string
  onDone: () => void
}

/** The author's edit of a post's text (and image description), in place of the text on the card. */
export function EditPostForm({ id, text: initial, imageAlt: initialAlt, onDone }: EditPostFormProps) {
  const [text, setText] = useState(initial)
  const [imageAlt, setImageAlt] = useState(initialAlt ?? '')
  const update = useUpdatePost()
  const counterId = useId()
  const altChanged = initialAlt !== undefined && imageAlt !== initialAlt
  const changed = text !== initial || altChanged
  const canSave = text.trim() !== '' && codePointLength(text) <= POST_MAX_LENGTH && changed && !update.isPending

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!canSave) return
    update.mutate({ id, text, imageAlt: altChanged ? imageAlt : undefined }, { onSuccess: onDone })
  }

  return (
    <form className="grid gap-2" onSubmit={onSubmit}>
      <Textarea
        aria-label={m.editLabel}
        aria-describedby={counterId}
        value={text}
        autoFocus
        onChange={(event) => {
          setText(clipCodePoints(event.target.value, POST_MAX_LENGTH))
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone()
        }}
      />
      {initialAlt !== undefined ? (
        <ImageAltField value={imageAlt} onChange={setImageAlt} disabled={update.isPending} />
      ) : null}
      <div className="flex items-center gap-2">
        <RemainingCounter id={counterId} length={codePointLength(text)} />
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={!canSave}>
          {update.isPending ? m.saving : m.save}
        </Button>
      </div>
    </form>
  )
}
