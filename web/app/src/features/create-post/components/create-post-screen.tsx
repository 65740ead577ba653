import { Page } from '@/components/layout/page'

import { createPostMessages as m } from '../messages'

/** /create-post — the form comes with the posts issue. */
export function CreatePostScreen() {
  return <Page title={m.title} />
}
