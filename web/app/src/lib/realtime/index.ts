export {
  browserSocketFactory,
  CLOSE_SLOW_CONSUMER,
  CLOSE_TOO_MANY_SOCKETS,
  createRealtimeClient,
  FLUSH_DELAY_MS,
  HEARTBEAT_MS,
  RECONNECT_DELAYS_MS,
  realtimeProtocols,
  realtimeUrl,
  REVOKED_EVENT,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeSocket,
  type ResyncListener,
  type SocketFactory,
  type SocketHandlers,
  type SubscribeOptions,
} from './realtime-client'
export { RealtimeProvider } from './realtime-provider'
export { useRealtimeTopic, type TopicOptions } from './use-realtime-topic'
