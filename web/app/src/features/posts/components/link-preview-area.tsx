import { LoaderCircle } from 'lucide-react'

import type { LinkPreviewState } from '../hooks/use-link-preview'
import { postsMessages as m } from '../messages'

import { LinkPreviewCard } from './link-preview-card'

/**
 * The preview of the first link of a post being written: loading, the card,
 * or 'Erro: {message}'. Announced politely as it changes.
 */
export function LinkPreviewArea({ state }: { state: LinkPreviewState }) {
  return (
    <div aria-live="polite" aria-label={m.linkPreview} role="region" className="empty:hidden">
      {state.status === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {m.linkPreviewLoading}
        </p>
      ) : state.status === 'error' ? (
        <p className="text-sm text-destructive">{m.linkPreviewError(state.message)}</p>
      ) : state.status === 'ready' ? (
        <LinkPreviewCard
          preview={{
            url: state.preview.url || state.url,
            title: state.preview.title,
            description: state.preview.description,
            // The page's picture is not loaded while writing: its address is the page's
            // choice, and loading it would tell that host who is typing the link. The
            // published post shows the server's copy.
            imageUrl: null,
            siteName: state.preview.siteName,
          }}
        />
      ) : null}
    </div>
  )
}
