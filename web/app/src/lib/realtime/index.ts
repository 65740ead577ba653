export {
  browserSocketFactory,
  CLOSE_SLOW_CONSUMER,
  createRealtimeClient,
  HEARTBEAT_MS,
  RECONNECT_DELAYS_MS,
  realtimeUrl,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeSocket,
  type ResyncListener,
  type SocketFactory,
  type SocketHandlers,
} from './realtime-client'
export { RealtimeProvider } from './realtime-provider'
export { useRealtimeTopic } from './use-realtime-topic'
