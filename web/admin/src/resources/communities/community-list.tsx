import { DataTable, SearchInput, SelectField, SelectInput } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { privacyChoices } from '../moderation/choices';

const Column = DataTable.Col;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="privacy" source="privacy" choices={privacyChoices} />];

export function CommunityList() {
  return (
    <ConsoleList filters={filters}>
      <Column source="name" />
      <Column source="privacy">
        <SelectField source="privacy" choices={privacyChoices} />
      </Column>
      <Column source="member_count" />
      <Column source="owner_handle" />
      <DateTimeColumn source="created_at" />
    </ConsoleList>
  );
}
