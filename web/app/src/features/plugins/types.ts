/** Plugins that own parts of the member app's navigation and screens. */
export type PluginName = 'rooms' | 'communities' | 'messages' | 'stories'
