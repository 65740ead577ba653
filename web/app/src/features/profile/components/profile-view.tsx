import { CalendarDays, ExternalLink, Globe, Link2, MapPin } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'

import { MemberAvatar } from '@/components/member-avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { VerifiedBadge } from '@/components/verified-badge'
import { useEnabledPlugins } from '@/features/plugins/registry'
import { BlockedNotice, MutedNotice, ProfileSafetyMenu } from '@/features/safety'

import { initialOf } from '../initial'
import { joinedText } from '../joined-text'
import { profileMessages as m } from '../messages'
import type { FollowDirection, Profile } from '../types'
import { isLinkableWebsite } from '../validation'

import { FollowButton } from './follow-button'
import { FollowsDialog } from './follows-dialog'
import { ProfilePosts } from './profile-posts'

// Only the owner edits, and only sometimes: the dialog, the cropper and their
// radix parts load apart from the profile every visitor sees.
const EditProfileDialog = lazy(async () => ({
  default: (await import('./edit-profile-dialog')).EditProfileDialog,
}))

interface ProfileViewProps {
  profile: Profile
  /** The signed-in member's own profile: 'Edit Profile' shows. */
  isOwner: boolean
  /** Whose posts the 'Posts' list reads (the profile's handle unless told). */
  postsHandle?: string
}

const numberFormat = new Intl.NumberFormat('pt-BR')

export function ProfileView({ profile, isOwner, postsHandle }: ProfileViewProps) {
  const name = profile.display_name || profile.handle
  const [list, setList] = useState<FollowDirection | null>(null)
  return (
    <article className="grid gap-4">
      <div className="h-32 overflow-hidden rounded-lg bg-gradient-to-r from-primary/70 via-primary/40 to-accent sm:h-48">
        {/* At the top of the profile, on the first screen: loaded at once, not lazily; its box is the banner's. */}
        {profile.banner_url ? (
          <img src={profile.banner_url} alt="" width={1500} height={500} decoding="async" className="size-full object-cover" />
        ) : null}
      </div>
      <div className="-mt-16 flex items-end justify-between gap-3 px-4">
        {/* At the top of the profile: loaded at once; 112 CSS pixels at its widest (sm:size-28). */}
        <MemberAvatar
          className="size-24 border-4 border-background sm:size-28"
          src={profile.avatar_url}
          variants={profile.avatar_variants}
          name={profile.display_name || profile.handle}
          initial={initialOf(profile)}
          fallbackClassName="text-3xl"
          size={112}
          eager
        />
        {isOwner ? (
          <Suspense
            fallback={
              <Button variant="outline" disabled>
                {m.editProfile}
              </Button>
            }
          >
            <EditProfileDialog profile={profile} />
          </Suspense>
        ) : (
          <div className="flex items-center gap-2">
            {profile.is_blocking ? null : (
              <>
                <PluginProfileActions handle={profile.handle} />
                <FollowButton profile={profile} />
              </>
            )}
            <ProfileSafetyMenu
              handle={profile.handle}
              isBlocking={profile.is_blocking}
              isMuting={profile.is_muting}
              domain={profile.domain}
            />
          </div>
        )}
      </div>

      <div className="grid gap-3 px-4">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-all">{name}</h1>
            {profile.is_verified ? <VerifiedBadge label={m.verified} /> : null}
            {profile.domain ? (
              <Badge variant="secondary">
                <Globe aria-hidden="true" />
                {m.remoteBadge}
              </Badge>
            ) : null}
          </div>
          {/* A remote handle is user@domain in full; a long domain wraps rather than widening the page. */}
          <p className="text-muted-foreground [overflow-wrap:anywhere]">{m.handle(profile.handle)}</p>
          {profile.domain && profile.remote_url ? <RemoteLink url={profile.remote_url} domain={profile.domain} /> : null}
          {profile.is_muting && !profile.is_blocking ? <MutedNotice handle={profile.handle} /> : null}
        </div>

        {profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : null}

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {profile.location ? (
            <li className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              {profile.location}
            </li>
          ) : null}
          {profile.website_url ? (
            <li className="flex min-w-0 items-center gap-1">
              <Link2 aria-hidden="true" className="size-4 shrink-0" />
              <Website url={profile.website_url} />
            </li>
          ) : null}
          <li className="flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            {joinedText(profile.created_at)}
          </li>
        </ul>

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Count
            value={profile.following_count}
            label={m.following}
            onOpen={() => {
              setList('following')
            }}
          />
          <Count
            value={profile.follower_count}
            label={m.followers}
            onOpen={() => {
              setList('followers')
            }}
          />
          <Count value={profile.post_count} label={m.posts} />
        </ul>
        <FollowsDialog
          handle={profile.handle}
          direction={list ?? 'followers'}
          open={list !== null}
          onOpenChange={(open) => {
            if (!open) setList(null)
          }}
        />
      </div>

      <section aria-labelledby="profile-posts" className="grid gap-3 border-t px-4 pt-4">
        <h2 id="profile-posts" className="text-lg font-semibold">
          {m.posts}
        </h2>
        {profile.is_blocking ? (
          <BlockedNotice handle={profile.handle} />
        ) : (
          <ProfilePosts handle={postsHandle ?? profile.handle} />
        )}
      </section>
    </article>
  )
}

/** A count; with `onOpen`, a button opening its list (following, followers). */
function Count({ value, label, onOpen }: { value: number; label: string; onOpen?: () => void }) {
  const content = (
    <>
      <span className="font-semibold">{numberFormat.format(value)}</span>{' '}
      <span className="text-muted-foreground">{label}</span>
    </>
  )
  return (
    <li>
      {onOpen ? (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onOpen}
          className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {content}
        </button>
      ) : (
        content
      )}
    </li>
  )
}

/** Only http(s) becomes a link, opened apart and without passing on who sent the visitor. */
function Website({ url }: { url: string }) {
  if (!isLinkableWebsite(url)) return <span className="truncate">{url}</span>
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="truncate text-primary underline-offset-4 hover:underline"
    >
      {url.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
    </a>
  )
}

/**
 * The remote account's page on its own server, opened apart: the link is the
 * other server's word (ugc), followed by no ranking and passing on no window.
 */
function RemoteLink({ url, domain }: { url: string; domain: string }) {
  if (!isLinkableWebsite(url)) return null
  return (
    <a
      href={url}
      target="_blank"
      rel="nofollow noopener ugc"
      aria-label={m.remoteLinkLabel(domain)}
      className="mt-1 inline-flex min-h-11 max-w-full items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{m.remoteLink}</span>
    </a>
  )
}

/** The enabled plugins' buttons on another member's profile (e.g. messages'), in registry order. */
function PluginProfileActions({ handle }: { handle: string }) {
  return useEnabledPlugins().flatMap((plugin) =>
    (plugin.profileActions ?? []).map((Action, index) => <Action key={`${plugin.name}:${String(index)}`} handle={handle} />),
  )
}
