import { useState, type SubmitEvent } from 'react'

import type { SubmitHandler } from '../types'

/** Reads a form into values, calls the handler and tracks the busy state. */
export function useSubmit<T>(read: (data: FormData) => T, onSubmit: SubmitHandler<T> | undefined) {
  const [busy, setBusy] = useState(false)
  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!onSubmit || busy) return
    setBusy(true)
    try {
      await onSubmit(read(new FormData(event.currentTarget)))
    } finally {
      setBusy(false)
    }
  }
  return { busy, handleSubmit }
}

export function field(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}
