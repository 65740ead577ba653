import { lazy } from 'react';

import type { ConsolePlugin } from '../../plugins/types';
import policies from '.';
import { federationPoliciesMessages } from './messages';

/**
 * The federation plugin's part of the console (listed in `plugins/registry.ts`):
 * the policies on other servers, open to moderators too, and on the report
 * screen the forwarding of a report about another server's account there.
 */
export const federationPlugin: ConsolePlugin = {
  name: 'federation',
  resources: [{ name: 'federation_policies', definition: policies, messages: federationPoliciesMessages, moderators: true }],
  // Its code loads with the first report shown, as the screens' do.
  reportActions: [lazy(() => import('./forward-report-action').then((m) => ({ default: m.ForwardReportAction })))],
};
