import { characterCount, cleanText } from '@/lib/clean-text'

import { profileMessages as m } from './messages'

/** The edit-profile form's values, as typed. */
export interface ProfileFormValues {
  displayName: string
  bio: string
  location: string
  website: string
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>

export const BIO_MAX = 500
export const LOCATION_MAX = 100
const DISPLAY_NAME_MAX = 50

/** Host prefixes refused (loopback and private ranges). */
const privateHostPrefixes = ['127.', '0.', '10.', '172.', '192.168.']

/**
 * A website is http or https with the protocol written out (so
 * javascript:, data:, vbscript:, file: and ftp: are out); no underscore in the
 * host; not localhost nor a loopback or private address.
 */
export function websiteError(website: string): string | undefined {
  const value = website.trim()
  if (value === '') return undefined
  if (!/^https?:\/\//i.test(value)) return m.websiteInvalid
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return m.websiteInvalid
  }
  const host = url.hostname.toLowerCase()
  if (host === '' || host.includes('_')) return m.websiteInvalid
  if (host === 'localhost') return m.websiteInvalid
  if (privateHostPrefixes.some((prefix) => host.startsWith(prefix))) return m.websiteInvalid
  return undefined
}

/** Whether a stored website may become a link: http or https only. */
export function isLinkableWebsite(website: string): boolean {
  try {
    const { protocol } = new URL(website)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** The server's rules, checked before sending as a courtesy (same messages). */
export function validateProfile(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {}
  const displayName = cleanText(values.displayName)
  if (displayName === '') errors.displayName = m.displayNameEmpty
  else if (characterCount(displayName) > DISPLAY_NAME_MAX) errors.displayName = m.displayNameTooLong
  if (characterCount(cleanText(values.bio)) > BIO_MAX) errors.bio = m.bioTooLong
  if (characterCount(cleanText(values.location)) > LOCATION_MAX) errors.location = m.locationTooLong
  const website = websiteError(values.website)
  if (website) errors.website = website
  return errors
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
const imageTypes = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']

/** Avatar and banner files, checked before cropping (the server decides from the bytes). */
export function imageFileError(file: File): string | undefined {
  if (!imageTypes.includes(file.type)) return m.fileType
  if (file.size > IMAGE_MAX_BYTES) return m.fileTooLarge
  if (file.name.includes('..') || file.name.includes('/') || file.name.includes('\\')) return m.fileName
  return undefined
}
