import MailIcon from '@mui/icons-material/Mail';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./mail-list').then((m) => m.MailList)),
  show: lazyScreen(() => import('./mail-show').then((m) => m.MailShow)),
  icon: MailIcon,
  recordRepresentation: 'subject',
};
