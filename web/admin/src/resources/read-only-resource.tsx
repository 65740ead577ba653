import { BooleanField, DataTable, NumberField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';

import { ConsoleList, DateTimeColumn, DateTimeField, ExportActions } from './console-list';
import { ShowLoadError } from './load-error';

/**
 * One field of a read-only resource, written once for both of its views: a
 * column of its list and a line of its show view. Numbers are written the
 * Brazilian way; text is the default kind.
 */
export type ReadOnlyField<T> = {
  source: Extract<keyof T, string>;
  kind?: 'number' | 'boolean' | 'datetime';
};

type ReadOnlyViewProps<T> = { fields: readonly ReadOnlyField<T>[] };

/** The list of a resource the console only reads, in id order, with its export. */
export function ReadOnlyList<T>({ fields }: ReadOnlyViewProps<T>) {
  return (
    <ConsoleList sort={{ field: 'id', order: 'ASC' }} actions={<ExportActions />}>
      {fields.map(({ source, kind }) => {
        switch (kind) {
          case 'number':
            return <DataTable.NumberCol key={source} source={source} locales="pt-BR" />;
          case 'boolean':
            return <DataTable.Col key={source} source={source} field={BooleanField} />;
          case 'datetime':
            return <DateTimeColumn key={source} source={source} />;
          default:
            return <DataTable.Col key={source} source={source} />;
        }
      })}
    </ConsoleList>
  );
}

/** One record of a resource the console only reads; with no edit view, Show offers no edit button. */
export function ReadOnlyShow<T extends RaRecord>({ fields }: ReadOnlyViewProps<T>) {
  return (
    <Show<T> error={<ShowLoadError />}>
      <SimpleShowLayout>
        {fields.map(({ source, kind }) => {
          switch (kind) {
            case 'number':
              return <NumberField key={source} source={source} locales="pt-BR" />;
            case 'boolean':
              return <BooleanField key={source} source={source} />;
            case 'datetime':
              return <DateTimeField key={source} source={source} />;
            default:
              return <TextField key={source} source={source} />;
          }
        })}
      </SimpleShowLayout>
    </Show>
  );
}
