import { FileText, User } from 'lucide-react'

import { paths } from '@/config/paths'
import type { PluginSearchKind } from '@/features/plugins'
import { useEnabledPlugins } from '@/features/plugins/registry'

import { searchMessages as m } from './messages'

/**
 * The kinds of result the core owns: a user leads to /profile/{handle}, the
 * handle being the subtitle without the at sign; a post to its own page,
 * /post/{id}, rather than to '/'.
 */
const coreKinds: readonly PluginSearchKind[] = [
  {
    type: 'user',
    icon: User,
    label: m.type.user,
    target: (result) => paths.userProfile(result.subtitle.trim().replace(/^@/, '')),
  },
  { type: 'post', icon: FileText, label: m.type.post, target: (result) => paths.post(result.id) },
]

/** A kind nobody registered: shown with its bare type, leading home. */
export function unknownKind(type: string): PluginSearchKind {
  return { type, icon: FileText, label: type, target: () => paths.home }
}

/** The core's kinds and those of the enabled plugins (e.g. communities), by type. */
export function useResultKinds(): ReadonlyMap<string, PluginSearchKind> {
  const pluginKinds = useEnabledPlugins().flatMap((plugin) => plugin.searchKinds ?? [])
  return new Map([...coreKinds, ...pluginKinds].map((kind) => [kind.type, kind]))
}
