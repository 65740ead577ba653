import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'

import { feedMessages as m } from '../messages'
import type { FeedAlgorithm } from '../types'

/** The empty feed (the demo-data card comes with the demo-seeding issue). */
export function FeedEmpty({ algorithm }: { algorithm: FeedAlgorithm }) {
  return (
    <Card className="grid justify-items-center gap-3 p-8 text-center">
      <p className="font-medium">{m.emptyTitle}</p>
      <Badge variant="secondary">{algorithm === 'ranked' ? m.ranked : m.chronological}</Badge>
      <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
    </Card>
  )
}
