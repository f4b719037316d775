import { FileText, UserRound, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Card, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/session-context';
import { useCarteirinha } from '../api/listar-carteirinhas';
import { type Campo, comDadosDoLogin, dadosPessoais, detalhesDoContrato } from './campos';

export function ContratoPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Contrato" />
      {perfil ? <Contrato /> : <PerfilInvalido />}
    </div>
  );
}

function Contrato() {
  const usuario = useUsuario();
  const carteirinha = useCarteirinha();
  if (carteirinha.isPending) return <Carregando label="Carregando dados do contrato..." />;
  // Spec 3: the first card of the answer. Without it (failure), only what the login knows is
  // shown: a field that could not be loaded is not 'Não informado'.
  const dados = comDadosDoLogin(carteirinha.data ?? null, usuario);
  const visiveis = (campos: Campo[]) => (carteirinha.isError ? campos.filter((c) => c.informado) : campos);
  return (
    <div className="space-y-5">
      {carteirinha.isError ? (
        <FalhaAoCarregar titulo="Erro ao carregar dados" onTentarNovamente={() => void carteirinha.refetch()} />
      ) : null}
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <CartaoDeCampos titulo="Dados Pessoais" icone={UserRound} campos={visiveis(dadosPessoais(dados))} />
        <CartaoDeCampos titulo="Detalhes do Contrato" icone={FileText} campos={visiveis(detalhesDoContrato(dados))} />
      </div>
    </div>
  );
}

function CartaoDeCampos({ titulo, icone: Icone, campos }: { titulo: string; icone: LucideIcon; campos: Campo[] }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icone aria-hidden="true" className="size-6" />
        </span>
        <CardTitle id={id}>{titulo}</CardTitle>
      </div>
      <dl className="mt-4 divide-y divide-slate-200">
        {campos.map(({ rotulo, valor, informado }) => (
          <div key={rotulo} className="grid gap-0.5 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
            <dt className="text-sm font-medium text-slate-700 sm:text-[15px]">{rotulo}</dt>
            <dd
              className={cn(
                'break-words',
                informado ? 'font-semibold text-slate-900 tabular-nums' : 'italic text-slate-700',
              )}
            >
              {valor}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
