import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/**
 * Copies a protocol's 20 digits (what the search and the Central de Atendimento take) and says so in
 * a toast (a live region). Member protocol screens and the console's case screens (issue 31).
 * `rotulo` names the button where a screen lists several numbers, each with its own button.
 */
export function CopiarNumeroProtocolo({
  numero,
  rotulo = 'Copiar número do protocolo',
  className,
}: {
  numero: string;
  rotulo?: string;
  className?: string;
}) {
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(numero);
      toast.success('Número copiado');
    } catch {
      toast.error('Não foi possível copiar. Selecione o número e copie-o.');
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={cn('min-h-11', className)}
      aria-label={rotulo}
      onClick={() => void copiar()}
    >
      <Copy aria-hidden="true" />
      Copiar
    </Button>
  );
}
