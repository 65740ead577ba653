import StorageIcon from '@mui/icons-material/Storage';

import { MigrationList } from './migration-list';
import { MigrationShow } from './migration-show';

export default {
  list: MigrationList,
  show: MigrationShow,
  icon: StorageIcon,
  recordRepresentation: 'name',
};
