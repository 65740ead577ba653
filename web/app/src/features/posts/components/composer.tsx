import { useId, useRef, useState, type SyntheticEvent } from 'react'
import { toast } from '@/lib/toast'

import { MemberAvatar } from '@/components/member-avatar'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Textarea } from '@/components/ui/textarea'
import { OfflineNotice } from '@/features/pwa'
import { useSession } from '@/features/session'
import { ApiError, fieldErrorsOf } from '@/lib/api'
import { refocusField } from '@/lib/focus'
import { useOnline } from '@/lib/online'
import { clipCodePoints, codePointLength } from '@/lib/text-length'

import { useCreatePost, type NewPost } from '../api/create-post'
import { useImageAlt } from '../hooks/use-image-alt'
import { useLinkPreview } from '../hooks/use-link-preview'
import { useMediaPicker } from '../hooks/use-media-picker'
import { postsMessages as m } from '../messages'

import { LinkPreviewArea } from './link-preview-area'
import { MediaPickButton } from './media-pick-button'
import { MediaPreview } from './media-preview'
import { ImageAltField } from './image-alt-field'
import { createFailureOf } from './post-failure'

import { POST_MAX_LENGTH, RemainingCounter } from './remaining-counter'

export { POST_MAX_LENGTH, POST_WARN_LENGTH } from './remaining-counter'

/**
 * What the composer posts with: by default the core feed's useCreatePost; a
 * community hands its own, which posts with the community as audience_id.
 */
export interface ComposerMutation {
  mutate: (post: NewPost, options?: { onSuccess?: () => void; onError?: (error: Error) => void }) => void
  isPending: boolean
}

/** The composer at the top of the feed: text, one image or video, a link preview. */
export function Composer({ mutation }: { mutation?: ComposerMutation } = {}) {
  const { user } = useSession()
  const corePost = useCreatePost()
  const createPost = mutation ?? corePost
  const [text, setText] = useState('')
  const [serverError, setServerError] = useState<string | null>(null)
  const imageAlt = useImageAlt()
  const picker = useMediaPicker()
  const linkPreview = useLinkPreview(text)
  const errorId = useId()
  const counterId = useId()
  const field = useRef<HTMLTextAreaElement>(null)

  const remaining = POST_MAX_LENGTH - codePointLength(text)
  const busy = createPost.isPending
  const hasContent = text.trim() !== '' || picker.media !== null
  const online = useOnline()
  const canPost = hasContent && remaining >= 0 && !busy && online
  const name = user?.displayName || user?.handle || ''

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!canPost) return
    setServerError(null)
    imageAlt.setError(null)
    const media = picker.media
    createPost.mutate(
      { text, media: media ? { file: media.file, kind: media.kind } : null, imageAlt: imageAlt.value },
      {
        onSuccess: () => {
          setText('')
          imageAlt.setValue('')
          picker.remove()
          toast.success(m.created, { description: m.createdDescription })
          // 'Postar' is disabled once the field is empty, which drops focus
          // to <body>. It goes back to the empty field instead: the member
          // stays where they write, as in the apps they know, while the toast
          // (a live region) says the post is out; the new post is the next
          // card of the feed below, one heading or Tab away. Jumping to it
          // would read the text just written back to them.
          refocusField(field.current)
        },
        onError: (error) => {
          // Back to the field, where the error is read with it (or the toast beside it).
          refocusField(field.current)
          const problem = error instanceof ApiError ? error.problem : undefined
          const fields = fieldErrorsOf(problem)
          if (error instanceof ApiError && error.status === 422 && fields.image_alt) {
            imageAlt.setError(fields.image_alt)
            return
          }
          const fieldError = fields.text_content
          if (error instanceof ApiError && error.status === 422 && fieldError) {
            setServerError(fieldError)
            return
          }
          const failure = createFailureOf(error)
          if (failure.inline) {
            setServerError(failure.description)
            return
          }
          toast.error(failure.title, { description: failure.description })
        },
      },
    )
  }

  return (
    <Card className="p-4">
      <form className="flex gap-3" onSubmit={onSubmit}>
        <MemberAvatar className="size-10" src={user?.avatarUrl} variants={user?.avatarVariants} name={name} size={40} eager />
        <div className="grid min-w-0 flex-1 gap-2">
          <Textarea
            ref={field}
            aria-label={m.composerLabel}
            placeholder={m.composerPlaceholder}
            value={text}
            aria-invalid={serverError ? true : undefined}
            aria-describedby={serverError ? `${counterId} ${errorId}` : counterId}
            onChange={(event) => {
              setText(clipCodePoints(event.target.value, POST_MAX_LENGTH))
              setServerError(null)
            }}
          />
          {serverError ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {serverError}
            </p>
          ) : null}
          {picker.media ? <MediaPreview media={picker.media} onRemove={picker.remove} /> : null}
          {picker.media?.kind === 'image' ? (
            <ImageAltField {...imageAlt.field} disabled={busy} />
          ) : null}
          <LinkPreviewArea state={linkPreview} />
          <div className="flex items-center gap-1">
            <MediaPickButton
              kind="image"
              label={m.addImage}
              disabled={busy}
              onPick={(file) => {
                if (picker.pick(file)) setServerError(null)
              }}
            />
            <MediaPickButton
              kind="video"
              label={m.addVideo}
              disabled={busy}
              onPick={(file) => {
                if (picker.pick(file)) setServerError(null)
              }}
            />
            <RemainingCounter id={counterId} length={codePointLength(text)} />
            <Button type="submit" className="ml-2" disabled={!canPost}>
              {busy ? m.posting : m.post}
            </Button>
          </div>
          <OfflineNotice />
        </div>
      </form>
    </Card>
  )
}
