import { useState } from 'react'

/**
 * The description of a picked image being written, and the server's refusal
 * of it (shown under the field until the member edits it). `field` is what
 * ImageAltField takes.
 */
export function useImageAlt() {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  return {
    value,
    setValue,
    setError,
    field: {
      value,
      error,
      onChange: (next: string) => {
        setValue(next)
        setError(null)
      },
    },
  }
}
