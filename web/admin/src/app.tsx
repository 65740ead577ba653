import { useMemo } from 'react';
import { Admin, Resource, type AuthProvider } from 'react-admin';
import { HashRouter } from 'react-router-dom';

import { createAuthProvider } from './auth/auth-provider';
import { LoginPage } from './auth/login-page';
import { createDataProvider, type AdminDataProvider } from './data/data-provider';
import { createI18nProvider } from './i18n/i18n-provider';
import { ConsoleLayout } from './layout';
import { consolePlugins, EnabledPluginsContext, useDisabledPlugins, type ConsolePlugin } from './plugins';
import audit from './resources/audit';
import hashtags from './resources/hashtags';
import mail from './resources/mail';
import migrations from './resources/migrations';
import pluginsResource from './resources/plugins';
import posts from './resources/posts';
import profiles from './resources/profiles';
import reports from './resources/reports';
import { lazyScreen } from './screens/lazy-screen';
import { consoleTheme } from './theme';

export const consoleTitle = 'social — Administração';

// The home page's stats and charts load once someone signs in, not with the
// sign-in page; so do every resource's screens (see resources/*/index.ts).
const Dashboard = lazyScreen(() => import('./dashboard/dashboard').then((m) => m.Dashboard));

const defaultDataProvider = createDataProvider();
const defaultAuthProvider = createAuthProvider();

type AppProps = {
  /** Tests pass a provider aimed at their own server; the console uses /api/v1/admin. */
  dataProvider?: AdminDataProvider;
  /** Tests pass one aimed at their own server, or null to render without signing in. */
  authProvider?: AuthProvider | null;
  /** The plugins with console screens; tests leave one out. */
  plugins?: readonly ConsolePlugin[];
};

/**
 * Moderators see the reports, posts, profiles and the plugin screens open to
 * them (the policies on other servers); administrators see
 * everything, with the screens of each registered plugin the server has on.
 * The menu follows the role, and the server refuses the rest anyway.
 */
export function App({
  dataProvider = defaultDataProvider,
  authProvider = defaultAuthProvider,
  plugins = consolePlugins,
}: AppProps) {
  const i18nProvider = useMemo(() => createI18nProvider(plugins), [plugins]);
  const disabled = useDisabledPlugins(dataProvider.getDisabledPlugins);
  const enabledPlugins = useMemo(() => plugins.filter((plugin) => !disabled.includes(plugin.name)), [plugins, disabled]);
  const enabledResources = enabledPlugins.flatMap((plugin) => plugin.resources);
  const pluginResources = enabledResources.map(({ name, definition }) => <Resource key={name} name={name} {...definition} />);
  const moderatorPluginResources = enabledResources
    .filter((resource) => resource.moderators)
    .map(({ name, definition }) => <Resource key={name} name={name} {...definition} />);
  // The console's own router, without transitions. react-admin's default
  // router moves to a new route inside a transition, which React keeps
  // restarting while the sign-out that sent it there clears the query cache
  // and checks the session again: a visitor without a session went through
  // thousands of checks and sign-outs (seconds of CPU) before the sign-in
  // form showed.
  return (
    <HashRouter useTransitions={false}>
      <EnabledPluginsContext.Provider value={enabledPlugins}>
        <Admin
          title={consoleTitle}
          dataProvider={dataProvider}
          authProvider={authProvider ?? undefined}
          requireAuth={authProvider !== null}
          i18nProvider={i18nProvider}
          dashboard={Dashboard}
          loginPage={LoginPage}
          layout={ConsoleLayout}
          theme={consoleTheme}
          // The telemetry ping goes to a third-party host, which the CSP (img-src 'self') forbids anyway.
          disableTelemetry
        >
          {(permissions: string | null | undefined) => [
            <Resource key="reports" name="reports" {...reports} />,
            <Resource key="posts" name="posts" {...posts} />,
            <Resource key="profiles" name="profiles" {...profiles} />,
            ...(permissions === 'moderator'
              ? moderatorPluginResources
              : [
                  ...pluginResources,
                  <Resource key="hashtags" name="hashtags" {...hashtags} />,
                  <Resource key="audit" name="audit" {...audit} />,
                  <Resource key="mail" name="mail" {...mail} />,
                  <Resource key="migrations" name="migrations" {...migrations} />,
                  <Resource key="plugins" name="plugins" {...pluginsResource} />,
                ]),
          ]}
        </Admin>
      </EnabledPluginsContext.Provider>
    </HashRouter>
  );
}
