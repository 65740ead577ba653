import type { Station } from './types'

/** Case-insensitive match on name, country or tags. */
export function stationMatches(station: Station, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase('pt-BR')
  if (!needle) return true
  const hay = [station.name, station.country, ...(station.tags ?? [])]
  return hay.some((text) => text.toLocaleLowerCase('pt-BR').includes(needle))
}
