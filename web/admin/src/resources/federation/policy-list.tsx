import { BooleanField, BooleanInput, CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';

const Column = DataTable.Col;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="suspend" source="suspend" />,
  <BooleanInput key="silence" source="silence" />,
  <BooleanInput key="reject_media" source="reject_media" />,
];

/** The policies set on other servers, newest first; a row opens its edit form. */
export function PolicyList() {
  return (
    <ConsoleList
      filters={filters}
      rowClick="edit"
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Column source="domain" sx={{ overflowWrap: 'anywhere', minWidth: 120 }} />
      <Column source="suspend">
        <BooleanField source="suspend" />
      </Column>
      <Column source="silence">
        <BooleanField source="silence" />
      </Column>
      <Column source="reject_media">
        <BooleanField source="reject_media" />
      </Column>
      <Column source="reason" disableSort sx={{ overflowWrap: 'anywhere', minWidth: 160 }} />
      <Column source="accounts" disableSort />
      <DateTimeColumn source="updated_at" />
    </ConsoleList>
  );
}
