import { useId } from 'react'

import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { clipCodePoints, codePointLength } from '@/lib/text-length'
import { cn } from '@/lib/utils'

import { postsMessages as m } from '../messages'

/** The server's limit on an image's description, in code points. */
export const IMAGE_ALT_MAX_LENGTH = 1500

interface ImageAltFieldProps {
  value: string
  onChange: (value: string) => void
  /** The server's message for the field, if it refused it. */
  error?: string | null
  disabled?: boolean
}

/**
 * The optional description of a picked image (its alt text), with what is
 * left of its 1,500 characters. Shared by every place a post is written.
 */
export function ImageAltField({ value, onChange, error, disabled }: ImageAltFieldProps) {
  const ids = { field: useId(), hint: useId(), counter: useId(), error: useId() }
  const remaining = IMAGE_ALT_MAX_LENGTH - codePointLength(value)
  const describedBy = [ids.hint, ids.counter, error ? ids.error : null].filter(Boolean).join(' ')
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={ids.field}>{m.imageAltLabel}</Label>
      <Textarea
        id={ids.field}
        value={value}
        disabled={disabled}
        rows={2}
        className="max-h-48 min-h-12 [overflow-wrap:anywhere]"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onChange(clipCodePoints(event.target.value, IMAGE_ALT_MAX_LENGTH))
        }}
      />
      <div className="flex items-start justify-between gap-2">
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {m.imageAltHint}
        </p>
        <span
          id={ids.counter}
          data-testid="image-alt-remaining"
          aria-label={m.imageAltRemaining(remaining)}
          className={cn('shrink-0 text-xs tabular-nums text-muted-foreground', remaining < 100 && 'text-red-500')}
        >
          {remaining}
        </span>
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
