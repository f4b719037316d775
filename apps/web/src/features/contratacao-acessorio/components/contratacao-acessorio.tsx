import { SERVICOS_ADICIONAIS, type ContratacaoConcluida, type ServicoAdicional } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PassoVerificacao } from '@/components/membro/passo-verificacao';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { StepIndicator } from '@/components/ui/step-indicator';
import { useCodigoPorSms } from '@/lib/codigo-por-sms';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
import { toast } from '@/lib/toast';
import { useAceiteTermoAdesao } from '../api/aceite-termo-adesao';
import { useConfirmarContratacao } from '../api/confirmar-contratacao';
import { useEnviarSms } from '../api/enviar-sms';
import { useOferta } from '../api/oferta';
import { PassoBeneficiarios } from './passo-beneficiarios';
import { PassoSucesso } from './passo-sucesso';
import { SoComPlanoAtivo } from '@/components/membro/plano-cancelado';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';

const PASSOS = ['Beneficiários', 'Verificação', 'Concluído'] as const;

/**
 * The one contracting flow of /contratar-sos and /ortopedico (docs/produto/comercial.md, "Screens": "the two flows are
 * identical"), parametrised by the service. Only the financial responsible may contract (docs/produto/comercial.md, "Who may use it");
 * the server refuses the others too.
 */
export function ContratacaoAcessorio({ servico, titulo }: { servico: ServicoAdicional; titulo: string }) {
  const situacao = useSituacaoDoPlano();
  const usuario = useUsuario();
  const perfil = usePerfilAutenticado();
  useErroDeAutenticacao(usuario.responsavelFinanceiro && !perfil);
  return (
    <div>
      <PageHeader title={titulo} />
      {!usuario.responsavelFinanceiro ? (
        <Alert variant="warning" title="Acesso Restrito" className="max-w-2xl">
          Apenas o responsável financeiro do contrato pode contratar novos serviços.
        </Alert>
      ) : perfil ? (
        <SoComPlanoAtivo situacao={situacao} motivo="A contratação de serviços adicionais é para planos ativos.">
          <Fluxo servico={servico} />
        </SoComPlanoAtivo>
      ) : (
        <PerfilInvalido />
      )}
    </div>
  );
}

/**
 * docs/produto/comercial.md "Messages": without a profile the offer is not asked for, and the member hears why,
 * 'Erro de autenticação', once on arrival; 'Perfil de Usuário Inválido' stays on the page as what to do next.
 * Once: StrictMode runs an effect twice on mount, and the ref survives that second run.
 */
function useErroDeAutenticacao(semPerfil: boolean) {
  const avisado = useRef(false);
  useEffect(() => {
    if (!semPerfil || avisado.current) return;
    avisado.current = true;
    toast.error('Erro de autenticação');
  }, [semPerfil]);
}

type Passo = 0 | 1 | 2;

function Fluxo({ servico }: { servico: ServicoAdicional }) {
  const { nome } = SERVICOS_ADICIONAIS[servico];
  const oferta = useOferta(servico);
  const aceite = useAceiteTermoAdesao(servico);
  const sms = useEnviarSms(servico);
  const confirmar = useConfirmarContratacao(servico);
  const chave = useChaveDeEnvio();
  const codigo = useCodigoPorSms();
  const [passo, setPasso] = useState<Passo>(0);
  const [voltou, setVoltou] = useState(false);
  const [selecionados, setSelecionados] = useState<string[]>([]);
  const [aceito, setAceito] = useState(false);
  const [destino, setDestino] = useState('');
  const [resultado, setResultado] = useState<ContratacaoConcluida | null>(null);

  if (oferta.isPending) return <Carregando label="Carregando beneficiários..." />;
  if (oferta.isError) return <FalhaAoCarregar onTentarNovamente={() => void oferta.refetch()} />;

  // docs/produto/comercial.md "Validation": Contratar needs at least one selected beneficiary and accepted terms.
  const contratar = async () => {
    if (selecionados.length === 0) {
      toast.error('Erro ao prosseguir', { description: 'Selecione pelo menos um beneficiário.' });
      return;
    }
    if (!aceito) {
      toast.error('Erro ao prosseguir', { description: 'Aceite o Termo de Adesão e o Contrato para continuar.' });
      return;
    }
    await pedirCodigo();
  };

  // The code confirms this selection: asked for on 'Contratar' and again from the code step.
  const pedirCodigo = async () => {
    const pedido = await codigo.pedir([...selecionados].sort().join(','), {
      registrar: () => aceite.mutateAsync(selecionados),
      enviar: () => sms.mutateAsync(),
    });
    if (!pedido) return;
    if (pedido.destino) setDestino(pedido.destino);
    setPasso(1);
  };

  const confirmarCodigo = (digitado: string) => {
    const confirmacao = { codigoToken: Number(digitado), codigoMatriculasBeneficiariosAlvo: selecionados };
    confirmar.mutate(
      { confirmacao, chave: chave.para(confirmacao) },
      {
        onSuccess: (dados) => {
          chave.concluir();
          toast.success('Contratação realizada com sucesso!');
          setResultado(dados);
          setPasso(2);
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <div className="max-w-md">
        <StepIndicator steps={PASSOS} current={passo} />
      </div>
      {passo === 0 ? (
        <PassoBeneficiarios
          oferta={oferta.data}
          nomeServico={nome}
          selecionados={selecionados}
          onSelecionados={setSelecionados}
          aceito={aceito}
          onAceito={setAceito}
          enviando={codigo.pedindo}
          onContratar={() => void contratar()}
          focusOnMount={voltou}
        />
      ) : passo === 1 ? (
        <PassoVerificacao
          destino={destino || 'o celular cadastrado'}
          confirmando={confirmar.isPending}
          onVoltar={() => {
            setVoltou(true);
            setPasso(0);
          }}
          onConfirmar={confirmarCodigo}
          reenvio={{ segundos: codigo.segundos, enviando: codigo.pedindo, onReenviar: () => void pedirCodigo() }}
        />
      ) : resultado ? (
        <PassoSucesso resultado={resultado} nomeServico={nome} />
      ) : null}
    </div>
  );
}
