import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { ApiError, unwrap, useApiClient, type ApiClient } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { postsMessages as m } from '../messages'

/** Query keys of the translations: one per post and language code. */
export const translationKeys = {
  all: ['translation'] as const,
  capabilities: ['translation', 'capabilities'] as const,
  postAll: (id: string) => ['translation', 'post', id] as const,
  post: (id: string, language: string) => ['translation', 'post', id, language] as const,
}

/** The browser's primary language code: 'pt-BR' → 'pt'. */
export function browserLanguage(): string {
  return (navigator.language || 'pt').split('-')[0]?.toLowerCase() || 'pt'
}

/** POST /api/v1/posts/{id}/translation {target_language}. */
export async function translatePost(client: ApiClient, id: string, targetLanguage: string) {
  return unwrap(
    `POST /api/v1/posts/${id}/translation`,
    await client.POST('/api/v1/posts/{id}/translation', {
      params: { path: { id } },
      body: { target_language: targetLanguage },
    }),
  )
}

function toastTranslationError(error: unknown) {
  const problem = error instanceof ApiError ? error.problem : undefined
  if (problem?.code === 'translation_rate_limited') {
    toast.error(m.translateRateLimitedTitle, { description: m.translateRateLimited })
  } else if (problem?.code === 'translation_payment_required') {
    toast.error(m.translatePaymentTitle, { description: problem.detail ?? m.translatePayment })
  } else {
    toast.error(m.translateFailedTitle, { description: m.translateFailed })
  }
}

/**
 * A translation already in the query cache for
 * this post and language is reused without a call.
 */
export function useTranslatePost(id: string) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (language: string) =>
      queryClient.query({
        queryKey: translationKeys.post(id, language),
        queryFn: () => translatePost(client, id, language),
        staleTime: Infinity,
        retry: false,
      }),
    onError: toastTranslationError,
  })
}
