import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.cancel}>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{m.blockTitle(handle)}</DialogTitle>
          <DialogDescription>{m.blockDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{m.cancel}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={action.pending}
            onClick={() => {
              action.run('block', handle, true, () => {
                onOpenChange(false)
              })
            }}
          >
            {action.pending ? m.blocking : m.blockConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
