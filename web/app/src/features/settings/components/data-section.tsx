import { Database } from 'lucide-react'

import { paths } from '@/config/paths'
import { DemoDataBlock } from '@/features/feed'

import { settingsMessages as m } from '../messages'

import { DataExportBlock } from './data-export'
import { DeleteAccountBlock } from './delete-account'
import { SettingsSection } from './settings-section'

/** 'Seus dados': what is kept, a copy of it to download, clearing demo data, and deleting the account. */
export function DataSection() {
  return (
    <SettingsSection anchor={paths.settingsSections.data} icon={Database} title={m.data}>
      <p className="text-sm">{m.dataKept}</p>
      <p className="text-sm">{m.dataSessions}</p>
      <DataExportBlock />
      <DemoDataBlock />
      <DeleteAccountBlock />
    </SettingsSection>
  )
}
