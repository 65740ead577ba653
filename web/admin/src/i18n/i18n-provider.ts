import polyglotI18nProvider from 'ra-i18n-polyglot';

import { ptBrMessages } from './pt-br';

// pt-BR is the only language of the console: no locale switcher is shown.
export const i18nProvider = polyglotI18nProvider(() => ptBrMessages, 'pt-br', [
  { locale: 'pt-br', name: 'Português (Brasil)' },
]);
