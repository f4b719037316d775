import { PageHeader } from '@/components/page-header';

export function ContratoPage() {
  return <PageHeader title="Contrato" />;
}
