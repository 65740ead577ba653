import { X } from 'lucide-react'

import { Button } from '@/components/ui/button'

import type { PickedMedia } from '../hooks/use-media-picker'
import { formatMegabytes } from '../media'
import { postsMessages as m } from '../messages'

interface MediaPreviewProps {
  media: PickedMedia
  onRemove: () => void
  /** The create-post screen's card also names the file and its size in MB. */
  showDetails?: boolean
}

/** The picked image or video before posting, with its remove button. */
export function MediaPreview({ media, onRemove, showDetails = false }: MediaPreviewProps) {
  return (
    <figure className="relative grid gap-2 rounded-lg border p-2" aria-label={m.mediaPreview}>
      {media.kind === 'video' ? (
        <video src={media.url} controls preload="metadata" className="max-h-96 w-full rounded-md" />
      ) : (
        <img src={media.url} alt={media.file.name} className="max-h-96 w-full rounded-md object-contain" />
      )}
      {showDetails ? (
        <figcaption className="flex items-center justify-between gap-2 text-sm">
          <span className="truncate font-medium">{media.file.name}</span>
          <span className="shrink-0 tabular-nums text-muted-foreground">{formatMegabytes(media.file.size)}</span>
        </figcaption>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="icon"
        className="absolute top-3 right-3 size-8 rounded-full"
        aria-label={m.removeMedia}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </figure>
  )
}
