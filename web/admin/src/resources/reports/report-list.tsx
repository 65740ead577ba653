import { DataTable, SearchInput, SelectField, SelectInput, TextField } from 'react-admin';

import { ConsoleList, DateTimeColumn } from '../console-list';
import { actionChoices, statusChoices, targetTypeChoices } from '../moderation/choices';

const Column = DataTable.Col;

const filters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="target_type" source="target_type" choices={targetTypeChoices} />,
  <SearchInput key="q" source="q" />,
];

/** The moderation queue: open reports first in line, oldest first. */
export function ReportList() {
  return (
    <ConsoleList sort={{ field: 'created_at', order: 'ASC' }} filterDefaultValues={{ status: 'open' }} filters={filters}>
      <Column source="target_text" disableSort>
        <TextField source="target_text" emptyText="—" sx={{ display: 'block', maxWidth: '28rem' }} />
      </Column>
      <Column source="target_author_handle" disableSort />
      <Column source="reason" disableSort>
        <TextField source="reason" emptyText="—" />
      </Column>
      <Column source="reporter_handle" disableSort />
      <Column source="status">
        <SelectField source="status" choices={statusChoices} />
      </Column>
      <Column source="resolution" disableSort>
        <SelectField source="resolution" choices={actionChoices} emptyText="—" />
      </Column>
      <Column source="same_target_count" />
      <DateTimeColumn source="created_at" />
    </ConsoleList>
  );
}
