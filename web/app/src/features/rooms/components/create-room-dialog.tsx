import { Loader2, Radio, RefreshCw } from 'lucide-react'
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import { LabeledField } from '@/components/labeled-field'
import { SearchInput } from '@/components/search-input'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api'
import { clipCodePoints } from '@/lib/text-length'
import { cn } from '@/lib/utils'

import { useCreateRoom, useStations } from '../api/rooms'
import { ROOM_DESCRIPTION_MAX } from '../constants'
import { roomsMessages as m } from '../messages'
import { roomsPaths } from '../paths'
import { stationMatches } from '../stations'

interface CreateRoomDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Dialog 'Criar Nova Sala'. */
export function CreateRoomDialog({ open, onOpenChange }: CreateRoomDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.close}>
        <DialogHeader>
          <DialogTitle>{m.createTitle}</DialogTitle>
          <DialogDescription>{m.createDescription}</DialogDescription>
        </DialogHeader>
        {open ? <CreateRoomForm /> : null}
      </DialogContent>
    </Dialog>
  )
}

function CreateRoomForm() {
  const navigate = useNavigate()
  const stations = useStations(true)
  const create = useCreateRoom()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [term, setTerm] = useState('')
  const [stationId, setStationId] = useState<string | null>(null)
  const [isPublic, setIsPublic] = useState(true)
  const ids = { name: useId(), description: useId(), search: useId(), stations: useId(), public: useId() }

  // One toast per completed read of the station list.
  const announced = useRef(0)
  useEffect(() => {
    if (!stations.isSuccess || stations.dataUpdatedAt === announced.current) return
    announced.current = stations.dataUpdatedAt
    const list = stations.data.stations ?? []
    if (stations.data.source === 'fallback') {
      toast.info(m.fallbackTitle, { description: m.fallbackDescription })
    } else if (list.length === 0) {
      toast.warning(m.emptyStationsTitle, { description: m.emptyStationsDescription })
    } else {
      toast.success(m.stationsLoadedTitle, { description: m.stationsLoaded(list.length) })
    }
  }, [stations.isSuccess, stations.data, stations.dataUpdatedAt])

  const all = stations.data?.stations ?? []
  const shown = all.filter((station) => stationMatches(station, term))
  const busy = create.isPending
  const loading = stations.isFetching

  const reload = () => {
    void stations.refetch()
  }

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (busy) return
    const trimmed = name.trim()
    if (!trimmed || !stationId) {
      toast.error(m.fieldsRequired)
      return
    }
    create.mutate(
      { name: trimmed, description: description.trim() || null, station_id: stationId, is_public: isPublic },
      {
        onSuccess: (room) => {
          toast.success(m.created)
          void navigate(roomsPaths.listeningRoom(room.id))
        },
        onError: (error) => {
          const detail = error instanceof ApiError ? error.problem?.detail : undefined
          const message = detail ?? m.createFailed
          if (message.toLowerCase().includes('duplicate')) return
          toast.error(message)
        },
      },
    )
  }

  let list
  if (stations.isPending && loading) {
    list = (
      <p role="status" className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {m.stationsLoading}
      </p>
    )
  } else if (all.length === 0) {
    list = (
      <div className="grid justify-items-center gap-2 p-3 text-center">
        <p className="text-sm text-muted-foreground">{m.noStations}</p>
        <Button type="button" variant="outline" size="sm" disabled={loading} onClick={reload}>
          {m.retry}
        </Button>
      </div>
    )
  } else if (shown.length === 0) {
    list = <p className="p-3 text-sm text-muted-foreground">{m.noStationMatch(term.trim())}</p>
  } else {
    list = (
      <ul className="grid gap-1 p-1">
        {shown.map((station) => {
          const selected = station.id === stationId
          return (
            <li key={station.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md p-2 text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  selected && 'bg-accent',
                )}
              >
                <input
                  type="radio"
                  name={ids.stations}
                  value={station.id}
                  checked={selected}
                  className="sr-only"
                  onChange={() => {
                    setStationId(station.id)
                  }}
                />
                {/* Stations come without logos: the directory's addresses are anyone's choice. */}
                <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded bg-muted">
                  <Radio className="size-4 text-muted-foreground" />
                </span>
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{station.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[station.country, ...(station.tags ?? []).slice(0, 3)].filter(Boolean).join(' • ')}
                  </span>
                </span>
              </label>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <LabeledField htmlFor={ids.name} label={m.nameLabel}>
        <Input
          id={ids.name}
          value={name}
          maxLength={100}
          placeholder={m.namePlaceholder}
          autoComplete="off"
          required
          onChange={(event) => {
            setName(event.target.value)
          }}
        />
      </LabeledField>

      <LabeledField htmlFor={ids.description} label={m.descriptionLabel}>
        <Textarea
          id={ids.description}
          value={description}
          placeholder={m.descriptionPlaceholder}
          rows={2}
          onChange={(event) => {
            setDescription(clipCodePoints(event.target.value, ROOM_DESCRIPTION_MAX))
          }}
        />
      </LabeledField>

      <fieldset className="grid gap-2">
        <legend className="float-left text-sm font-medium">{m.stationLabel}</legend>
        <div className="flex justify-end">
          <Button type="button" variant="ghost" size="sm" disabled={loading} onClick={reload}>
            <RefreshCw aria-hidden="true" className={cn(loading && 'animate-spin')} />
            {m.reload}
          </Button>
        </div>
        <SearchInput
          id={ids.search}
          aria-label={m.stationSearch}
          placeholder={m.stationSearch}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value)
          }}
        />
        <div className="max-h-60 overflow-y-auto rounded-md border">{list}</div>
      </fieldset>

      <div className="flex items-center gap-3">
        <RoomSwitchField id={ids.public} checked={isPublic} onCheckedChange={setIsPublic} />
      </div>

      <DialogFooter>
        <Button type="submit" disabled={busy}>
          {busy ? m.submitting : m.submit}
        </Button>
      </DialogFooter>
    </form>
  )
}

function RoomSwitchField({
  id,
  checked,
  onCheckedChange,
}: {
  id: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  return (
    <>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <Label htmlFor={id}>{m.publicLabel}</Label>
    </>
  )
}
