import { PageHeader } from '@/components/page-header';

export function GuiaMedicoPage() {
  return <PageHeader title="Guia Médico" />;
}
