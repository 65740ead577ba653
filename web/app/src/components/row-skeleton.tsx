import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

interface RowSkeletonProps {
  /** The picture's stand-in: its size and shape (e.g. 'size-10 rounded-full'). */
  pictureClassName: string
  /** The widths of the title's and the subtitle's lines (e.g. 'w-32', 'w-20'). */
  titleWidth: string
  subtitleWidth: string
}

/** A row's stand-in while it loads: a picture, then a title and a subtitle line. Lay it out in a flex row. */
export function RowSkeleton({ pictureClassName, titleWidth, subtitleWidth }: RowSkeletonProps) {
  return (
    <>
      <Skeleton className={pictureClassName} />
      <div className="grid flex-1 gap-2">
        <Skeleton className={cn('h-4', titleWidth)} />
        <Skeleton className={cn('h-3', subtitleWidth)} />
      </div>
    </>
  )
}
