import ExtensionIcon from '@mui/icons-material/Extension';

import { PluginList } from './plugin-list';
import { PluginShow } from './plugin-show';

export default {
  list: PluginList,
  show: PluginShow,
  icon: ExtensionIcon,
  recordRepresentation: 'id',
};
