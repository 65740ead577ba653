import { toast } from '@/lib/toast'

import type { ToastText } from './failures'

/** The destructive toast ('Erro' style), with a title and a description. */
export function showErrorToast({ title, description }: ToastText): void {
  toast.error(title, { description })
}
