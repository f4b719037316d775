import { PageHeader } from '@/components/page-header';

export function AnsPage() {
  return <PageHeader title="Dados ANS" />;
}
