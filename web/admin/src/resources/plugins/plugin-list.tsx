import { BooleanField, DataTable } from 'react-admin';

import { ConsoleList, ExportActions } from '../console-list';
import type { PluginInfo } from './types';

const Column = DataTable.Col<PluginInfo>;
const NumberColumn = DataTable.NumberCol<PluginInfo>;

export function PluginList() {
  return (
    <ConsoleList sort={{ field: 'id', order: 'ASC' }} actions={<ExportActions />}>
      <Column source="id" />
      <Column source="enabled" field={BooleanField} />
      <NumberColumn source="routes" locales="pt-BR" />
      <NumberColumn source="workers" locales="pt-BR" />
      <NumberColumn source="periodic_jobs" locales="pt-BR" />
      <NumberColumn source="migrations" locales="pt-BR" />
      <NumberColumn source="topics" locales="pt-BR" />
    </ConsoleList>
  );
}
