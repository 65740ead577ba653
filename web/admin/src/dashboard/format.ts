const integer = new Intl.NumberFormat('pt-BR');
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** 1234567 -> "1.234.567". */
export function formatCount(value: number): string {
  return integer.format(value);
}

/**
 * Human size with binary steps, as PostgreSQL's pg_size_pretty counts them,
 * written the Brazilian way: 12345678 -> "11,8 MB".
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? integer.format(value) : decimal.format(value)} ${units[unit]}`;
}
