import { useState } from 'react'

import type { FeedPost } from '../types'

/** The post's link preview; its image hides itself when it fails to load. */
export function LinkPreviewCard({ post }: { post: FeedPost }) {
  const [imageFailed, setImageFailed] = useState(false)
  const url = post.link_preview_url
  if (!url || !/^https?:\/\//i.test(url)) return null
  const title = post.link_preview_title ?? url
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="block overflow-hidden rounded-lg border transition-colors hover:bg-accent"
    >
      {post.link_preview_image_url && !imageFailed ? (
        <img
          src={post.link_preview_image_url}
          alt=""
          className="max-h-64 w-full object-cover"
          onError={() => {
            setImageFailed(true)
          }}
        />
      ) : null}
      <span className="grid gap-1 p-3 text-sm">
        {post.link_preview_site_name ? (
          <span className="text-xs text-muted-foreground">{post.link_preview_site_name}</span>
        ) : null}
        <span className="font-medium">{title}</span>
        {post.link_preview_description ? (
          <span className="line-clamp-2 text-muted-foreground">{post.link_preview_description}</span>
        ) : null}
      </span>
    </a>
  )
}
