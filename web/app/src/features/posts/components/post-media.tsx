import { useId, useState } from 'react'

import { Button } from '@/components/ui/button'

import { postsMessages as m } from '../messages'
import type { FeedPost } from '../types'

import { mediaSrcSet, POST_MEDIA_SIZES } from './post-media-sizes'

interface PostMediaProps {
  post: FeedPost
  authorName: string
  /** The first image of the screen, its largest paint on a phone: loaded at once and first. Others wait until near the screen. */
  priority?: boolean
  /** How wide the image is shown (an img sizes attribute); POST_MEDIA_SIZES by default. */
  sizes?: string
}

/**
 * A post's image or video: at most 24rem high; 'Carregando
 * mídia...' until it has loaded, 'Erro ao carregar mídia' when it cannot.
 * Keyed by URL by the caller, so a new signed link starts over. An image
 * with a description has it as its alt text, and an 'ALT' button shows it
 * to those who see the image too. The image's box has its size from the
 * start (media_width and media_height), so nothing moves when it arrives,
 * and the browser picks the copy that fits its slot (srcset, sizes).
 */
export function PostMedia({ post, authorName, priority = false, sizes = POST_MEDIA_SIZES }: PostMediaProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const [altShown, setAltShown] = useState(false)
  const altId = useId()
  const description = post.type === 'image' ? (post.image_alt ?? null) : null
  const url = post.media_url
  if (!url || post.type === 'text') return null
  const srcSet = mediaSrcSet(post)
  const width = post.media_width ?? undefined
  const height = post.media_height ?? undefined
  const onLoad = () => {
    setState('ready')
  }
  const onError = () => {
    setState('error')
  }
  return (
    <div className="grid gap-2">
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {state === 'loading' ? m.mediaLoading : state === 'error' ? m.mediaFailed : null}
      </p>
      {state === 'error' ? null : post.type === 'video' ? (
        <video
          src={url}
          controls
          preload="metadata"
          aria-label={m.videoLabel(authorName)}
          className="max-h-96 w-full rounded-lg bg-black"
          onLoadedMetadata={onLoad}
          onError={onError}
        />
      ) : (
        <div className="relative">
          <img
            src={url}
            srcSet={srcSet || undefined}
            sizes={srcSet ? sizes : undefined}
            width={width}
            height={height}
            style={width && height ? { aspectRatio: `${String(width)} / ${String(height)}` } : undefined}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={priority ? 'high' : undefined}
            alt={description ?? m.imageAlt(authorName)}
            className="h-auto max-h-96 w-full rounded-lg object-contain"
            onLoad={onLoad}
            onError={onError}
          />
          {description ? (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              className="absolute bottom-2 left-2 h-7 px-2 text-xs font-bold tracking-wide opacity-90"
              aria-label={altShown ? m.hideImageAlt : m.showImageAlt}
              aria-expanded={altShown}
              aria-controls={altId}
              onClick={() => {
                setAltShown((shown) => !shown)
              }}
            >
              {m.altBadge}
            </Button>
          ) : null}
        </div>
      )}
      {description ? (
        <div id={altId} hidden={!altShown} role="note" aria-label={m.imageAltTitle} className="rounded-md bg-muted p-3 text-sm">
          <p className="mb-1 font-medium">{m.imageAltTitle}</p>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{description}</p>
        </div>
      ) : null}
    </div>
  )
}
