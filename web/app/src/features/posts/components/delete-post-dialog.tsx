import { ConfirmDialog } from '@/components/confirm-dialog'

import { postsMessages as m } from '../messages'

interface DeletePostDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
  /** Where focus goes on closing, when not back to the card's menu (see usePostDeletion). */
  onCloseAutoFocus?: (event: Event) => void
}

/** Deleting a post: confirm deletes and closes; cancel closes. */
export function DeletePostDialog({ open, onOpenChange, onConfirm, onCloseAutoFocus }: DeletePostDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.deleteTitle}
      description={m.deleteDescription}
      cancelLabel={m.cancel}
      confirmLabel={m.confirmDelete}
      onConfirm={onConfirm}
      closeLabel={m.close}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  )
}
