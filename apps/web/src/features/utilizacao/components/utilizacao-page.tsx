import { PageHeader } from '@/components/page-header';

export function UtilizacaoPage() {
  return <PageHeader title="Tabela de utilização" />;
}
