import { useState, type ReactNode } from 'react'

import { toast } from '@/lib/toast'
import { problemDetailOr } from '@/lib/api'

import { settingsMessages as m } from '../messages'

import { useTurnPushOn, usePushServerKey } from './api'
import { pushSupport } from './device'
import { requestNotificationPermission } from './permission'
import { PushPermissionDialog } from './permission-dialog'

interface PushAsk {
  /** Turns push on: at once when the browser already allows it, else after the explanation and the browser's prompt. */
  ask: () => void
  /** True while this device is being subscribed. */
  turningOn: boolean
  /** The explanation dialog, to render. */
  dialog: ReactNode
}

/**
 * Turning push on for this device, the one way Settings and the offer after
 * a first act share: the browser's prompt comes only after the member
 * accepted our explanation, never by itself.
 */
export function usePushAsk({ onFinish }: { onFinish?: () => void } = {}): PushAsk {
  const [open, setOpen] = useState(false)
  const serverKey = usePushServerKey()
  const turnOn = useTurnPushOn()
  const support = pushSupport()

  const subscribe = () => {
    const publicKey = serverKey.data?.public_key
    if (!publicKey) {
      toast.error(m.pushOnFailed, { description: m.pushServerOff })
      onFinish?.()
      return
    }
    turnOn.mutate(publicKey, {
      onSuccess: () => {
        toast.success(m.pushTurnedOn, { description: m.pushTurnedOnDescription })
      },
      onError: (error) => {
        console.error('push subscription failed', error)
        toast.error(m.pushOnFailed, { description: problemDetailOr(error, m.actionFailed) })
      },
      onSettled: onFinish,
    })
  }

  const accept = () => {
    setOpen(false)
    void requestNotificationPermission().then((permission) => {
      if (permission === 'granted') {
        subscribe()
        return
      }
      if (permission === 'denied') toast.error(m.pushBlocked, { description: m.pushDeniedHowTo })
      onFinish?.()
    })
  }

  const ask = () => {
    if (support === 'supported' && Notification.permission === 'granted') subscribe()
    else setOpen(true)
  }

  return {
    ask,
    turningOn: turnOn.isPending,
    dialog: (
      <PushPermissionDialog
        open={open}
        support={support}
        onAccept={accept}
        onDismiss={() => {
          setOpen(false)
          onFinish?.()
        }}
      />
    ),
  }
}
