import { PageHeader } from '@/components/page-header';

export function AutorizacoesPage() {
  return <PageHeader title="Autorizações" />;
}
