import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient, OfflineWriteError } from './react-query'
import { useMutation } from './use-mutation'

function setUp() {
  const told = vi.fn()
  const client = createQueryClient({ onOfflineWrite: told })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const hook = { onMutate: vi.fn(), onError: vi.fn(), onSettled: vi.fn() }
  const send = vi.fn(() => Promise.reject(new Error('the server failed')))
  const { result } = renderHook(() => useMutation({ mutationFn: send, ...hook }), { wrapper })
  return { told, hook, send, result }
}

describe('useMutation', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
  })

  it('offline: nothing sent, nothing of its own said; only the offline notice, once', async () => {
    const { told, hook, send, result } = setUp()
    onlineManager.setOnline(false)
    const call = { onError: vi.fn(), onSettled: vi.fn() }
    act(() => {
      result.current.mutate(undefined, call)
    })
    await waitFor(() => {
      expect(call.onSettled).toHaveBeenCalledOnce()
    })
    expect(told).toHaveBeenCalledOnce()
    expect(send).not.toHaveBeenCalled()
    expect(hook.onMutate).not.toHaveBeenCalled()
    expect(hook.onError).not.toHaveBeenCalled()
    expect(call.onError).not.toHaveBeenCalled()
    expect(hook.onSettled).toHaveBeenCalledOnce()

    // mutateAsync still rejects, so that an awaiting caller stops.
    await expect(result.current.mutateAsync()).rejects.toBeInstanceOf(OfflineWriteError)
    expect(hook.onError).not.toHaveBeenCalled()
  })

  it('online: a failure reaches both error callbacks as before', async () => {
    const { told, hook, send, result } = setUp()
    const call = { onError: vi.fn() }
    act(() => {
      result.current.mutate(undefined, call)
    })
    await waitFor(() => {
      expect(call.onError).toHaveBeenCalledOnce()
    })
    expect(send).toHaveBeenCalledOnce()
    expect(hook.onError).toHaveBeenCalledOnce()
    expect(told).not.toHaveBeenCalled()
  })
})
