import type { ConsolePlugin } from '../../plugins/types';
import policies from '.';
import { federationPoliciesMessages } from './messages';

/**
 * The federation plugin's part of the console (listed in `plugins/registry.ts`):
 * the policies on other servers, open to moderators too.
 */
export const federationPlugin: ConsolePlugin = {
  name: 'federation',
  resources: [{ name: 'federation_policies', definition: policies, messages: federationPoliciesMessages, moderators: true }],
};
