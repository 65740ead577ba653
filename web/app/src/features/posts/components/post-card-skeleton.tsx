import { RowSkeleton } from '@/components/row-skeleton'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** One of the 5 placeholder cards shown while the feed loads. */
export function PostCardSkeleton() {
  return (
    <Card data-testid="post-placeholder" className="grid gap-3 p-4">
      <div className="flex items-center gap-3">
        <RowSkeleton pictureClassName="size-10 rounded-full" titleWidth="w-32" subtitleWidth="w-20" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  )
}
