import { Ban, VolumeX } from 'lucide-react'

import { DropdownMenuItem } from '@/components/ui/dropdown-menu'

import { safetyMessages as m } from '../messages'

import { useRelationAction } from './use-relation-action'

interface SafetyMenuItemsProps {
  handle: string
  /** 'Bloquear' was chosen: the caller opens the BlockDialog (it outlives the menu). */
  onBlock: () => void
}

/** 'Silenciar @x' and 'Bloquear @x' in someone else's post menu. */
export function SafetyMenuItems({ handle, onBlock }: SafetyMenuItemsProps) {
  const action = useRelationAction()
  return (
    <>
      <DropdownMenuItem
        disabled={action.pending}
        onSelect={() => {
          action.run('mute', handle, true)
        }}
      >
        <VolumeX aria-hidden="true" />
        <span className="truncate">{m.mute(handle)}</span>
      </DropdownMenuItem>
      <DropdownMenuItem className="text-destructive" onSelect={onBlock}>
        <Ban aria-hidden="true" />
        <span className="truncate">{m.block(handle)}</span>
      </DropdownMenuItem>
    </>
  )
}
