import { Download, Share } from 'lucide-react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'

import { Button } from '@/components/ui/button'
import { PRODUCT_NAME } from '@/config/product'

import { consumeInstallPrompt, getInstallState, subscribeInstallState } from '../install-events'
import { pwaMessages as m } from '../messages'
import { isIos, isStandalone, rememberDismissal, wasDismissed } from '../platform'

/**
 * On a phone, a card above the bottom bar; from md, a narrow card in the
 * bottom right corner. While it shows, the page keeps its height clear below
 * its content (body padding) and focus scrolling keeps the focused element
 * above it (scroll-padding, WCAG 2.4.11): nothing is left under it for good.
 */
function Banner({ title, children }: { title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const card = ref.current
    if (!card) return
    const root = document.documentElement
    const reserve = () => {
      const clearance = `${Math.ceil(innerHeight - card.getBoundingClientRect().top) + 8}px`
      root.style.scrollPaddingBottom = clearance
      document.body.style.paddingBottom = clearance
    }
    reserve()
    const observer = new ResizeObserver(reserve)
    observer.observe(card)
    addEventListener('resize', reserve)
    return () => {
      observer.disconnect()
      removeEventListener('resize', reserve)
      root.style.scrollPaddingBottom = ''
      document.body.style.paddingBottom = ''
    }
  }, [])
  return (
    <section
      ref={ref}
      aria-label={title}
      className="fixed inset-x-3 bottom-20 z-50 mx-auto grid max-w-md gap-3 rounded-xl border bg-background p-4 shadow-lg md:inset-x-auto md:right-4 md:bottom-4 md:w-80"
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
