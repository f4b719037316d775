import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { BeneficiarioSelect, beneficiarioInicial } from '@/components/membro/beneficiario-select';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
import { useBeneficiarios } from '../api/beneficiarios';
import { autorizacoesKeys } from '../api/keys';
import { useListarAutorizacoes } from '../api/listar-autorizacoes';
import { AutorizacaoCard } from './autorizacao-card';

export function AutorizacoesPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Autorizações" />
      {perfil ? <Autorizacoes /> : <PerfilInvalido />}
    </div>
  );
}

function Autorizacoes() {
  const usuario = useUsuario();
  const queryClient = useQueryClient();
  const beneficiarios = useBeneficiarios();
  const [escolhido, setEscolhido] = useState<string | null>(null);
  const lista = beneficiarios.data ?? [];
  const codigo = escolhido ?? beneficiarioInicial(lista, usuario.codigoBeneficiario);
  const autorizacoes = useListarAutorizacoes(codigo);

  if (beneficiarios.isPending) return <Carregando />;
  if (beneficiarios.isError) return <FalhaAoCarregar onTentarNovamente={() => void beneficiarios.refetch()} />;

  const atualizar = () => void queryClient.invalidateQueries({ queryKey: autorizacoesKeys.all });
  const itens = autorizacoes.data ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-3">
        <BeneficiarioSelect beneficiarios={lista} value={codigo} onChange={setEscolhido} />
        <Button
          variant="outline"
          onClick={atualizar}
          disabled={autorizacoes.isFetching}
          aria-busy={autorizacoes.isFetching || undefined}
        >
          <RefreshCw aria-hidden="true" className={autorizacoes.isFetching ? 'animate-spin' : undefined} />
          Atualizar
        </Button>
      </div>
      <section aria-labelledby="lista-autorizacoes" aria-busy={autorizacoes.isFetching || undefined}>
        <h2 id="lista-autorizacoes" className="mb-3 text-xl font-bold text-slate-900">
          Autorizações ({itens.length})
        </h2>
        {autorizacoes.isPending && codigo ? (
          <Carregando label="Carregando autorizações..." />
        ) : autorizacoes.isError ? (
          <FalhaAoCarregar onTentarNovamente={() => void autorizacoes.refetch()} />
        ) : itens.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            Nenhuma autorização encontrada
          </p>
        ) : (
          <ul className="space-y-3">
            {itens.map((a) => (
              <AutorizacaoCard key={a.numeroTransacao} autorizacao={a} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
