import GroupsIcon from '@mui/icons-material/Groups';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./community-list').then((m) => m.CommunityList)),
  show: lazyScreen(() => import('./community-show').then((m) => m.CommunityShow)),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};
