import type { ApiPaths } from '@/lib/api'

type ListComments = ApiPaths['/api/v1/posts/{id}/comments']['get']

/** A page of a post's comments, oldest first; next_cursor is absent at the end. */
export type CommentPage = ListComments['responses'][200]['content']['application/json']
export type Comment = NonNullable<CommentPage['items']>[number]
