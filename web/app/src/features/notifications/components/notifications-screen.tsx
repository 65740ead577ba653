import { Page } from '@/components/layout/page'

import { notificationsMessages as m } from '../messages'

/** /notifications — the list comes with the notifications issue. */
export function NotificationsScreen() {
  return <Page title={m.title} />
}
