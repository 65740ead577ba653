import type { FeedPost } from './types'

/** What a link preview card shows: a post's five link_preview fields, or the composer's preview. */
export interface LinkPreviewData {
  url: string
  title?: string | null
  description?: string | null
  imageUrl?: string | null
  siteName?: string | null
}

/** A post's stored link preview, or null when it has none. */
export function linkPreviewOfPost(post: FeedPost): LinkPreviewData | null {
  if (!post.link_preview_url) return null
  return {
    url: post.link_preview_url,
    title: post.link_preview_title,
    description: post.link_preview_description,
    imageUrl: post.link_preview_image_url,
    siteName: post.link_preview_site_name,
  }
}
