import type { LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

interface SettingsSectionProps {
  icon: LucideIcon
  title: string
  description?: string
  children: ReactNode
}

/** One section of /settings: a titled card, a landmark named by its title. */
export function SettingsSection({ icon: Icon, title, description, children }: SettingsSectionProps) {
  const headingId = useId()
  return (
    <Card aria-labelledby={headingId} role="region">
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
