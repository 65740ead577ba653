import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** One of the 5 placeholder cards shown while the feed loads. */
export function PostCardSkeleton() {
  return (
    <Card data-testid="post-placeholder" className="grid gap-3 p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  )
}
