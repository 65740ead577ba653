import { Admin, Resource } from 'react-admin';

import { Dashboard } from './dashboard';
import { createDataProvider, type AdminDataProvider } from './data/data-provider';
import { i18nProvider } from './i18n/i18n-provider';
import mail from './resources/mail';
import migrations from './resources/migrations';
import plugins from './resources/plugins';

export const consoleTitle = 'social — Administração';

const defaultDataProvider = createDataProvider();

type AppProps = {
  /** Tests pass a provider aimed at their own server; the console uses /api/v1/admin. */
  dataProvider?: AdminDataProvider;
};

export function App({ dataProvider = defaultDataProvider }: AppProps) {
  return (
    <Admin
      title={consoleTitle}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      // The telemetry ping goes to a third-party host, which the CSP (img-src 'self') forbids anyway.
      disableTelemetry
    >
      <Resource name="mail" {...mail} />
      <Resource name="migrations" {...migrations} />
      <Resource name="plugins" {...plugins} />
    </Admin>
  );
}
