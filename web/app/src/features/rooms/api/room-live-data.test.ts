import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import { AppQueryClient } from '@/lib/react-query'

import type { RoomParticipant } from '../types'

import { addCachedParticipant } from './room-live-data'
import { roomKeys } from './room-keys'

const ana: RoomParticipant = {
  user_id: 'u-ana',
  is_host: true,
  joined_at: '2026-11-26T00:00:00Z',
  profile: { id: 'u-ana', handle: 'ana', display_name: 'Ana', avatar_url: null, avatar_variants: [] },
}

describe('live room data', () => {
  it('a join that lands while the list is being read is not lost when the read answers', async () => {
    const queryClient = new AppQueryClient({ defaultOptions: { queries: { retry: false } } })
    const answers: Array<(value: RoomParticipant[]) => void> = []
    const observer = new QueryObserver(queryClient, {
      queryKey: roomKeys.participants('r1'),
      queryFn: () => new Promise<RoomParticipant[]>((resolve) => answers.push(resolve)),
    })
    const answer = (value: RoomParticipant[]) => {
      const resolve = answers.shift()
      if (!resolve) throw new Error('no read in flight')
      resolve(value)
    }
    const unsubscribe = observer.subscribe(() => {})
    await Promise.resolve()
    expect(answers).toHaveLength(1) // the read began before the join

    addCachedParticipant(queryClient, 'r1', ana)
    answer([]) // the server answered as it was before the join
    await new Promise((resolve) => setTimeout(resolve, 0))
    // A fresh read is asked for; the server now has her.
    expect(answers).toHaveLength(1)
    answer([ana])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryClient.getQueryData(roomKeys.participants('r1'))).toEqual([ana])
    unsubscribe()
  })
})
