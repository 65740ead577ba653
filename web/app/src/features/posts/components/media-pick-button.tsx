import { ImageIcon, Video } from 'lucide-react'
import { useRef, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'

import { mediaAccept, type MediaKind } from '../media'

interface MediaPickButtonProps {
  kind: MediaKind
  /** The button's accessible name. */
  label: string
  /** Visible text; without it the button shows only its icon. */
  children?: ReactNode
  disabled?: boolean
  onPick: (file: File | undefined) => void
}

/** A button opening the file picker for one kind of media (the input itself stays hidden). */
export function MediaPickButton({ kind, label, children, disabled, onPick }: MediaPickButtonProps) {
  const input = useRef<HTMLInputElement>(null)
  const Icon = kind === 'video' ? Video : ImageIcon
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={mediaAccept[kind]}
        data-testid={`${kind}-input`}
        onChange={(event) => {
          onPick(event.target.files?.[0])
          // The same file can be picked again after a remove.
          event.target.value = ''
        }}
      />
      <Button
        type="button"
        variant={children ? 'outline' : 'ghost'}
        size={children ? 'default' : 'icon'}
        aria-label={children ? undefined : label}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Icon aria-hidden="true" />
        {children}
      </Button>
    </>
  )
}
