import { toast } from '@/lib/toast'

import { problemDetailOr } from '@/lib/api'

import { useSetRelation, type Relation } from '../api/relations'
import { safetyMessages as m } from '../messages'

function failureOf(error: Error): string {
  return problemDetailOr(error, m.failed)
}

/** Blocks, unblocks, mutes or unmutes, telling the member what happened in a toast. */
export function useRelationAction() {
  const set = useSetRelation()
  const run = (relation: Relation, handle: string, on: boolean, done?: () => void) => {
    set.mutate(
      { relation, handle, on },
      {
        onSuccess: () => {
          const [title, description] =
            relation === 'block'
              ? on
                ? [m.blocked, m.blockedDescription(handle)]
                : [m.unblocked, m.unblockedDescription(handle)]
              : on
                ? [m.muted, m.mutedDescription(handle)]
                : [m.unmuted, m.unmutedDescription(handle)]
          toast.success(title, { description })
          done?.()
        },
        onError: (error) => {
          toast.error(m.failed, { description: failureOf(error) })
        },
      },
    )
  }
  return { run, pending: set.isPending, variables: set.variables }
}
