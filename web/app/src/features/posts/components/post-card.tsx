import { Heart, Languages, MessageCircle, Share2 } from 'lucide-react'
import { Link } from 'react-router'
import { memo, useRef, useState, type Ref } from 'react'
import { toast } from '@/lib/toast'

import { RichText } from '@/components/rich-text'
import { MemberAvatar } from '@/components/member-avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useOnScreen } from '@/lib/use-on-screen'
import { cn } from '@/lib/utils'

import { useSharePost } from '../api/share-post'
import { browserLanguage, useTranslatePost } from '../api/translate-post'
import { useTranslationAvailable } from '../api/translation-capabilities'
import { useLivePost } from '../hooks/use-live-post'
import { useToggleLike } from '../hooks/use-toggle-like'
import { linkPreviewOfPost } from '../link-preview-data'
import { postsMessages as m } from '../messages'
import type { FeedPost } from '../types'

import { AuthorLinks, WrittenAgo } from './author-links'
import { EditPostForm } from './edit-post-form'
import { LinkPreviewCard } from './link-preview-card'
import { PostMedia } from './post-media'
import { PostMenuButton } from './post-menu-button'

interface PostCardProps {
  post: FeedPost
  /** The signed-in member wrote it: the menu offers 'Editar' and 'Excluir' instead of 'Denunciar'. */
  isOwn: boolean
  /** Someone else's post the member may delete all the same (a community's owner): 'Excluir' beside 'Denunciar'. */
  canDelete?: boolean
  onDelete: (post: FeedPost) => void
  /** The image is the screen's first: loaded at once and first (PostMedia). */
  mediaPriority?: boolean
  /** How wide the image is shown (PostMedia's sizes). */
  mediaSizes?: string
}

export interface PostCardViewProps extends PostCardProps {
  /** The card's element, for whoever watches whether it is on screen. */
  cardRef?: Ref<HTMLDivElement>
}

/**
 * A post card, kept live on post:{id} while it is on screen (a
 * long feed follows only the posts the member can see). The text is
 * rendered as text, never as HTML. A card whose post and props are
 * unchanged is not drawn again when its list is.
 */
export const PostCard = memo(function PostCard(props: PostCardProps) {
  const card = useRef<HTMLDivElement>(null)
  useLivePost(props.post.id, useOnScreen(card))
  return <PostCardView {...props} cardRef={card} />
})

/** The card without its live topic. */
export function PostCardView({ post, isOwn, canDelete = false, onDelete, cardRef, mediaPriority, mediaSizes }: PostCardViewProps) {
  const toggleLike = useToggleLike()
  const share = useSharePost()
  const translate = useTranslatePost(post.id)
  const [translation, setTranslation] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)

  const onTranslate = () => {
    if (translation !== null) {
      setTranslation(null)
      return
    }
    translate.mutate(browserLanguage(), {
      onSuccess: (result) => {
        setTranslation(result.translated_text)
      },
    })
  }

  const handle = post.author.handle || m.unknownHandle
  const name = post.author.display_name || post.author.handle || m.unknownUser
  const profileLink = paths.userProfile(handle)

  const onShare = async () => {
    const url = `${window.location.origin}${paths.post(post.id)}`
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ url })
      } else {
        await navigator.clipboard.writeText(url)
        toast.success(m.linkCopied, { description: m.linkCopiedDescription })
      }
    } catch (error) {
      // The member closed the share sheet, or the clipboard refused: nothing to count.
      console.warn('share post', post.id, error)
      return
    }
    share.mutate(post.id)
  }

  return (
    <Card ref={cardRef} className="grid gap-3 p-4" aria-label={name} role="article" data-post-id={post.id}>
      <header className="flex items-start gap-3">
        <Link to={profileLink} aria-label={name} tabIndex={-1}>
          <MemberAvatar className="size-10" src={post.author.avatar_url} variants={post.author.avatar_variants} name={name} size={40} />
        </Link>
        <div className="grid min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <AuthorLinks to={profileLink} name={name} handle={handle} />
          </div>
          <div className="flex items-center gap-2">
            <WrittenAgo at={post.created_at} />
            {post.type !== 'text' ? (
              <Badge variant="secondary">{post.type === 'video' ? m.typeVideo : m.typeImage}</Badge>
            ) : null}
          </div>
        </div>
        <PostMenuButton
          post={post}
          isOwn={isOwn}
          canDelete={canDelete}
          onEdit={() => {
            setTranslation(null)
            setEditing(true)
          }}
          onDelete={onDelete}
        />
      </header>

      {editing ? (
        <EditPostForm
          id={post.id}
          text={post.text_content ?? ''}
          imageAlt={post.type === 'image' ? (post.image_alt ?? '') : undefined}
          onDone={() => {
            setEditing(false)
          }}
        />
      ) : post.text_content ? (
        <RichText text={translation ?? post.text_content} />
      ) : null}
      {post.media_url ? <PostMedia key={post.media_url} post={post} authorName={name} priority={mediaPriority} sizes={mediaSizes} /> : null}
      <LinkPreviewCard preview={linkPreviewOfPost(post)} />

      <footer className="flex items-center gap-2 text-sm text-muted-foreground">
        <Button
          variant="ghost"
          size="sm"
          aria-label={m.likeButton(post.is_liked, post.like_count)}
          aria-pressed={post.is_liked}
          onClick={() => {
            toggleLike.mutate({ id: post.id, wasLiked: post.is_liked })
          }}
        >
          <Heart aria-hidden="true" className={cn(post.is_liked && 'fill-red-500 text-red-500')} />
          <span data-testid="like-count">{post.like_count}</span>
        </Button>
        <Button variant="ghost" size="sm" asChild>
          <Link to={paths.post(post.id)} aria-label={m.comments(post.comment_count)}>
            <MessageCircle aria-hidden="true" />
            <span aria-hidden="true" data-testid="comment-count">
              {post.comment_count}
            </span>
          </Link>
        </Button>
        <Button variant="ghost" size="sm" aria-label={m.share} onClick={() => void onShare()}>
          <Share2 aria-hidden="true" />
        </Button>
        {post.text_content ? (
          <TranslateButton pending={translate.isPending} translated={translation !== null} onClick={onTranslate} />
        ) : null}
      </footer>
    </Card>
  )
}

interface TranslateButtonProps {
  pending: boolean
  translated: boolean
  onClick: () => void
}

/**
 * 'Traduzir', once the server said translation is available. It asks on
 * its own so that the answer, which comes after the first screen, draws
 * again only these buttons and not every card of the feed.
 */
function TranslateButton({ pending, translated, onClick }: TranslateButtonProps) {
  if (!useTranslationAvailable()) return null
  return (
    <Button variant="ghost" size="sm" disabled={pending} onClick={onClick}>
      <Languages aria-hidden="true" />
      {pending ? m.translating : translated ? m.original : m.translate}
    </Button>
  )
}
