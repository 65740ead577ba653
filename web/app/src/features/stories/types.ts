import type { ApiPaths } from '@/lib/api'

/** The stories contract (plugins/stories/httpapi), from the OpenAPI document. */
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never

export type StoriesAnswer = Json<ApiPaths['/api/v1/stories']['get']['responses'][200]>
export type Story = Json<ApiPaths['/api/v1/stories/{id}']['get']['responses'][200]>
export type StoryViewer = NonNullable<
  Json<ApiPaths['/api/v1/stories/{id}/viewers']['get']['responses'][200]>['items']
>[number]
