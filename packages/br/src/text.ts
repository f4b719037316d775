/**
 * Lower case without accents or repeated spaces: how free text is compared ('CORAÇÃO' and
 * 'coracao' are the same search). The database keeps this form of searchable columns.
 */
export function normalizeSearch(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
