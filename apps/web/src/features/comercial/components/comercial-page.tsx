import { PageHeader } from '@/components/page-header';

export function ComercialPage() {
  return <PageHeader title="Comercial" />;
}
