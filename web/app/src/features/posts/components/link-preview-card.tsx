import { useState } from 'react'

import type { LinkPreviewData } from '../link-preview-data'

/** Whether src is an address an image may load from: our own path, or http(s). */
function isImageAddress(src: string): boolean {
  return /^https?:\/\//i.test(src) || /^\/(?![/\\])/.test(src)
}

/**
 * A link preview; its image hides itself when it fails to load. Only http(s) links are shown.
 * The image is the server's copy of the page's picture (a post's link_preview_image_url), never
 * the address the page named.
 */
export function LinkPreviewCard({ preview }: { preview: LinkPreviewData | null }) {
  const [failedImage, setFailedImage] = useState<string | null>(null)
  if (!preview || !/^https?:\/\//i.test(preview.url)) return null
  const { url, imageUrl, siteName, description } = preview
  const title = preview.title || url
  const showImage = Boolean(imageUrl && isImageAddress(imageUrl) && failedImage !== imageUrl)
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="block overflow-hidden rounded-lg border transition-colors hover:bg-accent"
    >
      {showImage && imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          // Sized as the 1200x630 pictures pages name for previews, so the
          // card keeps its height while the picture loads; cropped to it.
          width={1200}
          height={630}
          loading="lazy"
          decoding="async"
          className="h-auto max-h-64 w-full object-cover"
          onError={() => {
            setFailedImage(imageUrl)
          }}
        />
      ) : null}
      <span className="grid gap-1 p-3 text-sm">
        {siteName ? <span className="text-xs text-muted-foreground">{siteName}</span> : null}
        <span className="font-medium">{title}</span>
        {description ? <span className="line-clamp-2 text-muted-foreground">{description}</span> : null}
      </span>
    </a>
  )
}
