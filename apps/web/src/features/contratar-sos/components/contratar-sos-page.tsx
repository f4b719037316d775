import { PageHeader } from '@/components/page-header';

export function ContratarSosPage() {
  return <PageHeader title="Contratar SOS" />;
}
