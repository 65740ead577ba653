import { Button } from '@/components/ui/button'
import { useOnline } from '@/lib/online'

import { useClearDemoData } from '../api/clear-demo-data'
import { feedMessages as m } from '../messages'

/**
 * 'Dados de demonstração' in the settings: the way to clear demo data once
 * the feed is full of it (the feed's own card shows only while it is empty).
 */
export function DemoDataBlock() {
  const clear = useClearDemoData()
  const online = useOnline()
  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 className="font-medium">{m.demoTitle}</h3>
        <p className="text-sm text-muted-foreground">{m.demoClearHint}</p>
      </div>
      <Button
        variant="outline"
        className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start"
        disabled={!online || clear.isPending}
        onClick={() => {
          clear.mutate()
        }}
      >
        {clear.isPending ? m.demoClearing : m.demoClear}
      </Button>
    </div>
  )
}
