import { PageHeader } from '@/components/page-header';

export function OrtopedicoPage() {
  return <PageHeader title="Contratar Plano Ortopédico" />;
}
