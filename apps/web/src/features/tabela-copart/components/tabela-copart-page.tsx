import { PageHeader } from '@/components/page-header';

export function TabelaCopartPage() {
  return <PageHeader title="Tabela de Coparticipação" />;
}
