import type { ReactNode } from 'react'

import { Label } from '@/components/ui/label'

interface LabeledFieldProps {
  /** The id of the control the label names. */
  htmlFor: string
  label: string
  children: ReactNode
}

/** A form control under its label. */
export function LabeledField({ htmlFor, label, children }: LabeledFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  )
}

interface FieldFooterProps {
  /** The id the control's aria-describedby names the error by. */
  errorId: string
  error: string | null
  /** What stands on the right, such as a character counter. */
  children: ReactNode
}

/** The line under a control: its error on the left (when there is one) and, on the right, the children. */
export function FieldFooter({ errorId, error, children }: FieldFooterProps) {
  return (
    <div className="flex items-start justify-between gap-2">
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <span />
      )}
      {children}
    </div>
  )
}
