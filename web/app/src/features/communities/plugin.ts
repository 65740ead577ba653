import { Users } from 'lucide-react'

import type { PluginDescriptor } from '@/features/plugins'

import { communitiesMessages as m } from './messages'
import { communitiesPaths } from './paths'

export { communitiesPaths }

/** The communities plugin's front end (listed in `features/plugins/registry.ts`). */
export const communitiesPlugin: PluginDescriptor<'communities'> = {
  name: 'communities',
  paths: communitiesPaths,
  routes: [
    {
      path: communitiesPaths.communities,
      title: m.navLabel,
      load: async () => (await import('./components/communities-screen')).CommunitiesScreen,
    },
    {
      path: communitiesPaths.createCommunity,
      title: m.createTitle,
      load: async () => (await import('./components/create-community-screen')).CreateCommunityScreen,
    },
    { path: '/communities/:id', load: async () => (await import('./components/community-screen')).CommunityScreen },
  ],
  nav: {
    sideBar: { to: communitiesPaths.communities, label: m.navLabel, icon: Users },
    bottomBar: { to: communitiesPaths.communities, label: m.navLabel, icon: Users },
  },
  searchKinds: [
    {
      type: 'community',
      icon: Users,
      label: m.searchResult,
      target: (result) => communitiesPaths.community(result.id),
    },
  ],
}
