import { Ban } from 'lucide-react'

import { Button } from '@/components/ui/button'

import { safetyMessages as m } from '../messages'

import { useRelationAction } from './use-relation-action'

/** In place of a blocked member's details and posts: who was blocked, and 'Desbloquear'. */
export function BlockedNotice({ handle }: { handle: string }) {
  const action = useRelationAction()
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-lg border border-dashed p-6 text-center">
      <Ban aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-semibold [overflow-wrap:anywhere]">{m.youBlocked(handle)}</p>
      <p className="text-sm text-muted-foreground">{m.youBlockedHint}</p>
      <Button
        variant="outline"
        aria-label={m.undoBlockOf(handle)}
        disabled={action.pending}
        onClick={() => {
          action.run('block', handle, false)
        }}
      >
        {m.undoBlock}
      </Button>
    </div>
  )
}

/** A line under a muted member's name: their posts stay out of the viewer's feeds. */
export function MutedNotice({ handle }: { handle: string }) {
  return <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{m.youMute(handle)}</p>
}
