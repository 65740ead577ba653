import { Download } from 'lucide-react'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { problemDetailOr } from '@/lib/api'
import { useOnline } from '@/lib/online'

import {
  isRunning,
  useDataExport,
  useDownloadDataExport,
  useRequestDataExport,
  type DataExport,
} from '../api/data-rights'
import { settingsMessages as m } from '../messages'
import { fileSize, longDate, relativeFuture } from '../times'

function failureOf(error: Error): string {
  return problemDetailOr(error, m.requestFailed)
}

function stepText(e: DataExport): string {
  if (e.status === 'queued') return m.exportQueued
  return m.exportBuilding((e.step && m.exportSteps[e.step]) || m.exportStepFallback)
}

/** A bar that says how far the archive is, read out as a percentage. */
function ExportProgress({ e }: { e: DataExport }) {
  const percent = e.status === 'queued' ? 0 : e.progress
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p>{stepText(e)}</p>
        <span className="shrink-0 tabular-nums text-muted-foreground">{m.exportPercent(percent)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={m.exportProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${String(percent)}%` }} />
      </div>
    </div>
  )
}

/**
 * 'Baixar uma cópia dos seus dados': asks for the archive, follows its
 * progress while it is built, and downloads it once ready (with the
 * session: the archive has no link of its own).
 * One archive at a time, and a new one only when the server allows.
 */
export function DataExportBlock() {
  const state = useDataExport()
  const request = useRequestDataExport()
  const download = useDownloadDataExport()
  const online = useOnline()

  const save = () => {
    download.mutate(undefined, {
      onError: (error) => {
        toast.error(m.downloadFailed, { description: failureOf(error) })
      },
    })
  }

  const ask = () => {
    request.mutate(undefined, {
      onSuccess: () => {
        toast.success(m.exportRequested, { description: m.exportRequestedDescription })
      },
      onError: (error) => {
        toast.error(m.requestFailed, { description: failureOf(error) })
      },
    })
  }

  let body
  if (state.isPending) {
    body = (
      <div role="status" aria-label={m.loadingExport}>
        <Skeleton className="h-10 w-full rounded-lg" />
      </div>
    )
  } else if (state.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">{m.exportLoadFailed}</p>
        <Button
          variant="outline"
          className="h-11 sm:h-9"
          disabled={state.isFetching}
          onClick={() => {
            void state.refetch()
          }}
        >
          {m.retry}
        </Button>
      </div>
    )
  } else {
    const { export: e, download_url: url, next_at: nextAt } = state.data
    const running = isRunning(e)
    const waiting = !!nextAt && !running
    body = (
      <div className="grid gap-3">
        {e && running ? <ExportProgress e={e} /> : null}
        {e?.status === 'ready' && url ? (
          <div className="grid gap-2 rounded-lg border p-3">
            <p className="text-sm font-medium">{m.exportReady}</p>
            <p className="text-sm text-muted-foreground">
              {e.size_bytes != null ? `${m.exportSize(fileSize(e.size_bytes))}. ` : ''}
              {e.expires_at ? m.exportKeptUntil(longDate(e.expires_at)) : ''}
            </p>
            <p className="text-sm text-muted-foreground">{m.exportReadyNotice}</p>
            <Button
              className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start"
              disabled={!online || download.isPending}
              onClick={save}
              aria-label={e.size_bytes != null ? m.downloadLabel(fileSize(e.size_bytes)) : m.download}
            >
              <Download aria-hidden="true" />
              {download.isPending ? m.downloading : m.download}
            </Button>
          </div>
        ) : null}
        {e?.status === 'failed' ? (
          <p role="alert" className="text-sm text-destructive">
            {m.exportFailed}
          </p>
        ) : null}
        {e?.status === 'expired' ? <p className="text-sm text-muted-foreground">{m.exportExpired}</p> : null}
        {running ? null : (
          <div className="grid gap-2">
            <Button
              variant={e?.status === 'ready' ? 'outline' : 'default'}
              className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start"
              disabled={!online || waiting || request.isPending}
              onClick={ask}
            >
              {request.isPending ? m.requesting : e ? m.requestAgain : m.requestExport}
            </Button>
            {waiting && nextAt ? (
              <p className="text-sm text-muted-foreground">{m.nextExportAt(relativeFuture(nextAt))}</p>
            ) : null}
          </div>
        )}
      </div>
    )
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h3 className="font-medium">{m.exportTitle}</h3>
        <p className="text-sm text-muted-foreground">{m.exportHint}</p>
      </div>
      {body}
    </div>
  )
}
