import polyglotI18nProvider from 'ra-i18n-polyglot';

import { withPluginMessages, type ConsolePlugin } from '../plugins';
import { ptBrMessages } from './pt-br';

/** pt-BR is the only language of the console: no locale switcher is shown. */
export function createI18nProvider(plugins: readonly ConsolePlugin[]) {
  const messages = withPluginMessages(ptBrMessages, plugins);
  return polyglotI18nProvider(() => messages, 'pt-br', [{ locale: 'pt-br', name: 'Português (Brasil)' }]);
}
