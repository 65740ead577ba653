export { withPluginMessages } from './messages';
export { consolePlugins } from './registry';
export type { ConsolePlugin, ConsolePluginResource } from './types';
export { useDisabledPlugins } from './use-disabled-plugins';
export { EnabledPluginsContext, PluginReportActions } from './enabled-plugins';
