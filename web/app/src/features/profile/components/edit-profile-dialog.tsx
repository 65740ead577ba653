import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react'
import { toast } from '@/lib/toast'

import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useSession } from '@/features/session'
import { characterCount } from '@/lib/clean-text'

import { useUpdateProfile } from '../api/update-profile'
import { useUploadProfileImage } from '../api/upload-profile-image'
import { describeProfileFailure } from '../failures'
import { profileMessages as m } from '../messages'
import { initialOf } from '../initial'
import type { Profile, ProfileChanges, ProfileImageKind } from '../types'
import { BIO_MAX, imageFileError, validateProfile, type ProfileFormErrors, type ProfileFormValues } from '../validation'

import { ImageCropDialog } from './image-crop-dialog'

/** 'Edit Profile' and its dialog; the form starts afresh on every opening. */
export function EditProfileDialog({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">{m.editProfile}</Button>
      </DialogTrigger>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{m.editProfile}</DialogTitle>
        </DialogHeader>
        <EditProfileForm
          profile={profile}
          onDone={() => {
            setOpen(false)
          }}
        />
      </DialogContent>
    </Dialog>
  )
}

interface PickedImage {
  file: File
  /** Object URL of the cropped file, for the preview. */
  preview: string
}

type PickedImages = Partial<Record<ProfileImageKind, PickedImage>>

function initialValues(profile: Profile): ProfileFormValues {
  return {
    displayName: profile.display_name,
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    website: profile.website_url ?? '',
  }
}

/** Only what the member changed goes out: fewer writes, and '' clears a field. */
function changesFrom(profile: Profile, values: ProfileFormValues): ProfileChanges {
  const before = initialValues(profile)
  const changes: ProfileChanges = {}
  if (values.displayName !== before.displayName) changes.display_name = values.displayName
  if (values.bio !== before.bio) changes.bio = values.bio
  if (values.location !== before.location) changes.location = values.location
  if (values.website.trim() !== before.website) changes.website_url = values.website.trim()
  return changes
}

/**
 * Object URLs for previews: each is released when it is replaced or dropped,
 * and whatever is left when the dialog closes.
 */
function useObjectUrls() {
  const live = useRef(new Set<string>())
  useEffect(() => {
    const urls = live.current
    return () => {
      for (const url of urls) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])
  return {
    create: (blob: Blob) => {
      const url = URL.createObjectURL(blob)
      live.current.add(url)
      return url
    },
    release: (url: string | undefined) => {
      if (!url || !live.current.delete(url)) return
      URL.revokeObjectURL(url)
    },
  }
}

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { updateUser } = useSession()
  const update = useUpdateProfile()
  const upload = useUploadProfileImage()
  const [values, setValues] = useState(() => initialValues(profile))
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [picked, setPicked] = useState<PickedImages>({})
  const [cropping, setCropping] = useState<{ kind: ProfileImageKind; src: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const bioCounterId = useId()

  const objectUrls = useObjectUrls()

  const set = (name: keyof ProfileFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [name]: event.target.value }))
  }

  const pick = (kind: ProfileImageKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Picking the same file again must fire change again.
    event.target.value = ''
    if (!file) return
    const problem = imageFileError(file)
    if (problem) {
      toast.error(m.errorTitle, { description: problem })
      return
    }
    setCropping({ kind, src: objectUrls.create(file) })
  }

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    const found = validateProfile(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    let latest: Profile | undefined
    try {
      // Images first: each call counts against the 3-per-minute limit, so a
      // failure stops before the next one is spent.
      for (const kind of ['avatar', 'banner'] as const) {
        const image = picked[kind]
        if (!image) continue
        latest = await upload.mutateAsync({ kind, file: image.file })
        // Sent: a retry after a later failure must not send it again.
        setPicked((current) => ({ ...current, [kind]: undefined }))
      }
      const changes = changesFrom(latest ?? profile, values)
      if (Object.keys(changes).length > 0) latest = await update.mutateAsync(changes)
      if (latest) {
        updateUser({ displayName: latest.display_name, avatarUrl: latest.avatar_url, avatarVariants: latest.avatar_variants ?? [] })
        toast.success(m.saved)
      }
      onDone()
    } catch (error) {
      if (latest) updateUser({ displayName: latest.display_name, avatarUrl: latest.avatar_url, avatarVariants: latest.avatar_variants ?? [] })
      const failure = describeProfileFailure(error)
      setErrors(failure.fieldErrors)
      if (failure.toast) toast.error(failure.toast.title, { description: failure.toast.description })
    } finally {
      setSaving(false)
    }
  }

  const avatarSrc = picked.avatar?.preview ?? profile.avatar_url
  const bannerSrc = picked.banner?.preview ?? profile.banner_url

  const endCrop = () => {
    objectUrls.release(cropping?.src)
    setCropping(null)
  }

  return (
    <>
      <form className="grid gap-4" noValidate onSubmit={(event) => void save(event)}>
        <div className="grid gap-2">
          <div className="relative h-24 overflow-hidden rounded-md bg-gradient-to-r from-primary/60 to-accent">
            {bannerSrc ? <img src={bannerSrc} alt="" className="size-full object-cover" /> : null}
          </div>
          <ImagePickButton label={bannerSrc ? m.changeBanner : m.addBanner} onPick={pick('banner')} />
        </div>
        <div className="flex items-center gap-4">
          <Avatar className="size-16">
            {avatarSrc ? <AvatarImage src={avatarSrc} alt="" /> : null}
            <AvatarFallback className="text-xl">{initialOf(profile)}</AvatarFallback>
          </Avatar>
          <ImagePickButton label={m.changeAvatar} onPick={pick('avatar')} />
        </div>

        <FormField
          label={m.displayName}
          name="displayName"
          autoComplete="name"
          value={values.displayName}
          onChange={set('displayName')}
          error={errors.displayName}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${bioCounterId}-bio`}>{m.bio}</Label>
          <Textarea
            id={`${bioCounterId}-bio`}
            name="bio"
            rows={3}
            maxLength={BIO_MAX}
            value={values.bio}
            onChange={set('bio')}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? `${bioCounterId} ${bioCounterId}-error` : bioCounterId}
          />
          <p id={bioCounterId} className="justify-self-end text-xs text-muted-foreground tabular-nums">
            {m.bioCounter(characterCount(values.bio))}
          </p>
          {errors.bio ? (
            <p id={`${bioCounterId}-error`} className="text-sm text-destructive">
              {errors.bio}
            </p>
          ) : null}
        </div>
        <FormField
          label={m.location}
          name="location"
          value={values.location}
          onChange={set('location')}
          error={errors.location}
        />
        <FormField
          label={m.website}
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={values.website}
          onChange={set('website')}
          error={errors.website}
        />

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {m.save}
          </Button>
        </DialogFooter>
      </form>
      <ImageCropDialog
        kind={cropping?.kind ?? 'avatar'}
        src={cropping?.src ?? null}
        onCancel={endCrop}
        onConfirm={(file) => {
          if (!cropping) return
          const { kind } = cropping
          objectUrls.release(picked[kind]?.preview)
          setPicked((current) => ({ ...current, [kind]: { file, preview: objectUrls.create(file) } }))
          endCrop()
        }}
      />
    </>
  )
}

/**
 * A button that opens the file picker. The hidden input is named by the
 * button, so assistive tech and tests find it by the same text.
 */
function ImagePickButton({ label, onPick }: { label: string; onPick: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  return (
    <>
      <Button
        id={id}
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-labelledby={id}
        tabIndex={-1}
        className="sr-only"
        onChange={onPick}
      />
    </>
  )
}
