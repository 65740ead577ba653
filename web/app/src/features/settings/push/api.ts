import { useQuery, useQueryClient } from '@tanstack/react-query'

import { ApiError, unwrap, unwrapEmpty, useApiClient, type ApiPaths } from '@/lib/api'
import { useMutation } from '@/lib/use-mutation'

import { subscribeDevice, unsubscribeDevice } from './device'

type GetSubscription = ApiPaths['/api/v1/push/subscription']['get']
export type PushSubscriptionState = GetSubscription['responses'][200]['content']['application/json']
export type PushAlerts = PushSubscriptionState['alerts']
export type PushAlertName = keyof PushAlerts

/** Query keys of this device's push. */
export const pushKeys = {
  serverKey: ['settings', 'push', 'server-key'] as const,
  subscription: ['settings', 'push', 'subscription'] as const,
}

/** GET /api/v1/push/server-key: whether the server sends pushes, and its VAPID key. */
export function usePushServerKey() {
  const client = useApiClient()
  return useQuery({
    queryKey: pushKeys.serverKey,
    queryFn: async () => unwrap('GET /api/v1/push/server-key', await client.GET('/api/v1/push/server-key')),
    staleTime: Infinity,
  })
}

/** GET /api/v1/push/subscription: this session's device, or null when it has none (404). */
export function usePushSubscription(enabled: boolean) {
  const client = useApiClient()
  return useQuery({
    queryKey: pushKeys.subscription,
    enabled,
    queryFn: async (): Promise<PushSubscriptionState | null> => {
      const result = await client.GET('/api/v1/push/subscription')
      if (result.response.status === 404) return null
      return unwrap('GET /api/v1/push/subscription', result)
    },
  })
}

/**
 * Subscribes this browser with the push service (the permission must be
 * granted already) and hands the subscription to the server
 * (POST /api/v1/push/subscription), alerts as given or all on.
 */
export function useTurnPushOn() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const device = await subscribeDevice(publicKey)
      if (!device.endpoint || !device.keys?.p256dh || !device.keys.auth) {
        throw new Error('the browser answered a push subscription without endpoint or keys')
      }
      const body = {
        subscription: { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: device.keys.auth } },
      }
      return unwrap('POST /api/v1/push/subscription', await client.POST('/api/v1/push/subscription', { body }))
    },
    onSuccess: (subscription) => {
      queryClient.setQueryData(pushKeys.subscription, subscription)
    },
  })
}

/** DELETE /api/v1/push/subscription, then the browser's subscription too. */
export function useTurnPushOff() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      unwrapEmpty('DELETE /api/v1/push/subscription', await client.DELETE('/api/v1/push/subscription'))
      // The server no longer pushes here; a browser that cannot forget its
      // subscription only keeps an endpoint nobody uses.
      await unsubscribeDevice().catch(() => undefined)
    },
    onSuccess: () => {
      queryClient.setQueryData(pushKeys.subscription, null)
    },
  })
}

/** PUT /api/v1/push/subscription: one alert on or off, shown at once and undone on failure. */
export function useUpdatePushAlert() {
  const client = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ name, on }: { name: PushAlertName; on: boolean }) =>
      unwrap(
        'PUT /api/v1/push/subscription',
        await client.PUT('/api/v1/push/subscription', { body: { data: { alerts: { [name]: on } } } }),
      ),
    onMutate: ({ name, on }) => {
      const before = queryClient.getQueryData<PushSubscriptionState | null>(pushKeys.subscription)
      if (before) queryClient.setQueryData(pushKeys.subscription, { ...before, alerts: { ...before.alerts, [name]: on } })
      return { before }
    },
    onError: (error, _change, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(pushKeys.subscription, context.before)
      // Gone meanwhile (the session's device was removed): read it again.
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: pushKeys.subscription })
      }
    },
    onSuccess: (subscription) => {
      queryClient.setQueryData(pushKeys.subscription, subscription)
    },
  })
}

/** POST /api/v1/push/subscription/test: the server pushes 'Notificação de teste' to this device. */
export function useSendTestPush() {
  const client = useApiClient()
  return useMutation({
    mutationFn: async () => {
      unwrapEmpty('POST /api/v1/push/subscription/test', await client.POST('/api/v1/push/subscription/test'))
    },
  })
}
