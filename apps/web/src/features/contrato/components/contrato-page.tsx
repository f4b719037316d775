import { FileText, UserRound, type LucideIcon } from 'lucide-react';
import { CartaoDeDados, LinhaDeDados } from '@/components/cartao-de-dados';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
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
  // docs/produto/informacoes.md "Data": the first card of the answer. Without it (failure), only what the login knows is
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

function CartaoDeCampos({ titulo, icone, campos }: { titulo: string; icone: LucideIcon; campos: Campo[] }) {
  return (
    <CartaoDeDados titulo={titulo} icone={icone}>
      {campos.map(({ rotulo, valor, informado }) => (
        <LinhaDeDados
          key={rotulo}
          rotulo={rotulo}
          className={informado ? 'font-semibold text-slate-900 tabular-nums' : 'italic text-slate-700'}
        >
          {valor}
        </LinhaDeDados>
      ))}
    </CartaoDeDados>
  );
}
