import { Skeleton } from '@/components/ui/skeleton'

import { profileMessages as m } from '../messages'

/** The profile's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label={m.loading} className="grid gap-4">
      <Skeleton className="h-32 w-full rounded-lg sm:h-48" />
      <div className="-mt-12 px-4">
        <Skeleton className="size-24 rounded-full border-4 border-background" />
      </div>
      <div className="grid gap-2 px-4">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-2 h-4 w-full max-w-md" />
        <Skeleton className="h-4 w-64" />
      </div>
    </div>
  )
}
