import FlagIcon from '@mui/icons-material/Flag';

import { ReportList } from './report-list';
import { ReportShow } from './report-show';

export default { list: ReportList, show: ReportShow, icon: FlagIcon, recordRepresentation: 'target_text' };
