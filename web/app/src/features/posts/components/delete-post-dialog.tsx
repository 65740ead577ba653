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

import { postsMessages as m } from '../messages'

interface DeletePostDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}

/** Deleting a post: confirm deletes and closes; cancel closes. */
export function DeletePostDialog({ open, onOpenChange, onConfirm }: DeletePostDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.close}>
        <DialogHeader>
          <DialogTitle>{m.deleteTitle}</DialogTitle>
          <DialogDescription>{m.deleteDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{m.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm}>
            {m.confirmDelete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
