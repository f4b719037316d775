import { PageHeader } from '@/components/page-header';

export function FinanceiroPage() {
  return <PageHeader title="Financeiro" />;
}
