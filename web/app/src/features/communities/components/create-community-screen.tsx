import { useId, useState, type SyntheticEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import { FieldFooter, LabeledField } from '@/components/labeled-field'
import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api'
import { cn } from '@/lib/utils'

import { useCreateCommunity } from '../api/communities'
import { communitiesMessages as m } from '../messages'
import { communitiesPaths } from '../paths'
import type { CommunityPrivacy } from '../types'

/** Longest name and description of a community, in characters. */
export const COMMUNITY_NAME_MAX = 50
export const COMMUNITY_DESCRIPTION_MAX = 500

/** The two kinds of community, in the order the form offers them. */
const privacyChoices: { value: CommunityPrivacy; label: string; explanation: string }[] = [
  { value: 'open', label: m.openOption, explanation: m.openExplanation },
  { value: 'closed', label: m.closedOption, explanation: m.closedExplanation },
]

/** /communities/create: the form creating a community. */
export function CreateCommunityScreen() {
  const navigate = useNavigate()
  const create = useCreateCommunity()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [privacy, setPrivacy] = useState<CommunityPrivacy>('open')
  const [nameError, setNameError] = useState<string | null>(null)
  const ids = {
    name: useId(),
    nameCounter: useId(),
    nameError: useId(),
    description: useId(),
    descriptionCounter: useId(),
    open: useId(),
    closed: useId(),
  }

  const busy = create.isPending
  const trimmedName = name.trim()
  const canSubmit = trimmedName !== '' && !busy

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (busy) return
    if (trimmedName === '') {
      setNameError(m.nameRequired)
      return
    }
    const trimmedDescription = description.trim()
    create.mutate(
      {
        name: trimmedName,
        privacy,
        ...(trimmedDescription ? { description: trimmedDescription } : {}),
      },
      {
        onSuccess: (community) => {
          toast.success(m.created)
          void navigate(communitiesPaths.community(community.id))
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.problem?.code : undefined
          if (code === 'community_name_taken' || (error instanceof ApiError && error.status === 409)) {
            toast.error(m.nameTaken)
          } else if (code === 'community_name_required') {
            setNameError(m.nameRequired)
          } else {
            toast.error(m.createFailed)
          }
        },
      },
    )
  }

  return (
    <Page title={m.createTitle}>
      <Card className="p-6">
        <form className="grid gap-6" onSubmit={onSubmit} noValidate>
          <LabeledField htmlFor={ids.name} label={m.nameLabel}>
            <Input
              id={ids.name}
              value={name}
              maxLength={COMMUNITY_NAME_MAX}
              placeholder={m.namePlaceholder}
              required
              autoComplete="off"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${ids.nameCounter} ${ids.nameError}` : ids.nameCounter}
              onChange={(event) => {
                setName(event.target.value)
                setNameError(null)
              }}
            />
            <FieldFooter errorId={ids.nameError} error={nameError}>
              <Counter id={ids.nameCounter} used={name.length} max={COMMUNITY_NAME_MAX} />
            </FieldFooter>
          </LabeledField>

          <LabeledField htmlFor={ids.description} label={m.descriptionLabel}>
            <Textarea
              id={ids.description}
              rows={4}
              className="field-sizing-fixed"
              value={description}
              maxLength={COMMUNITY_DESCRIPTION_MAX}
              placeholder={m.descriptionPlaceholder}
              aria-describedby={ids.descriptionCounter}
              onChange={(event) => {
                setDescription(event.target.value)
              }}
            />
            <Counter id={ids.descriptionCounter} used={description.length} max={COMMUNITY_DESCRIPTION_MAX} />
          </LabeledField>

          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">{m.privacyLegend}</legend>
            {privacyChoices.map((choice) => (
              <PrivacyOption
                key={choice.value}
                id={choice.value === 'open' ? ids.open : ids.closed}
                value={choice.value}
                checked={privacy === choice.value}
                label={choice.label}
                explanation={choice.explanation}
                onSelect={setPrivacy}
              />
            ))}
          </fieldset>

          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                void navigate(communitiesPaths.communities)
              }}
            >
              {m.cancel}
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {busy ? m.submitting : m.submit}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  )
}

function Counter({ id, used, max }: { id: string; used: number; max: number }) {
  return (
    <span
      id={id}
      data-testid={`counter-${String(max)}`}
      aria-label={m.counterLabel(used, max)}
      className="ml-auto text-xs tabular-nums text-muted-foreground"
    >
      {m.counter(used, max)}
    </span>
  )
}

interface PrivacyOptionProps {
  id: string
  value: CommunityPrivacy
  checked: boolean
  label: string
  explanation: string
  onSelect: (value: CommunityPrivacy) => void
}

function PrivacyOption({ id, value, checked, label, explanation, onSelect }: PrivacyOptionProps) {
  return (
    <div
      className={cn('flex items-start gap-3 rounded-md border p-3', checked && 'border-primary bg-accent/40')}
    >
      <input
        id={id}
        type="radio"
        name="privacy"
        value={value}
        checked={checked}
        aria-describedby={`${id}-explanation`}
        className="mt-0.5 size-4 accent-primary"
        onChange={() => {
          onSelect(value)
        }}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-explanation`} className="text-sm text-muted-foreground">
          {explanation}
        </p>
      </div>
    </div>
  )
}
