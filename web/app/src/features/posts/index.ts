/**
 * The posts library: posting (composer, media, link preview), the post card
 * and its actions, the post API and the feeds' query cache. The screens that
 * list posts (feed, post page, profile, communities) are built on it.
 */
// Shared with the create-post screen: one place for posting, media and link preview.
export { appendImageAlt, createPost, useCreatePost, type NewPost, type PostVisibility } from './api/create-post'
export { ImageAltField, IMAGE_ALT_MAX_LENGTH } from './components/image-alt-field'
export { useImageAlt } from './hooks/use-image-alt'
export { Composer, POST_MAX_LENGTH, POST_WARN_LENGTH, type ComposerMutation } from './components/composer'
export { createFailureOf } from './components/post-failure'
export { LinkPreviewArea } from './components/link-preview-area'
export { LinkPreviewCard } from './components/link-preview-card'
export type { LinkPreviewData } from './link-preview-data'
export { MediaPickButton } from './components/media-pick-button'
export { MediaPreview } from './components/media-preview'
export { useLinkPreview, LINK_PREVIEW_DELAY_MS, type LinkPreviewState } from './hooks/use-link-preview'
export { useMediaPicker, type PickedMedia } from './hooks/use-media-picker'
export { checkMedia, formatMegabytes, firstHttpUrl, mediaAccept, type MediaKind } from './media'

// Shared with the post page, the feed, profiles and communities.
export { useDeletePost } from './api/delete-post'
export { feedKeys, postKeys } from './api/feed-keys'
export { DeletePostDialog } from './components/delete-post-dialog'
export { usePostDeletion } from './hooks/use-post-deletion'
export { PostCard, PostCardView, type PostCardViewProps } from './components/post-card'
export { FEED_MEDIA_SIZES } from './components/post-media-sizes'
export { AuthorLinks, WrittenAgo } from './components/author-links'
export { PostCardSkeleton } from './components/post-card-skeleton'
export { removeCachedPost } from './api/feed-cache'
export type { FeedAlgorithm, FeedPage, FeedPost } from './types'
