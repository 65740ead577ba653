import { Download, Share } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'

import { Button } from '@/components/ui/button'
import { PRODUCT_NAME } from '@/config/product'

import { consumeInstallPrompt, getInstallState, subscribeInstallState } from '../install-events'
import { pwaMessages as m } from '../messages'
import { isIos, isStandalone, rememberDismissal, wasDismissed } from '../platform'

function Banner({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="fixed inset-x-3 bottom-20 z-50 mx-auto grid max-w-md gap-3 rounded-xl border bg-background p-4 shadow-lg md:bottom-4"
    >
      {children}
    </section>
  )
}

/**
 * The install banner: 'Instalar {product}' where the browser
 * offers installation, the manual steps on iOS. Hidden when installed,
 * running standalone, dismissed before (remembered in localStorage) or not
 * installable.
 */
export function InstallPrompt() {
  const { prompt, installed } = useSyncExternalStore(subscribeInstallState, getInstallState)
  const [dismissed, setDismissed] = useState(wasDismissed)
  const title = m.installTitle(PRODUCT_NAME)

  if (installed || dismissed || isStandalone()) return null

  const dismiss = () => {
    rememberDismissal()
    setDismissed(true)
  }

  if (prompt) {
    const install = async () => {
      consumeInstallPrompt()
      await prompt.prompt()
      // Accepted: appinstalled hides it. Refused in the browser's dialog:
      // the event is spent either way, so it goes.
    }
    return (
      <Banner title={title}>
        <div className="flex items-start gap-3">
          <Download aria-hidden="true" className="mt-0.5 size-5 text-primary" />
          <div className="grid gap-1">
            <h2 className="font-semibold">{title}</h2>
            <p className="text-sm text-muted-foreground">{m.installHint}</p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={dismiss}>
            {m.notNow}
          </Button>
          <Button onClick={() => void install()}>{m.install}</Button>
        </div>
      </Banner>
    )
  }

  if (!isIos()) return null
  return (
    <Banner title={title}>
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{m.iosIntro}</p>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>
          <span className="inline-flex items-center gap-1">
            {m.iosShare}
            <Share aria-hidden="true" className="size-4" />
          </span>
        </li>
        <li>{m.iosStep2(m.iosAddToHome)}</li>
        <li>{m.iosStep3(m.iosAdd)}</li>
      </ol>
      <div className="flex justify-end">
        <Button onClick={dismiss}>{m.gotIt}</Button>
      </div>
    </Banner>
  )
}
