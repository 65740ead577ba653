import PeopleIcon from '@mui/icons-material/People';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./profile-list').then((m) => m.ProfileList)),
  show: lazyScreen(() => import('./profile-show').then((m) => m.ProfileShow)),
  icon: PeopleIcon,
  recordRepresentation: 'handle',
};
