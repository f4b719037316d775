import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { type Formato, useExportarMeusDados } from '../api/exportar';

export function SecaoBaixar() {
  const exportar = useExportarMeusDados();
  const baixar = (formato: Formato) =>
    exportar.mutate(formato, {
      onSuccess: () => toast.success('Download iniciado', { description: 'Seus dados foram baixados.' }),
    });
  const gerando = exportar.isPending ? exportar.variables : null;
  return (
    <Card aria-labelledby="baixar-titulo" className="space-y-4">
      <h2 id="baixar-titulo" className="text-xl font-bold text-slate-900">
        Baixar meus dados
      </h2>
      <p className="text-slate-700">
        Um arquivo com tudo o que o portal guarda sobre você: dados pessoais, planos, protocolos, autorizações dadas,
        acessos e mensagens enviadas. Senhas e códigos de verificação nunca fazem parte do arquivo.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => baixar('pdf')} disabled={exportar.isPending} aria-busy={gerando === 'pdf' || undefined}>
          <FileDown aria-hidden="true" />
          {gerando === 'pdf' ? 'Gerando...' : 'Baixar em PDF'}
        </Button>
        <Button
          variant="outline"
          onClick={() => baixar('json')}
          disabled={exportar.isPending}
          aria-busy={gerando === 'json' || undefined}
        >
          <FileDown aria-hidden="true" />
          {gerando === 'json' ? 'Gerando...' : 'Baixar em JSON'}
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        O PDF é para ler e imprimir. O JSON é para abrir em outro programa ou levar seus dados a outra empresa.
      </p>
    </Card>
  );
}
