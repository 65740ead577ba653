import type { ReactNode } from 'react'

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

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  /** The outline button that closes without doing anything. */
  cancelLabel: string
  /** The destructive button. */
  confirmLabel: string
  onConfirm: () => void
  /** While the action runs: the confirm button is disabled (and, with `lockWhilePending`, Cancel too). */
  pending?: boolean
  lockWhilePending?: boolean
  /** The corner close button's accessible name; without it there is no corner button. */
  closeLabel?: string
  /** 'alertdialog' for an action that cannot be undone and needs the member's full attention. */
  role?: 'dialog' | 'alertdialog'
  /** Puts focus somewhere else than back on the opener when it closes (preventing the event's default). */
  onCloseAutoFocus?: (event: Event) => void
}

/**
 * Asks before a destructive action: a title that wraps anywhere (it may hold a
 * long handle), a description, Cancel and the destructive confirm button.
 * Closing is the caller's choice: `onConfirm` may close at once or after the
 * action succeeds.
 */
export function ConfirmDialogWindow({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  pending = false,
  lockWhilePending = false,
  closeLabel,
  role = 'dialog',
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={closeLabel} role={role} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={lockWhilePending && pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
