import { PageHeader } from '@/components/page-header';

export function MedicinaPreventivaPage() {
  return <PageHeader title="Medicina Preventiva" />;
}
