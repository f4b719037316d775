import { operadora } from '@/lib/operadora';

/** React 19 hoists <title> into <head>; every page renders one. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} — ${operadora().nome}`}</title>;
}
