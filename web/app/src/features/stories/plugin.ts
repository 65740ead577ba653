import { CircleDashed } from 'lucide-react'

import type { PluginDescriptor } from '@/features/plugins'

import { storiesMessages as m } from './messages'
import { storiesPaths } from './paths'

export { storiesPaths }

/** The stories plugin's front end (listed in `features/plugins/registry.ts`). */
export const storiesPlugin: PluginDescriptor<'stories'> = {
  name: 'stories',
  paths: storiesPaths,
  routes: [{ path: storiesPaths.stories, title: m.navLabel, load: async () => (await import('./components/stories-screen')).StoriesScreen }],
  nav: {
    sideBar: { to: storiesPaths.stories, label: m.navLabel, icon: CircleDashed },
    bottomBar: { to: storiesPaths.stories, label: m.navLabel, icon: CircleDashed },
  },
}
