import type { LucideIcon } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

interface SettingsSectionProps {
  icon: LucideIcon
  title: string
  description?: string
  /** The section's id, for links to it (/settings#anchor); the page scrolls to it when opened so. */
  anchor?: string
  children: ReactNode
}

/** One section of /settings: a titled card, a landmark named by its title. */
export function SettingsSection({ icon: Icon, title, description, anchor, children }: SettingsSectionProps) {
  const headingId = useId()
  const { hash } = useLocation()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // The router does not scroll to a fragment; a notice's link does ask for it.
    if (anchor && hash === `#${anchor}` && typeof ref.current?.scrollIntoView === 'function') {
      ref.current.scrollIntoView({ block: 'start' })
    }
  }, [anchor, hash])
  return (
    <Card ref={ref} id={anchor} className="scroll-mt-16 md:scroll-mt-4" aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2 text-lg">
          <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}
