import { PageHeader } from '@/components/page-header';

export function ContatoPage() {
  return <PageHeader title="Contato" />;
}
