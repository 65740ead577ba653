import PeopleIcon from '@mui/icons-material/People';

import { ProfileList } from './profile-list';
import { ProfileShow } from './profile-show';

export default { list: ProfileList, show: ProfileShow, icon: PeopleIcon, recordRepresentation: 'handle' };
