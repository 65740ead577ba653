import { BooleanField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

import { ShowLoadError } from '../load-error';
import type { PluginInfo } from './types';

// Read-only: a plugin is switched on or off in the server's configuration, not here.
export function PluginShow() {
  return (
    <Show<PluginInfo> error={<ShowLoadError />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <BooleanField source="enabled" />
        <NumberField source="routes" locales="pt-BR" />
        <NumberField source="workers" locales="pt-BR" />
        <NumberField source="periodic_jobs" locales="pt-BR" />
        <NumberField source="migrations" locales="pt-BR" />
        <NumberField source="topics" locales="pt-BR" />
      </SimpleShowLayout>
    </Show>
  );
}
