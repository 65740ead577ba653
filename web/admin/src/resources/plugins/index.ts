import ExtensionIcon from '@mui/icons-material/Extension';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./plugin-list').then((m) => m.PluginList)),
  show: lazyScreen(() => import('./plugin-show').then((m) => m.PluginShow)),
  icon: ExtensionIcon,
  recordRepresentation: 'id',
};
