export { CommunitiesScreen } from './components/communities-screen'
export { CommunityScreen } from './components/community-screen'
export { CreateCommunityScreen } from './components/create-community-screen'
