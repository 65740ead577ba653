import { Page } from '@/components/layout/page'
import { Card, CardContent } from '@/components/ui/card'

import { settingsMessages as m } from '../messages'

/** /settings — a placeholder (spec 001: settings beyond it are not shown). */
export function SettingsScreen() {
  return (
    <Page title={m.title}>
      <Card>
        <CardContent>
          <p className="text-muted-foreground">{m.comingSoon}</p>
        </CardContent>
      </Card>
    </Page>
  )
}
