/** Date and time as Brazilians read them: 22/11/2026, 14:05:09. */
export const dateTimeOptions: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** A text that may hold a word longer than its column (a 280-character link) wraps anywhere instead of widening the page. */
export const unbrokenText = { display: 'block', maxWidth: '32rem', overflowWrap: 'anywhere' } as const;

/** A long text in a list cell: at least 12rem wide on a phone, cut after four lines (the show view has all of it). */
export const listText = {
  ...unbrokenText,
  minWidth: '12rem',
  display: '-webkit-box',
  WebkitLineClamp: 4,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;
