import { useState, type SyntheticEvent } from 'react'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { problemDetailOr } from '@/lib/api'

import { useCreateStory } from '../api/stories'
import { MAX_STORY_TEXT, storiesMessages as m } from '../messages'

/** Writes a text story; the server checks the text again and says what is wrong. */
export function CreateStoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useCreateStory()
  // Code points, as the server counts them.
  const length = Array.from(text.trim()).length

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    setError(null)
    create.mutate(text, {
      onSuccess: () => {
        toast.success(m.published)
        setText('')
        onOpenChange(false)
      },
      onError: (err) => {
        setError(problemDetailOr(err, m.publishError))
      },
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.close}>
        <form className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{m.createTitle}</DialogTitle>
            <DialogDescription>{m.createDescription}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="story-text">{m.textLabel}</Label>
            <Textarea
              id="story-text"
              value={text}
              rows={5}
              placeholder={m.placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby="story-text-count"
              onChange={(event) => {
                setText(event.target.value)
              }}
            />
            <div className="flex justify-between gap-2 text-xs">
              <span role="alert" className="text-destructive">
                {error}
              </span>
              <span id="story-text-count" className={length > MAX_STORY_TEXT ? 'text-destructive' : 'text-muted-foreground'}>
                {m.counter(length, MAX_STORY_TEXT)}
              </span>
            </div>
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                onOpenChange(false)
              }}
            >
              {m.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? m.publishing : m.publish}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
