import { BellRing } from 'lucide-react'

import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

import { settingsMessages as m } from '../messages'

import type { PushSupport } from './device'

interface PushPermissionDialogProps {
  open: boolean
  support: PushSupport
  /** The member agreed: the browser's own prompt comes next. */
  onAccept: () => void
  /** 'Agora não', the close button, Escape or a click outside. */
  onDismiss: () => void
}

/**
 * What will arrive and where it is changed, said before the browser's own
 * prompt (which a member who refuses it cannot easily undo). On an iPhone
 * outside the installed app it says how to install it instead.
 */
export function PushPermissionDialog({ open, support, onAccept, onDismiss }: PushPermissionDialogProps) {
  const needsInstall = support === 'needs-install'
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss()
      }}
    >
      <DialogContent closeLabel={m.close} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="flex items-center justify-center gap-2 leading-snug sm:justify-start">
            <BellRing aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {needsInstall ? m.pushInstallTitle : m.pushAskTitle}
          </DialogTitle>
          <DialogDescription>{needsInstall ? m.pushNeedsInstall : m.pushAskBody}</DialogDescription>
        </DialogHeader>
        {needsInstall ? null : (
          <div className="grid gap-2 text-sm">
            <p>{m.pushAskChange}</p>
            <p className="text-muted-foreground">{m.pushAskNext}</p>
          </div>
        )}
        <DialogFooter>
          {needsInstall ? (
            <Button className="h-11 w-full sm:h-9 sm:w-auto" onClick={onDismiss}>
              {m.pushInstallOk}
            </Button>
          ) : (
            <>
              <Button variant="outline" className="h-11 w-full sm:h-9 sm:w-auto" onClick={onDismiss}>
                {m.pushAskLater}
              </Button>
              <Button className="h-11 w-full sm:h-9 sm:w-auto" onClick={onAccept}>
                {m.pushAskAccept}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
