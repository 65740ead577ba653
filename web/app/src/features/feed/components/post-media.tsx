import { useState } from 'react'

import { feedMessages as m } from '../messages'
import type { FeedPost } from '../types'

/**
 * A post's image or video (spec 000 §2): at most 24rem high; 'Carregando
 * mídia...' until it has loaded, 'Erro ao carregar mídia' when it cannot.
 * Keyed by URL by the caller, so a new signed link starts over.
 */
export function PostMedia({ post, authorName }: { post: FeedPost; authorName: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const url = post.media_url
  if (!url || post.type === 'text') return null
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
        <img
          src={url}
          alt={m.imageAlt(authorName)}
          className="max-h-96 w-full rounded-lg object-contain"
          onLoad={onLoad}
          onError={onError}
        />
      )}
    </div>
  )
}
