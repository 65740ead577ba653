import { Radio } from 'lucide-react'
import { useState } from 'react'

import { cn } from '@/lib/utils'

import { roomsMessages as m } from '../messages'

/** The track's image, or a radio icon without one or when it fails to load (never a broken image). */
export function TrackArt({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const shown = src && src !== failedSrc ? src : null
  return (
    <div className={cn('grid size-16 shrink-0 place-items-center overflow-hidden rounded-md bg-muted', className)}>
      {shown ? (
        <img
          src={shown}
          alt={m.trackImage(name)}
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => {
            setFailedSrc(shown)
          }}
        />
      ) : (
        <Radio aria-hidden="true" data-testid="track-icon" className="size-1/2 text-muted-foreground" />
      )}
    </div>
  )
}
