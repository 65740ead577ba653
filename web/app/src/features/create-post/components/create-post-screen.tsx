import { ArrowLeft } from 'lucide-react'
import { useId, useState, type SyntheticEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import { FieldFooter, LabeledField } from '@/components/labeled-field'
import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import {
  createFailureOf,
  ImageAltField,
  LinkPreviewArea,
  MediaPickButton,
  MediaPreview,
  POST_MAX_LENGTH,
  POST_WARN_LENGTH,
  useCreatePost,
  useImageAlt,
  useLinkPreview,
  useMediaPicker,
  type MediaKind,
  type PostVisibility,
} from '@/features/posts'
import { ApiError, fieldErrorsOf } from '@/lib/api'
import { afterCommit, focusFirst } from '@/lib/focus'
import { cn } from '@/lib/utils'

import { createPostMessages as m } from '../messages'

type PostType = 'text' | MediaKind

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50'

const typeOptions: SelectOption<PostType>[] = [
  { value: 'text', label: m.typeText },
  { value: 'image', label: m.typeImage },
  { value: 'video', label: m.typeVideo },
]

const visibilityOptions: SelectOption<PostVisibility>[] = [
  { value: 'public', label: m.visibilityPublic },
  { value: 'friends_only', label: m.visibilityFollowers },
]

/** /create-post: the screen writing a post. */
export function CreatePostScreen() {
  const navigate = useNavigate()
  const location = useLocation()
  const createPost = useCreatePost()
  const picker = useMediaPicker()
  const [text, setText] = useState('')
  const [type, setType] = useState<PostType>('text')
  const [visibility, setVisibility] = useState<PostVisibility>('public')
  const [textError, setTextError] = useState<string | null>(null)
  const imageAlt = useImageAlt()
  const linkPreview = useLinkPreview(text)
  const ids = { content: useId(), counter: useId(), error: useId(), type: useId(), visibility: useId() }

  const busy = createPost.isPending
  const remaining = POST_MAX_LENGTH - text.length
  const warning = text.length > POST_WARN_LENGTH
  const media = type === 'text' ? null : picker.media
  const canPublish = (text.trim() !== '' || media !== null) && !busy

  /** The previous page, or the feed when this screen was the first one. */
  const goBack = () => {
    if (location.key === 'default') void navigate(paths.home)
    else void navigate(-1)
  }

  const onTypeChange = (next: PostType) => {
    setType(next)
    // A picked file of another kind no longer fits.
    if (picker.media && picker.media.kind !== next) picker.remove()
  }

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!canPublish) return
    setTextError(null)
    imageAlt.setError(null)
    createPost.mutate(
      { text, visibility, media: media ? { file: media.file, kind: media.kind } : null, imageAlt: imageAlt.value },
      {
        onSuccess: () => {
          toast.success(m.created, { description: m.createdDescription })
          void navigate(paths.home)
          // The feed starts with focus on its <main>, as a new page is read
          // from its top; 'Publicar', which had it, is gone.
          afterCommit(() => {
            focusFirst()
          })
        },
        onError: (error) => {
          const problem = error instanceof ApiError ? error.problem : undefined
          const fields = fieldErrorsOf(problem)
          if (fields.image_alt) {
            imageAlt.setError(fields.image_alt)
            return
          }
          const fieldError = fields.text_content
          if (fieldError) {
            setTextError(fieldError)
            return
          }
          const failure = createFailureOf(error)
          toast.error(failure.title, { description: failure.description })
        },
      },
    )
  }

  return (
    <Page
      title={m.title}
      actions={
        <Button variant="ghost" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          {m.back}
        </Button>
      }
    >
      <Card className="p-4 sm:p-6">
        <form className="grid gap-5" onSubmit={onSubmit} aria-busy={busy}>
          <LabeledField htmlFor={ids.content} label={m.contentLabel}>
            <Textarea
              id={ids.content}
              placeholder={m.contentPlaceholder}
              className="min-h-32"
              value={text}
              aria-invalid={textError ? true : undefined}
              aria-describedby={textError ? `${ids.counter} ${ids.error}` : ids.counter}
              onChange={(event) => {
                setText(event.target.value)
                setTextError(null)
              }}
            />
            <FieldFooter errorId={ids.error} error={textError}>
              <span
                id={ids.counter}
                data-testid="remaining-characters"
                aria-label={m.remaining(remaining)}
                className={cn('text-sm tabular-nums text-muted-foreground', warning && 'text-red-500')}
              >
                {remaining}
              </span>
            </FieldFooter>
          </LabeledField>

          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={ids.type}
              label={m.typeLabel}
              value={type}
              disabled={busy}
              options={typeOptions}
              onChange={onTypeChange}
            />
            <SelectField
              id={ids.visibility}
              label={m.visibilityLabel}
              value={visibility}
              disabled={busy}
              options={visibilityOptions}
              onChange={setVisibility}
            />
          </div>

          {type !== 'text' ? (
            <div className="grid justify-items-start gap-3">
              <MediaPickButton
                key={type}
                kind={type}
                label={type === 'video' ? m.chooseVideo : m.chooseImage}
                disabled={busy}
                onPick={(file) => {
                  picker.pick(file, type)
                }}
              >
                {type === 'video' ? m.chooseVideo : m.chooseImage}
              </MediaPickButton>
              {media ? (
                <div className="w-full">
                  <MediaPreview media={media} onRemove={picker.remove} showDetails />
                </div>
              ) : null}
              {media?.kind === 'image' ? (
                <div className="w-full">
                  <ImageAltField {...imageAlt.field} disabled={busy} />
                </div>
              ) : null}
            </div>
          ) : null}

          <LinkPreviewArea state={linkPreview} />

          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={goBack} disabled={busy}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={!canPublish}>
              {busy ? m.publishing : m.publish}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  )
}

interface SelectOption<T extends string> {
  value: T
  label: string
}

interface SelectFieldProps<T extends string> {
  id: string
  label: string
  value: T
  disabled: boolean
  options: SelectOption<T>[]
  onChange: (value: T) => void
}

/** A labelled native select; its values are only those of its options. */
function SelectField<T extends string>({ id, label, value, disabled, options, onChange }: SelectFieldProps<T>) {
  return (
    <LabeledField htmlFor={id} label={label}>
      <select
        id={id}
        className={selectClass}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value as T)
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabeledField>
  )
}
