import { lazy, Suspense, useState } from 'react'

import type { ConfirmDialogProps } from './confirm-dialog-window'

const ConfirmDialogWindow = lazy(async () => ({ default: (await import('./confirm-dialog-window')).ConfirmDialogWindow }))

/**
 * Asks before a destructive action (ConfirmDialogWindow). Its code, the
 * dialog's focus trap and scroll lock, comes the first time it opens: the
 * screens that offer a delete are drawn without it. Once there it stays, so
 * that it closes as it opened and gives focus back.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [needed, setNeeded] = useState(props.open)
  if (props.open && !needed) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialogWindow {...props} />
    </Suspense>
  )
}
