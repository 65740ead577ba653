import { ConfirmDialog } from '@/components/confirm-dialog'

import { safetyMessages as m } from '../messages'

import { useRelationAction } from './use-relation-action'

interface BlockDialogProps {
  handle: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Asks before a block, which ends follows both ways; confirming blocks and closes. */
export function BlockDialog({ handle, open, onOpenChange }: BlockDialogProps) {
  const action = useRelationAction()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.blockTitle(handle)}
      description={m.blockDescription}
      cancelLabel={m.cancel}
      confirmLabel={action.pending ? m.blocking : m.blockConfirm}
      pending={action.pending}
      onConfirm={() => {
        action.run('block', handle, true, () => {
          onOpenChange(false)
        })
      }}
      closeLabel={m.cancel}
    />
  )
}
