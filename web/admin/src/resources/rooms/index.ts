import HeadphonesIcon from '@mui/icons-material/Headphones';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./room-list').then((m) => m.RoomList)),
  show: lazyScreen(() => import('./room-show').then((m) => m.RoomShow)),
  icon: HeadphonesIcon,
  recordRepresentation: 'name',
};
