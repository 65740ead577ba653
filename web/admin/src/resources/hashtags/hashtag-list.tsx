import { DataTable, List, SearchInput } from 'react-admin';

import { ListLoadError, ListPagination } from '../load-error';

const Column = DataTable.Col;

/** Hashtags, most used first. */
export function HashtagList() {
  return (
    <List sort={{ field: 'usage_count', order: 'DESC' }} perPage={50} filters={[<SearchInput key="q" source="q" alwaysOn />]} error={<ListLoadError />} pagination={<ListPagination />}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <Column source="tag" />
        <Column source="usage_count" />
      </DataTable>
    </List>
  );
}
