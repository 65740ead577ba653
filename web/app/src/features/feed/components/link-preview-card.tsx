import { useState } from 'react'

import type { LinkPreviewData } from '../link-preview-data'

/** A link preview; its image hides itself when it fails to load. Only http(s) links are shown. */
export function LinkPreviewCard({ preview }: { preview: LinkPreviewData | null }) {
  const [failedImage, setFailedImage] = useState<string | null>(null)
  if (!preview || !/^https?:\/\//i.test(preview.url)) return null
  const { url, imageUrl, siteName, description } = preview
  const title = preview.title || url
  const showImage = Boolean(imageUrl && /^https?:\/\//i.test(imageUrl) && failedImage !== imageUrl)
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
          className="max-h-64 w-full object-cover"
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
