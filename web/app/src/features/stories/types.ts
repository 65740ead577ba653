import type { ApiPaths, JsonBody as Json } from '@/lib/api'

/** The stories contract (plugins/stories/httpapi), from the OpenAPI document. */

export type StoriesAnswer = Json<ApiPaths['/api/v1/stories']['get']['responses'][200]>
export type Story = Json<ApiPaths['/api/v1/stories/{id}']['get']['responses'][200]>
export type StoryViewer = NonNullable<
  Json<ApiPaths['/api/v1/stories/{id}/viewers']['get']['responses'][200]>['items']
>[number]
