import StorageIcon from '@mui/icons-material/Storage';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./migration-list').then((m) => m.MigrationList)),
  show: lazyScreen(() => import('./migration-show').then((m) => m.MigrationShow)),
  icon: StorageIcon,
  recordRepresentation: 'name',
};
