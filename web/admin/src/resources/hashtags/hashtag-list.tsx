import { DataTable, List, SearchInput } from 'react-admin';

import { ListLoadError, ListPagination } from '../load-error';

const Column = DataTable.Col;

/** Hashtags, most used first; a row opens the posts that carry it. */
export function HashtagList() {
  return (
    <List sort={{ field: 'usage_count', order: 'DESC' }} perPage={50} filters={[<SearchInput key="q" source="q" alwaysOn />]} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable
        bulkActionButtons={false}
        rowClick={(_id, _resource, record) => `/posts?filter=${encodeURIComponent(JSON.stringify({ hashtag: record.tag }))}`}
      >
        <Column source="tag" />
        <Column source="usage_count" />
      </DataTable>
    </List>
  );
}
