import { Sparkles } from 'lucide-react'
import { toast } from '@/lib/toast'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import type { FeedAlgorithm } from '@/features/posts'
import { useSession } from '@/features/session'

import { useClearDemoData } from '../api/clear-demo-data'
import { useCreateDemoData } from '../api/create-demo-data'
import { feedMessages as m } from '../messages'

const algorithmLabels: Record<FeedAlgorithm, string> = {
  ranked: m.ranked,
  chronological: m.chronological,
  following: m.following,
}

/**
 * The empty feed, with the demo-data card. 'Seguindo' (ours)
 * shows no demo card: demo posts would reach that timeline only through the
 * background fan-out, after the refetch the card triggers, and what fills
 * that tab is following people, which the hint already says.
 */
export function FeedEmpty({ algorithm }: { algorithm: FeedAlgorithm }) {
  return (
    <div className="grid gap-4">
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <p className="font-medium">{m.emptyTitle}</p>
        <Badge variant="secondary">{algorithmLabels[algorithm]}</Badge>
        <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
      </Card>
      {algorithm === 'following' ? null : <DemoDataCard />}
    </div>
  )
}

function DemoDataCard() {
  const demo = useCreateDemoData()
  const clear = useClearDemoData()
  const { user } = useSession()

  /** Clearing needs a session: without one it says so and asks nothing. */
  const clearDemo = () => {
    if (!user) {
      toast.error(m.errorTitle, { description: m.demoClearSignedOut })
      return
    }
    clear.mutate()
  }

  return (
    <Card className="grid justify-items-center gap-3 p-6 text-center" role="region" aria-label={m.demoTitle}>
      <h2 className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className="size-4" />
        {m.demoTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{m.demoDescription}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          disabled={demo.isPending}
          onClick={() => {
            demo.mutate()
          }}
        >
          {demo.isPending ? m.demoCreating : m.demoCreate}
        </Button>
        <Button variant="outline" disabled={clear.isPending} onClick={clearDemo}>
          {clear.isPending ? m.demoClearing : m.demoClear}
        </Button>
      </div>
    </Card>
  )
}
