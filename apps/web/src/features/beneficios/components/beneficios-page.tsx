import { PageHeader } from '@/components/page-header';

export function BeneficiosPage() {
  return <PageHeader title="Clube de benefícios" />;
}
