import type { ApiPaths, JsonBody as Json } from '@/lib/api'

/** The messages contract (plugins/messages), from the OpenAPI document. */

/** GET /api/v1/messages/conversations: one page of the inbox. */
export type ConversationPage = Json<ApiPaths['/api/v1/messages/conversations']['get']['responses'][200]>
/** One conversation as the signed-in member sees it. */
export type Conversation = Json<ApiPaths['/api/v1/messages/conversations/{id}']['get']['responses'][200]>
/** GET /api/v1/messages/conversations/{id}/messages: newest first. */
export type MessagePage = Json<ApiPaths['/api/v1/messages/conversations/{id}/messages']['get']['responses'][200]>
export type DirectMessage = NonNullable<MessagePage['items']>[number]
export type ReadMarker = NonNullable<Conversation['last_read']>
export type MessageSettings = Json<ApiPaths['/api/v1/messages/settings']['get']['responses'][200]>
