import { PageHeader } from '@/components/page-header';

export function TeleMedicinaPage() {
  return <PageHeader title="Telemedicina" />;
}
