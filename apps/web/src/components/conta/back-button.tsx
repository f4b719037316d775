import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** 'Voltar' above a sign-in step (docs/produto/acesso.md, "States": back to the previous step, or out of the wizard). */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} className="-ml-2">
      <ArrowLeft aria-hidden="true" />
      Voltar
    </Button>
  );
}
