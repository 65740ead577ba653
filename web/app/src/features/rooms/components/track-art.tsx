import { Radio } from 'lucide-react'

import { cn } from '@/lib/utils'

import { roomsMessages as m } from '../messages'

/** The track's image, or a radio icon without one. */
export function TrackArt({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  return (
    <div className={cn('grid size-16 shrink-0 place-items-center overflow-hidden rounded-md bg-muted', className)}>
      {src ? (
        <img src={src} alt={m.trackImage(name)} className="size-full object-cover" />
      ) : (
        <Radio aria-hidden="true" data-testid="track-icon" className="size-1/2 text-muted-foreground" />
      )}
    </div>
  )
}
