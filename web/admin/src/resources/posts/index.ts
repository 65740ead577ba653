import ArticleIcon from '@mui/icons-material/Article';

import { PostList } from './post-list';
import { PostShow } from './post-show';

export default { list: PostList, show: PostShow, icon: ArticleIcon, recordRepresentation: 'text_content' };
