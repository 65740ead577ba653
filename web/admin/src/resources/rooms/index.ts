import HeadphonesIcon from '@mui/icons-material/Headphones';

import { RoomList } from './room-list';
import { RoomShow } from './room-show';

export default { list: RoomList, show: RoomShow, icon: HeadphonesIcon, recordRepresentation: 'name' };
