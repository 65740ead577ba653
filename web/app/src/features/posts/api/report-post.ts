import { toast } from '@/lib/toast'

import { ApiError, unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { postsMessages as m } from '../messages'

/** POST /api/v1/posts/{id}/report {reason?}: 403 report_own_post for one's own post. */
export async function reportPost(client: ApiClient, id: string, reason?: string) {
  return unwrap(
    `POST /api/v1/posts/${id}/report`,
    await client.POST('/api/v1/posts/{id}/report', {
      params: { path: { id } },
      body: reason ? { reason } : {},
    }),
  )
}

/** 'Denunciar': a toast either way, with the server's words on failure. */
export function useReportPost() {
  const client = useApiClient()
  return useMutation({
    mutationFn: (id: string) => reportPost(client, id),
    onSuccess: () => {
      toast.success(m.reported, { description: m.reportedDescription })
    },
    onError: (error) => {
      const problem = error instanceof ApiError ? error.problem : undefined
      toast.error(m.errorTitle, { description: problem?.detail ?? m.reportFailed })
    },
  })
}
