import FlagIcon from '@mui/icons-material/Flag';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./report-list').then((m) => m.ReportList)),
  show: lazyScreen(() => import('./report-show').then((m) => m.ReportShow)),
  icon: FlagIcon,
  recordRepresentation: 'target_text',
};
