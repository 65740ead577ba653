import {
  useMutation as useQueryMutation,
  type DefaultError,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query'
import { useCallback } from 'react'

import { OfflineWriteError } from './react-query'

/** Whether a write failed only because it was refused offline (never sent). */
export function refusedOffline(error: unknown): boolean {
  return error instanceof OfflineWriteError
}

/** An error callback that stays silent for a write refused offline. */
function unlessRefusedOffline<E, A extends unknown[], R>(
  onError: ((error: E, ...rest: A) => R) | undefined,
): ((error: E, ...rest: A) => R | undefined) | undefined {
  if (!onError) return undefined
  return (error, ...rest) => (refusedOffline(error) ? undefined : onError(error, ...rest))
}

/**
 * TanStack Query's useMutation for the app's writes. A write refused offline
 * is refused before its own onMutate runs and nothing is sent, so it has
 * nothing to undo and nothing of its own to say: its onError (the hook's and
 * the call's) is skipped, and the member reads one toast, the query client's
 * offline message. mutateAsync still rejects with OfflineWriteError, for
 * the caller to stop (see refusedOffline).
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  queryClient?: QueryClient,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const result = useQueryMutation({ ...options, onError: unlessRefusedOffline(options.onError) }, queryClient)
  const { mutate } = result
  const quietMutate = useCallback<typeof mutate>(
    (...args) => {
      const [variables, callbacks] = args
      const quiet = callbacks && { ...callbacks, onError: unlessRefusedOffline(callbacks.onError) }
      // The same two arguments; only the call's onError is wrapped.
      mutate(...([variables, quiet] as typeof args))
    },
    [mutate],
  )
  return { ...result, mutate: quietMutate }
}
