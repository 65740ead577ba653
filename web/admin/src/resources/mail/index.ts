import MailIcon from '@mui/icons-material/Mail';

import { MailList } from './mail-list';
import { MailShow } from './mail-show';

export default {
  list: MailList,
  show: MailShow,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
