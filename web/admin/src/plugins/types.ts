import type { ComponentType } from 'react';
import type { ResourceProps, StringMap } from 'react-admin';

/** One console resource a plugin brings: its screens and its labels. */
export type ConsolePluginResource = {
  /** The admin API's resource (`/api/v1/admin/<name>`), also react-admin's name for it. */
  name: string;
  definition: Omit<ResourceProps, 'name'>;
  /** Its pt-BR labels, read by react-admin as `resources.<name>`. */
  messages: StringMap;
  /** Shown to moderators too (the server opens it to them); administrators only otherwise. */
  moderators?: boolean;
};

/**
 * Everything the console needs to know about one plugin. A descriptor lives
 * beside the plugin's resources (`resources/<name>/plugin.ts`) and is listed
 * in `plugins/registry.ts`. Plugin resources are for administrators unless they say `moderators`.
 */
export type ConsolePlugin = {
  /** The plugin's name on the server (`/api/v1/meta`). */
  name: string;
  resources: readonly ConsolePluginResource[];
  /**
   * Actions on the core's report screen, shown only while the plugin is
   * on; each reads the report from the record context and renders nothing
   * where it does not apply.
   */
  reportActions?: readonly ComponentType[];
};
