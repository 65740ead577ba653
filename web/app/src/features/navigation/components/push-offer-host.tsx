import { lazy, Suspense, useEffect, useState } from 'react'

import { subscribePushOffer } from '@/lib/push-offer'

// The offer's code (settings' push) comes only when it is made, never with the frame.
const PushOffer = lazy(async () => ({ default: (await import('@/features/settings')).PushOffer }))

/** Shows the offer to turn push on when an act asks for it (lib/push-offer). */
export function PushOfferHost() {
  const [offered, setOffered] = useState(false)
  useEffect(
    () =>
      subscribePushOffer(() => {
        setOffered(true)
      }),
    [],
  )
  if (!offered) return null
  return (
    <Suspense fallback={null}>
      <PushOffer
        onDone={() => {
          setOffered(false)
        }}
      />
    </Suspense>
  )
}
