import { useEffect, useRef } from 'react'

import { rememberPushOffered } from '@/lib/push-offer'

import { usePushServerKey } from './api'
import { pushSupport } from './device'
import { usePushAsk } from './use-push-ask'

/**
 * The offer after a first act: the explanation dialog, once, when this
 * browser can get pushes (or could, installed) and the server sends them.
 * `onDone` when it was declined, accepted or had nothing to offer.
 */
export function PushOffer({ onDone }: { onDone: () => void }) {
  const serverKey = usePushServerKey()
  const { ask, dialog } = usePushAsk({ onFinish: onDone })
  const asked = useRef(false)
  const enabled = serverKey.data?.enabled
  const unsupported = pushSupport() === 'unsupported'

  useEffect(() => {
    if (asked.current) return
    if (unsupported || serverKey.isError || enabled === false) {
      asked.current = true
      onDone()
      return
    }
    if (enabled !== true) return
    asked.current = true
    rememberPushOffered()
    ask()
  }, [ask, enabled, onDone, serverKey.isError, unsupported])

  return dialog
}
