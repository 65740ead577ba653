import { BooleanField, BooleanInput, CreateButton, DataTable, FunctionField, SearchInput, TopToolbar } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { unbrokenText } from '../format';

const Column = DataTable.Col;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="suspend" source="suspend" />,
  <BooleanInput key="silence" source="silence" />,
  <BooleanInput key="reject_media" source="reject_media" />,
];

/** The first 120 characters of a reason (the edit form has all of it), so that one long reason does not make its row a page high. */
function excerpt(reason: string): string {
  const chars = Array.from(reason);
  return chars.length > 120 ? `${chars.slice(0, 120).join('')}…` : reason;
}

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
      <Column source="reason" disableSort>
        <FunctionField<{ reason: string }> sx={{ ...unbrokenText, minWidth: '12rem' }} render={(p) => excerpt(p.reason)} />
      </Column>
      <Column source="accounts" disableSort />
      <DateTimeColumn source="updated_at" />
    </ConsoleList>
  );
}
