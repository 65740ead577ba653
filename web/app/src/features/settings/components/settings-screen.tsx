import { ShieldCheck, UserRound } from 'lucide-react'
import { Link } from 'react-router'

import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import type { SettingsSectionName } from '@/features/plugins'
import { useEnabledPlugins } from '@/features/plugins/registry'
import { SafetySettings } from '@/features/safety'
import { useSession } from '@/features/session'

import { settingsMessages as m } from '../messages'

import { ConnectedAppsSection } from './connected-apps-section'
import { DataSection } from './data-section'
import { NotificationsSection } from './notifications-section'
import { SecuritySection } from './security-section'
import { SessionsSection } from './sessions-section'
import { SettingsSection } from './settings-section'

/**
 * /settings: the account, privacy and safety, the member's sessions and
 * what is kept of their data. Each section says only what the member can
 * see or do today.
 */
export function SettingsScreen() {
  const { user } = useSession()
  return (
    <Page title={m.title}>
      <div className="mx-auto grid w-full max-w-2xl gap-6">
        <SettingsSection icon={UserRound} title={m.account} description={m.accountHint}>
          {user ? (
            <dl className="grid gap-3 text-sm">
              {[
                [m.displayName, user.displayName],
                [m.handle, m.handleValue(user.handle)],
                [m.email, user.email],
              ].map(([term, value]) => (
                <div key={term} className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <Button asChild variant="outline" className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start">
            <Link to={paths.profile}>{m.editProfile}</Link>
          </Button>
          <PluginSettingsRows section="account" />
        </SettingsSection>

        <SettingsSection icon={ShieldCheck} title={m.privacy}>
          <p className="text-sm">{m.privacyPosts}</p>
          <p className="text-sm">{m.privacyImages}</p>
          <PluginSettingsRows section="privacy" />
          <SafetySettings />
        </SettingsSection>

        <NotificationsSection />

        <SecuritySection />

        <SessionsSection />

        <ConnectedAppsSection />

        <DataSection />
      </div>
    </Page>
  )
}

/** The rows the enabled plugins add to one core section, in registry order. */
function PluginSettingsRows({ section }: { section: SettingsSectionName }) {
  return useEnabledPlugins().flatMap((plugin) =>
    (plugin.settingsRows ?? [])
      .filter((rows) => rows.section === section)
      .map(({ Rows }, index) => <Rows key={`${plugin.name}:${String(index)}`} />),
  )
}
