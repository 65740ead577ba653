import { Ban, Globe, MoreHorizontal, Volume2, VolumeX } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'

import { safetyMessages as m } from '../messages'

import { BlockDialog } from './block-dialog'
import { DomainBlockDialog } from './domain-block-dialog'
import { useRelationAction } from './use-relation-action'

interface ProfileSafetyMenuProps {
  handle: string
  isBlocking: boolean
  isMuting: boolean
  /** A remote account's server: the menu also offers to block all of it. */
  domain?: string | null
}

/**
 * The '…' of another member's profile: mute or unmute, block (after asking) or unblock; on a
 * remote account's, block its whole server (after asking).
 */
export function ProfileSafetyMenu({ handle, isBlocking, isMuting, domain }: ProfileSafetyMenuProps) {
  const action = useRelationAction()
  const [asking, setAsking] = useState(false)
  const [askingDomain, setAskingDomain] = useState(false)
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label={m.moreOptions(handle)}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-[min(20rem,calc(100vw-2rem))]">
          <DropdownMenuItem
            disabled={action.pending}
            onSelect={() => {
              action.run('mute', handle, !isMuting)
            }}
          >
            {isMuting ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
            <span className="truncate">{isMuting ? m.unmute(handle) : m.mute(handle)}</span>
          </DropdownMenuItem>
          <DropdownMenuItem
            className={isBlocking ? undefined : 'text-destructive'}
            disabled={action.pending}
            onSelect={() => {
              if (isBlocking) action.run('block', handle, false)
              else setAsking(true)
            }}
          >
            <Ban aria-hidden="true" />
            <span className="truncate">{isBlocking ? m.unblock(handle) : m.block(handle)}</span>
          </DropdownMenuItem>
          {domain ? (
            <DropdownMenuItem
              className="text-destructive"
              onSelect={() => {
                setAskingDomain(true)
              }}
            >
              <Globe aria-hidden="true" />
              <span>{m.blockDomain}</span>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockDialog handle={handle} open={asking} onOpenChange={setAsking} />
      {domain ? <DomainBlockDialog domain={domain} open={askingDomain} onOpenChange={setAskingDomain} /> : null}
    </>
  )
}
