import { isPerfilFinanceiro } from '@portal/contract/perfis';
import { lazy, Suspense } from 'react';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Carregando } from '@/components/membro/carregando';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
import { DocumentosProvider } from '@/components/documentos';
import { ExtratoPorCompetencia } from './extrato-por-competencia';
import { FaturasEBoletos } from './faturas-e-boletos';

// The second tab renders only when chosen: its code loads then (issue 19, decision 0040).
const ImpostoDeRenda = lazy(() => import('./imposto-de-renda').then((m) => ({ default: m.ImpostoDeRenda })));

export function FinanceiroPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Financeiro" />
      {perfil ? (
        <DocumentosProvider>
          <Financeiro />
        </DocumentosProvider>
      ) : (
        <PerfilInvalido />
      )}
    </div>
  );
}

/** docs/produto/financeiro.md "Screens", "Who may use it": two tabs; the first is the invoices of a financial profile, else the co-participation statements. */
function Financeiro() {
  const usuario = useUsuario();
  const financeiro = isPerfilFinanceiro(usuario.tipoPerfil);
  const primeira = financeiro ? 'Faturas e Boletos' : 'Extrato de Coparticipação';
  return (
    <Tabs defaultValue="faturas">
      <TabsList aria-label="Áreas do financeiro">
        <TabsTrigger value="faturas">{primeira}</TabsTrigger>
        <TabsTrigger value="irpf">Imposto de Renda</TabsTrigger>
      </TabsList>
      <TabsContent value="faturas">
        {financeiro ? <FaturasEBoletos /> : <ExtratoPorCompetencia coparticipativo={usuario.coparticipativo} />}
      </TabsContent>
      <TabsContent value="irpf">
        {financeiro ? (
          <Suspense fallback={<Carregando />}>
            <ImpostoDeRenda />
          </Suspense>
        ) : (
          <section aria-labelledby="titulo-irpf" className="space-y-4">
            <h2 id="titulo-irpf" className="text-xl font-bold text-slate-900">
              Imposto de Renda
            </h2>
            <Alert variant="info">O informe de IRPF é emitido para o responsável financeiro do contrato.</Alert>
          </section>
        )}
      </TabsContent>
    </Tabs>
  );
}
