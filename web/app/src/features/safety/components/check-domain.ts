import { DOMAIN_MAX_LENGTH, safetyMessages as m } from '../messages'

/**
 * The domain as the server keeps it, or an error message: a pasted
 * address or @ is taken off, as the server does; the server checks again.
 */
export function checkDomain(input: string): { domain: string } | { error: string } {
  const domain = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '')
    .replace(/^@/, '')
  if (domain === '') return { error: m.domainEmpty }
  if (domain.length > DOMAIN_MAX_LENGTH) return { error: m.domainTooLong }
  const [host, port, ...rest] = domain.split(':')
  if (rest.length > 0 || (port !== undefined && !/^[0-9]{1,5}$/.test(port))) return { error: m.domainInvalid }
  const labels = (host ?? '').split('.')
  const valid = labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l))
  return valid ? { domain } : { error: m.domainInvalid }
}
