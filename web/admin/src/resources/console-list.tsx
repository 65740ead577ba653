import type { ReactElement, ReactNode } from 'react';
import { DataTable, DateField, ExportButton, List, TopToolbar, type DataTableProps, type SortPayload } from 'react-admin';

import { dateTimeOptions } from './format';
import { ListLoadError, ListPagination } from './load-error';

const newestFirst: SortPayload = { field: 'created_at', order: 'DESC' };

type ConsoleListProps = {
  filters?: ReactElement[];
  filterDefaultValues?: Record<string, unknown>;
  sort?: SortPayload;
  perPage?: number;
  /** The toolbar above the table, react-admin's own when absent. */
  actions?: ReactElement;
  /** Where a row leads: its record's show view unless told otherwise. */
  rowClick?: DataTableProps['rowClick'];
  children: ReactNode;
};

/**
 * A console list: newest first unless told otherwise, a table whose rows
 * open the record, and the load error in place of the table when the
 * server refuses. A column the resource cannot sort by (its server-side
 * sortable keys) carries disableSort: clicking it would ask for a sort the
 * server refuses as invalid_list_query.
 */
export function ConsoleList({ filters, filterDefaultValues, sort = newestFirst, perPage = 25, actions, rowClick = 'show', children }: ConsoleListProps) {
  return (
    <List
      sort={sort}
      perPage={perPage}
      filters={filters}
      filterDefaultValues={filterDefaultValues}
      actions={actions}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <DataTable rowClick={rowClick} bulkActionButtons={false}>
        {children}
      </DataTable>
    </List>
  );
}

type DateTimeFieldProps = { source: string; emptyText?: string };

/** A date and time as Brazilians read them (22/11/2026, 14:05:09). */
export function DateTimeField({ source, emptyText }: DateTimeFieldProps) {
  return <DateField source={source} showTime locales="pt-BR" options={dateTimeOptions} emptyText={emptyText} />;
}

/** A table column holding a DateTimeField. */
export function DateTimeColumn({ source, emptyText, disableSort }: DateTimeFieldProps & { disableSort?: boolean }) {
  return (
    <DataTable.Col source={source} disableSort={disableSort}>
      <DateTimeField source={source} emptyText={emptyText} />
    </DataTable.Col>
  );
}

/** A read-only list's toolbar: the export of what it lists. */
export function ExportActions() {
  return (
    <TopToolbar>
      <ExportButton />
    </TopToolbar>
  );
}
